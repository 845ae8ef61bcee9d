import Foundation
import TestSupportCore

/// Keeps a recording cassette's interactions, redacted, and writes the whole cassette after each
/// new one, so the file on disk is complete whenever a response reaches the client.
///
/// A value redacted in one interaction is replaced in every other, those already written too.
/// Before each write the new interaction is scanned for credentials no rule removed: when one is
/// found, nothing more is written, the file goes back to what it was before this recording, and
/// the test fails at the `useCassette` line.
final class CassetteRecorder: Sendable {
    /// A recorded interaction kept from the file, and the matcher that recognises its request
    /// when a new recording replaces it.
    private struct Kept: Sendable {
        var interaction: HTTPCassette.Interaction
        let replacedBy: HTTPRequestMatcher?
    }

    private struct State: Sendable {
        var kept: [Kept] = []
        var recorded: [HTTPCassette.Interaction] = []
        /// Every value a rule redacted so far, each replaced wherever the cassette holds it.
        var secrets: Set<String> = []
        /// Whether the scan found a credential: from then on nothing is written.
        var refused = false
        /// Whether this recorder wrote the file.
        var wrote = false
    }

    let file: URL
    private let redactor: CassetteRedactor
    private let scanner: CredentialScanner
    private let state: Locked<State>
    /// The registry's reporter: write failures and refusals happen on URLSession threads.
    private let failures: OffTaskFailureReporter
    private let site: CallSite
    /// The file's bytes before this recording, put back when the scan refuses; `nil` for no file.
    private let original: Data?

    /// - Parameters:
    ///   - existing: The interactions the cassette keeps, as the file has them.
    ///   - matchers: When given, one per existing interaction: a new recording of a request it
    ///     matches replaces that interaction, as VCR's `:all` does.
    init(
        file: URL, keeping existing: [HTTPCassette.Interaction], replacedWhenMatching matchers: [HTTPRequestMatcher]? = nil,
        redaction: HTTPRedaction, failures: OffTaskFailureReporter, site: CallSite
    ) {
        self.file = file
        redactor = CassetteRedactor(redaction)
        scanner = CredentialScanner()
        self.failures = failures
        self.site = site
        original = try? Data(contentsOf: file)
        var state = State()
        for (index, interaction) in existing.enumerated() {
            let named = redactor.redactingNames(in: interaction, secrets: &state.secrets)
            state.kept.append(Kept(interaction: named, replacedBy: matchers.map { $0[index] }))
        }
        let shared = redactor.shared(state.secrets)
        for index in state.kept.indices {
            let kept = redactor.replacing(shared, in: state.kept[index].interaction)
            state.kept[index].interaction = redaction.substitutingPlaceholders(in: kept)
        }
        // An interaction kept from the file is checked as a new one is: the file is written whole.
        let refusal = state.kept.indices.lazy.compactMap { [scanner, redactor] index in
            Self.refusal(of: state.kept[index].interaction, number: index + 1, scanner: scanner, redactor: redactor, file: file)
        }.first
        state.refused = refusal != nil
        self.state = Locked(state)
        if let refusal { failures.report(refusal, at: site) }
    }

    /// Redacts the interaction `request` got, adds it, drops the kept interactions it replaces,
    /// and rewrites the cassette unless the scan finds a credential in it.
    func record(_ interaction: HTTPCassette.Interaction, for request: RecordedHTTPRequest) {
        var found: Set<String> = []
        let named = redactor.redactingNames(in: interaction, secrets: &found)
        state.withLock { state in
            let fresh = redactor.shared(found.subtracting(state.secrets))
            state.secrets.formUnion(found)
            if !fresh.isEmpty {
                for index in state.kept.indices {
                    state.kept[index].interaction = redactor.replacing(fresh, in: state.kept[index].interaction)
                }
                state.recorded = state.recorded.map { redactor.replacing(fresh, in: $0) }
            }
            let redacted = redactor.redaction.substitutingPlaceholders(
                in: redactor.replacing(redactor.shared(state.secrets), in: named))
            state.kept.removeAll { $0.replacedBy?.matches(request) == true }
            state.recorded.append(redacted)
            guard !state.refused else { return }
            if let refusal = Self.refusal(
                of: redacted, number: state.kept.count + state.recorded.count, scanner: scanner, redactor: redactor, file: file)
            {
                failures.report(refusal, at: site)
                state.refused = true
                if state.wrote { restoreOriginal() }
                return
            }
            let interactions = state.kept.map(\.interaction) + state.recorded
            let data = HTTPCassette(interactions: interactions).harData()
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
                state.wrote = true
                print(
                    "HTTPStubbing recorded \(redacted.method) \(redacted.url.absoluteString) into \(file.path) (\(interactions.count) interaction\(interactions.count == 1 ? "" : "s"))"
                )
            } catch {
                failures.report("Could not write the cassette \(file.path): \(error.localizedDescription)", at: site)
            }
        }
    }

    /// The failure message when `interaction`, the cassette's `number`th, holds a credential.
    private static func refusal(
        of interaction: HTTPCassette.Interaction, number: Int, scanner: CredentialScanner, redactor: CassetteRedactor, file: URL
    ) -> String? {
        let findings = scanner.findings(in: interaction, allowedBy: redactor)
        guard !findings.isEmpty else { return nil }
        return CredentialScanner.message(
            findings: findings, interaction: number, of: interaction, file: file, redaction: redactor.redaction)
    }

    /// Puts the file back as it was before this recording.
    private func restoreOriginal() {
        do {
            if let original {
                try original.write(to: file, options: .atomic)
            } else {
                try FileManager.default.removeItem(at: file)
            }
        } catch {
            failures.report("Could not put the cassette \(file.path) back as it was: \(error.localizedDescription)", at: site)
        }
    }
}
