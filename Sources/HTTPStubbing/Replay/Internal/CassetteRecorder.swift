import Foundation
import TestSupportCore

/// Keeps a recording cassette's interactions and writes the whole cassette, redacted, after
/// each new one, so the file on disk is complete whenever a response reaches the client.
final class CassetteRecorder: Sendable {
    /// A recorded interaction kept from the file, and the matcher that recognises its request
    /// when a new recording replaces it.
    private struct Kept: Sendable {
        let interaction: HTTPCassette.Interaction
        let replacedBy: HTTPRequestMatcher?
    }

    private struct State: Sendable {
        var kept: [Kept]
        var recorded: [HTTPCassette.Interaction] = []
    }

    let file: URL
    let redaction: HTTPRedaction
    private let state: Locked<State>
    /// Write failures happen on URLSession threads; they are kept for the test's task.
    private let failures: OffTaskFailureReporter
    private let site: CallSite

    /// - Parameters:
    ///   - existing: The interactions the cassette keeps, as the file has them.
    ///   - matchers: When given, one per existing interaction: a new recording of a request it
    ///     matches replaces that interaction, as VCR's `:all` does.
    init(
        file: URL, keeping existing: [HTTPCassette.Interaction], replacedWhenMatching matchers: [HTTPRequestMatcher]? = nil,
        redaction: HTTPRedaction, site: CallSite
    ) {
        self.file = file
        self.redaction = redaction
        let kept = existing.enumerated().map { index, interaction in
            Kept(interaction: redaction.apply(to: interaction), replacedBy: matchers.map { $0[index] })
        }
        self.state = Locked(State(kept: kept))
        self.failures = OffTaskFailureReporter()
        self.site = site
    }

    /// Redacts the interaction `request` got, adds it, drops the kept interactions it replaces,
    /// and rewrites the cassette.
    func record(_ interaction: HTTPCassette.Interaction, for request: RecordedHTTPRequest) {
        let redacted = redaction.apply(to: interaction)
        state.withLock { state in
            state.kept.removeAll { $0.replacedBy?.matches(request) == true }
            state.recorded.append(redacted)
            let interactions = state.kept.map(\.interaction) + state.recorded
            let data = HTTPCassette(interactions: interactions).harData()
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
                print(
                    "HTTPStubbing recorded \(redacted.method) \(redacted.url.absoluteString) into \(file.path) (\(interactions.count) interaction\(interactions.count == 1 ? "" : "s"))"
                )
            } catch {
                failures.report("Could not write the cassette \(file.path): \(error.localizedDescription)", at: site)
            }
        }
    }
}
