import Fixtures
import Foundation
import HTTPStubbing
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPStubRegistry {
    /// Replays a HAR cassette from the test bundle's fixtures and records the exchanges it lacks,
    /// as the record mode says.
    ///
    /// The cassette is `name` among the fixtures; what it lacks is recorded into
    /// `recordingDirectory`, and `TESTSUPPORTKIT_RECORD_MODE` overrides `mode`.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let sourceFixtures = URL(fileURLWithPath: #filePath)
    ///     .deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// stubs.useCassette(
    ///     named: "Cassettes/catalog.har", from: .bookshelfAPI,
    ///     recordingInto: sourceFixtures, mode: .none)
    /// ```
    ///
    /// A cassette that is missing when the mode only replays is reported at your line with the
    /// fixture loader's "did you mean" suggestions. A cassette recorded into the source tree is
    /// read from there until the test bundle is rebuilt with it.
    ///
    /// - Parameters:
    ///   - name: The cassette's fixture name, such as `"Cassettes/catalog.har"`.
    ///   - fixtures: The loader bound to the test bundle's fixtures.
    ///   - recordingDirectory: The fixtures directory in the source tree, where recordings are
    ///     written under `name`; `nil` never records.
    ///   - mode: When to record; see [`HTTPRecordMode`](https://swiftpackageindex.com/testsupportkit/TestSupportKit/documentation/httpstubbing/httprecordmode).
    ///   - options: How requests match recordings, what is redacted, which requests pass
    ///     through, and the real session, as for the `useCassette(at:)` form.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line; a missing or unreadable cassette is reported here.
    ///   - column: The caller's column.
    public func useCassette(
        named name: String,
        from fixtures: FixtureLoader,
        recordingInto recordingDirectory: URL? = nil,
        mode: HTTPRecordMode = .once,
        options: HTTPCassette.Options = HTTPCassette.Options(),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let fileName = (name as NSString).pathExtension.isEmpty ? name + ".har" : name
        let recordingFile = recordingDirectory?.appendingPathComponent(fileName)
        var source: URL?
        var location = "\(fileName) in \(fixtures.searchLocation)"
        if let recordingFile, FileManager.default.fileExists(atPath: recordingFile.path) {
            source = recordingFile
            location = recordingFile.path
        } else {
            do {
                source = try fixtures.url(named: name)
            } catch {
                let resolved = (try? HTTPRecordMode.resolved(mode).get()) ?? .none
                if resolved == .none || recordingFile == nil {
                    // Reports the loader's message, with its "did you mean", at the caller's line.
                    _ = fixtures.reporting.data(named: name, fileID: fileID, filePath: filePath, line: line, column: column)
                    return
                }
            }
        }
        useCassette(
            reading: source, location: location, recordingTo: recordingFile, mode: mode,
            options: options,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}
