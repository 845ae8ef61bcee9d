import Foundation
import TestSupportCore

/// Keeps a recording cassette's interactions and writes the whole cassette, redacted, after
/// each new one, so the file on disk is complete whenever a response reaches the client.
final class CassetteRecorder: Sendable {
    let file: URL
    let redaction: HTTPRedaction
    private let interactions: Locked<[HTTPCassette.Interaction]>
    /// Write failures happen on URLSession threads; they are kept for the test's task.
    private let failures: OffTaskFailureReporter
    private let site: CallSite

    init(file: URL, keeping existing: [HTTPCassette.Interaction], redaction: HTTPRedaction, site: CallSite) {
        self.file = file
        self.redaction = redaction
        self.interactions = Locked(existing.map(redaction.apply(to:)))
        self.failures = OffTaskFailureReporter()
        self.site = site
    }

    /// Redacts `interaction`, adds it and rewrites the cassette.
    func record(_ interaction: HTTPCassette.Interaction) {
        let redacted = redaction.apply(to: interaction)
        interactions.withLock { interactions in
            interactions.append(redacted)
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

    /// Reports write failures kept from URLSession threads.
    func flush() {
        failures.flush()
    }
}
