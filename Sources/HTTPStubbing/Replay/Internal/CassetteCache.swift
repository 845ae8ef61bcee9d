import Foundation

/// Reads a cassette file for the registry's `useCassette`, afresh each time: a cassette is parsed
/// once per registry that uses it.
enum CassetteFile {
    /// What reading a cassette file gave.
    enum Loaded: Sendable {
        /// There is no file at the path, or an empty one.
        case missing
        case cassette(HTTPCassette)
        /// The file cannot be read or parsed; it is left as it is.
        case failed(HTTPCassetteError)
    }

    /// The cassette in `file`.
    static func read(at file: URL) -> Loaded {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .missing
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return .failed(HTTPCassetteError(message: "The file cannot be read: \(error.localizedDescription)"))
        }
        // An empty file (one created to record into) is no cassette yet, as in VCR.
        guard !data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .missing }
        do {
            return .cassette(try HTTPCassette(harData: data))
        } catch {
            return .failed(error)
        }
    }
}
