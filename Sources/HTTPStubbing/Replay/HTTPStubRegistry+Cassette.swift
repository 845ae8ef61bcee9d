import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPStubRegistry {
    /// Replays a HAR cassette file and records there the real traffic it lacks, as the record mode
    /// says.
    ///
    /// The cassette is the HAR file at `file`; the `TESTSUPPORTKIT_RECORD_MODE` environment
    /// variable overrides `mode`.
    ///
    /// ```swift
    /// let cassettesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cassettes")
    /// let baseURL = try #require(URL(string: "https://api.example.com"))
    /// let stubs = HTTPStubRegistry()
    /// stubs.useCassette(at: cassettesDirectory.appendingPathComponent("catalog.har"), mode: .once)
    /// let page = try await CatalogAPIClient(baseURL: baseURL, session: stubs.session).books(page: 1, token: AuthToken(value: "abc"))
    /// ```
    ///
    /// Replay answers a request with the first unused recorded response whose method and URL
    /// (and the parts `matching` adds) equal the request's. Recording sends a request no recorded
    /// interaction matches through `session` to the real server, redacts it, rewrites the
    /// cassette and prints where it wrote. To load cassettes from a test bundle with "did you
    /// mean" errors, use the `FixtureLoader` form in TestSupportKit.
    ///
    /// - Parameters:
    ///   - file: The cassette file, usually in the test target's source tree.
    ///   - mode: When to record; see ``HTTPRecordMode``.
    ///   - matching: Which parts of a request must equal a recorded one.
    ///   - redaction: What is removed before anything is written.
    ///   - session: The real session that records; a new ephemeral one when `nil`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line; a missing or unreadable cassette is reported here.
    ///   - column: The caller's column.
    public func useCassette(
        at file: URL,
        mode: HTTPRecordMode = .once,
        matching: HTTPReplayMatching = .methodAndURL,
        redacting redaction: HTTPRedaction = .default,
        recordingThrough session: URLSession? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let existing = FileManager.default.fileExists(atPath: file.path) ? (try? Data(contentsOf: file)) : nil
        useCassette(
            data: existing, location: file.path, recordingTo: file, mode: mode, matching: matching, redaction: redaction, session: session,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// The shared work of every `useCassette` form: `data` is the cassette's bytes, `nil` when
    /// it does not exist; `location` names it in messages.
    package func useCassette(
        data: Data?, location: String, recordingTo file: URL?, mode requested: HTTPRecordMode, matching: HTTPReplayMatching,
        redaction: HTTPRedaction, session: URLSession?,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let mode: HTTPRecordMode
        switch HTTPRecordMode.resolved(requested) {
        case .success(let resolved): mode = resolved
        case .failure(let error):
            FailureReporter.report(error.message + "; replaying only", at: site)
            mode = .none
        }
        var cassette: HTTPCassette?
        if let data {
            do {
                cassette = try HTTPCassette(harData: data)
            } catch {
                FailureReporter.report("The cassette \(location) cannot be read: \(error.message)", at: site)
                return
            }
        }
        let replayed: [HTTPCassette.Interaction]
        let recordsFrom: [HTTPCassette.Interaction]?
        switch mode {
        case .none:
            guard let cassette else {
                FailureReporter.report(
                    "No cassette at \(location), and record mode \"none\" only replays; record it once with mode .once "
                        + "(or \(HTTPRecordMode.environmentVariable)=once) against the real server",
                    at: site
                )
                return
            }
            replayed = cassette.interactions
            recordsFrom = nil
        case .once:
            replayed = cassette?.interactions ?? []
            recordsFrom = cassette == nil ? [] : nil
        case .newEpisodes:
            replayed = cassette?.interactions ?? []
            recordsFrom = replayed
        case .all:
            replayed = []
            recordsFrom = []
        }
        registerReplay(
            of: replayed, matching: matching, redaction: redaction, fileID: fileID, filePath: filePath, line: line, column: column)
        guard let recordsFrom else { return }
        guard let file else {
            FailureReporter.report(
                "Record mode \"\(mode.rawValue)\" needs a directory to record \(location) into; pass recordingInto:", at: site)
            return
        }
        let recorder = CassetteRecorder(file: file, keeping: recordsFrom, redaction: redaction, site: site)
        let realSession = session ?? URLSession(configuration: .ephemeral)
        let handler = UnmatchedRequestHandler { request, reply in
            RealSessionForwarder.send(request, through: realSession) { answer in
                if answer.succeeded {
                    recorder.record(
                        HTTPCassette.Interaction(
                            method: request.method, url: request.url, requestHeaders: request.headers, requestBody: request.body,
                            statusCode: answer.statusCode, responseHeaders: answer.headers, responseBody: answer.body
                        ))
                }
                reply(answer.response)
            }
        }
        handleUnmatchedRequests(with: handler)
    }

    /// Registers one stub per distinct recorded request, answering with its recorded responses
    /// in order.
    private func registerReplay(
        of interactions: [HTTPCassette.Interaction], matching: HTTPReplayMatching, redaction: HTTPRedaction,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
        var order: [String] = []
        var groups: [String: (matcher: HTTPRequestMatcher, responses: [HTTPStubResponse])] = [:]
        for interaction in interactions {
            let matcher = ReplayMatcher.matcher(for: interaction, matching: matching, redaction: redaction)
            let key = "\(matcher)"
            let response = HTTPStubResponse.data(
                interaction.responseBody, status: interaction.statusCode, headers: interaction.responseHeaders)
            if groups[key] == nil {
                order.append(key)
                groups[key] = (matcher, [response])
            } else {
                groups[key]?.responses.append(response)
            }
        }
        // Registered in reverse, so that of two overlapping recordings the earlier answers first.
        for key in order.reversed() {
            guard let group = groups[key] else { continue }
            stub(
                group.matcher, times: group.responses.count, inOrder: group.responses, fileID: fileID, filePath: filePath, line: line,
                column: column)
        }
    }
}
