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
    /// let cassettesDirectory = URL(fileURLWithPath: #filePath)
    ///     .deletingLastPathComponent().appendingPathComponent("Cassettes")
    /// let baseURL = try #require(URL(string: "https://api.example.com"))
    /// let stubs = HTTPStubRegistry()
    /// stubs.useCassette(
    ///     at: cassettesDirectory.appendingPathComponent("catalog.har"),
    ///     mode: .once)
    /// let client = CatalogAPIClient(baseURL: baseURL, session: stubs.session)
    /// let page = try await client.books(page: 1, token: AuthToken(value: "abc"))
    /// ```
    ///
    /// Replay answers a request with the first unused recorded response whose method and URL
    /// (or the parts the options' `matching` names) equal the request's. Recording sends a request no recorded
    /// interaction matches through `session` to the real server, redacts it, rewrites the
    /// cassette and prints where it wrote. Each registry reads the file when this is called. To
    /// load cassettes from a test bundle with "did you mean" errors, use the `FixtureLoader` form
    /// in TestSupportKit.
    ///
    /// - Parameters:
    ///   - file: The cassette file, usually in the test target's source tree.
    ///   - mode: When to record; see ``HTTPRecordMode``.
    ///   - options: How requests match recordings, what is redacted, which requests pass
    ///     through, and the real session; see ``HTTPCassette/Options``.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line; a missing or unreadable cassette is reported here.
    ///   - column: The caller's column.
    public func useCassette(
        at file: URL,
        mode: HTTPRecordMode = .once,
        options: HTTPCassette.Options = HTTPCassette.Options(),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        useCassette(
            reading: file, location: file.path, recordingTo: file, mode: mode, options: options,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// The shared work of every `useCassette` form: `source` is the cassette file to read, `nil`
    /// when there is none; `location` names it in messages; `file` is where recordings go.
    package func useCassette(
        reading source: URL?, location: String, recordingTo file: URL?, mode requested: HTTPRecordMode, options: HTTPCassette.Options,
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
        let modeText = "record mode \"\(mode.rawValue)\"" + (mode == requested ? "" : " (from \(HTTPRecordMode.environmentVariable))")
        var cassette: HTTPCassette?
        switch source.map(CassetteFile.read(at:)) ?? .missing {
        case .missing: break
        case .cassette(let loaded): cassette = loaded
        case .failed(let error):
            FailureReporter.report(
                "The cassette \(location) cannot be read: \(error.message). Nothing is replayed or recorded, and the file is left as it is",
                at: site)
            return
        }
        // As replay sees them: placeholders put back; those it replays also leave out requests passed through.
        let restored = (cassette?.interactions ?? []).map(options.redaction.restoringPlaceholders(in:))
        let playable = restored.filter {
            !options.passes(
                RecordedHTTPRequest(method: HTTPMethod(rawValue: $0.method), url: $0.url, headers: $0.requestHeaders, body: $0.requestBody))
        }
        guard mode != .none || cassette != nil else {
            FailureReporter.report(
                "No cassette at \(location), and \(modeText) only replays; record it once with mode .once "
                    + "(or \(HTTPRecordMode.environmentVariable)=once) against the real server",
                at: site
            )
            return
        }
        // What is replayed, and the interactions recording starts from (`nil` when nothing is recorded).
        let replayed = mode == .all || mode == .replace ? [] : playable
        let recordsFrom: [HTTPCassette.Interaction]?
        switch mode {
        case .none: recordsFrom = nil
        case .once: recordsFrom = cassette == nil ? [] : nil
        case .newEpisodes, .all: recordsFrom = cassette?.interactions ?? []
        case .replace: recordsFrom = []
        }
        let redactor = CassetteRedactor(options.redaction)
        var replacedWhenMatching: [HTTPRequestMatcher]?
        if mode == .all {
            var locations = ReplayMatcher.Locations()
            replacedWhenMatching = restored.map {
                ReplayMatcher.matcher(for: $0, matching: options.matching, redactor: redactor, locations: &locations)
            }
        }
        registerReplay(of: replayed, options: options, redactor: redactor, fileID: fileID, filePath: filePath, line: line, column: column)
        guard let recordsFrom else {
            installReplayOnlyHandler(
                options: options,
                note: "The cassette \(location) was replayed in \(modeText), which "
                    + (mode == .none ? "never records" : "records only when the cassette does not exist")
                    + "; to record this request, run the test with \(HTTPRecordMode.environmentVariable)=newEpisodes "
                    + "(or pass mode: .newEpisodes), which keeps what the cassette has and adds what it lacks"
                    + (file == nil ? ", and pass recordingInto: the fixtures directory in the source tree" : ""))
            return
        }
        guard let file else {
            FailureReporter.report(
                "Record mode \"\(mode.rawValue)\" needs a directory to record \(location) into; pass recordingInto:", at: site)
            return
        }
        let recorder = CassetteRecorder(
            file: file, keeping: recordsFrom, replacedWhenMatching: replacedWhenMatching, redaction: options.redaction,
            failures: failures, site: site)
        let realSession = options.recordingSession ?? URLSession(configuration: .ephemeral)
        let handler = UnmatchedRequestHandler { request, reply in
            RealSessionForwarder.send(request, through: realSession) { answer in
                if answer.succeeded, !options.passes(request) {
                    recorder.record(
                        HTTPCassette.Interaction(
                            method: request.method, url: request.url, requestHeaders: request.headers, requestBody: request.body,
                            statusCode: answer.statusCode, responseHeaders: answer.headers, responseBody: answer.body
                        ),
                        for: request)
                }
                reply(answer.response)
            }
        }
        handleUnmatchedRequests(with: handler)
    }

    /// When nothing is recorded: requests passed through go to the real server, and
    /// the unhandled-request failure of any other request says how to record it.
    private func installReplayOnlyHandler(options: HTTPCassette.Options, note: String) {
        let session = options.passingThrough == nil ? nil : (options.recordingSession ?? URLSession(configuration: .ephemeral))
        var handler = UnmatchedRequestHandler { request, reply in
            guard let session else { return reply(.error(.resourceUnavailable)) }
            RealSessionForwarder.send(request, through: session) { reply($0.response) }
        }
        handler.accepts = { request in options.passes(request) }
        handler.unhandledNote = note + (options.passingThrough.map { "\nOnly requests matching \($0) pass through." } ?? "")
        let redactor = CassetteRedactor(options.redaction)
        handler.shownAs = { redactor.redacted($0) }
        handleUnmatchedRequests(with: handler)
    }

    /// Registers one stub per recording, answering once, so that every recording must be played to
    /// count as used (VCR's unused interactions); with playback repeats, one stub per distinct
    /// request, answering with its recordings in order and the last one again.
    private func registerReplay(
        of interactions: [HTTPCassette.Interaction], options: HTTPCassette.Options, redactor: CassetteRedactor, fileID: StaticString,
        filePath: StaticString, line: UInt, column: UInt
    ) {
        var groups: [(matcher: HTTPRequestMatcher, responses: [HTTPStubResponse])] = []
        var groupOfKey: [String: Int] = [:]
        var locations = ReplayMatcher.Locations()
        for (index, interaction) in interactions.enumerated() {
            let matcher = ReplayMatcher.matcher(
                for: interaction, matching: options.matching, redactor: redactor, locations: &locations)
            let key = options.allowPlaybackRepeats ? Self.groupKey(matcher, for: interaction, options: options) : "\(index)"
            let response = HTTPStubResponse.data(
                interaction.responseBody, status: interaction.statusCode, headers: interaction.responseHeaders)
            if let group = groupOfKey[key] {
                groups[group].responses.append(response)
            } else {
                groupOfKey[key] = groups.count
                groups.append((matcher, [response]))
            }
        }
        // Registered in reverse, so that of two overlapping recordings the earlier answers first.
        for group in groups.reversed() {
            stub(
                group.matcher, times: options.allowPlaybackRepeats ? nil : group.responses.count, inOrder: group.responses,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// What makes two recordings the same request when playback repeats: what the matcher checks
    /// (its description), and what that leaves out (the whole body, the request a rule of your own
    /// sees).
    private static func groupKey(
        _ matcher: HTTPRequestMatcher, for interaction: HTTPCassette.Interaction, options: HTTPCassette.Options
    ) -> String {
        let matching = options.matching
        var key = "\(matcher)"
        if matching.body != .ignored || !matching.ownRules.isEmpty {
            key += "\u{1E}" + (interaction.requestBody?.base64EncodedString() ?? "")
        }
        if !matching.ownRules.isEmpty {
            key +=
                "\u{1E}\(interaction.method) \(interaction.url.absoluteString)\u{1E}"
                + interaction.requestHeaders.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        }
        return key
    }
}
