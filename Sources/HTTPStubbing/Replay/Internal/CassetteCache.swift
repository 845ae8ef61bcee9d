import Foundation
import TestSupportCore

/// Cassettes read from disk, parsed once per file for the life of the process, as the fixture
/// loader keeps fixture bytes: every registry that replays the same file shares one parse.
///
/// A file is known by its path, size, modification date and file number, so a cassette that is
/// recorded again (written anew) is read again. Only the latest version of each path is kept.
/// Parsed cassettes are values, so tests running in parallel share them safely.
package final class CassetteCache: Sendable {
    /// What reading a cassette file gave.
    enum Loaded: Sendable {
        /// There is no file at the path, or an empty one.
        case missing
        case cassette(HTTPCassette)
        /// The file cannot be read or parsed; it is left as it is.
        case failed(HTTPCassetteError)
    }

    private struct Identity: Equatable {
        var size: Int
        var modified: Date?
        var fileNumber: Int?
    }

    private struct Entry {
        var identity: Identity
        var loaded: Loaded
    }

    /// The cache every registry shares.
    package static let shared = CassetteCache()

    private let entries = Locked<[String: Entry]>([:])
    private let parseCounts = Locked<[String: Int]>([:])

    /// How many times the file at `path` has been parsed in this process.
    package func parseCount(ofFileAt path: String) -> Int {
        parseCounts.withLock { $0[path] ?? 0 }
    }

    /// The cassette in `file`, parsed now unless this version of the file was parsed before.
    func cassette(at file: URL) -> Loaded {
        let path = file.path
        guard let identity = Self.identity(ofFileAt: path) else { return .missing }
        if let entry = entries.withLock({ $0[path] }), entry.identity == identity {
            return entry.loaded
        }
        let loaded: Loaded
        do {
            let data = try Data(contentsOf: file)
            parseCounts.withLock { $0[path, default: 0] += 1 }
            do {
                // An empty file (one created to record into) is no cassette yet, as in VCR.
                let blank = data.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
                loaded = blank ? .missing : .cassette(try HTTPCassette(harData: data))
            } catch {
                loaded = .failed(error)
            }
        } catch {
            return .failed(HTTPCassetteError(message: "The file cannot be read: \(error.localizedDescription)"))
        }
        // Kept only when the file did not change while it was read.
        if Self.identity(ofFileAt: path) == identity {
            entries.withLock { $0[path] = Entry(identity: identity, loaded: loaded) }
        }
        return loaded
    }

    private static func identity(ofFileAt path: String) -> Identity? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.type] as? FileAttributeType) != .typeDirectory
        else { return nil }
        return Identity(
            size: (attributes[.size] as? NSNumber)?.intValue ?? -1,
            modified: attributes[.modificationDate] as? Date,
            fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.intValue
        )
    }
}
