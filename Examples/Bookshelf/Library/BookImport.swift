import Foundation

#if canImport(Observation)
import Observation
#endif

/// Imports books by title, one at a time, reporting progress as a stream.
public struct BookImporter: Sendable {
    /// Why an import stops.
    public enum ImportError: Error, Equatable {
        /// A title was empty.
        case emptyTitle(position: Int)
    }

    /// Creates an importer.
    public init() {}

    /// Streams the number of books imported so far after each one, then finishes; fails at the
    /// first empty title.
    ///
    /// - Parameter titles: The titles to import, in order.
    /// - Returns: The progress stream.
    public func importBooks(_ titles: [String]) -> AsyncThrowingStream<Int, any Error> {
        AsyncThrowingStream { continuation in
            for (index, title) in titles.enumerated() {
                guard !title.isEmpty else {
                    continuation.finish(throwing: ImportError.emptyTitle(position: index + 1))
                    return
                }
                continuation.yield(index + 1)
            }
            continuation.finish()
        }
    }
}

/// The notification the import screen posts when an import completes; its user info holds the
/// imported count under `"count"`.
public let bookImportDidFinish = Notification.Name("BookImportDidFinish")

#if canImport(Observation)
/// The import screen's state: what it shows while the user imports books.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class BookImportScreenModel {
    /// The status line the screen shows.
    public private(set) var status = "Ready"

    private let center: NotificationCenter

    /// Creates the model; it announces finished imports on `center`.
    ///
    /// - Parameter center: Where to post ``bookImportDidFinish``.
    public init(center: NotificationCenter) {
        self.center = center
    }

    /// Shows that an import started.
    public func importStarted() {
        status = "Importing…"
    }

    /// Shows the result and announces it.
    ///
    /// - Parameter count: How many books were imported.
    public func importFinished(count: Int) {
        status = count == 1 ? "Imported 1 book" : "Imported \(count) books"
        center.post(name: bookImportDidFinish, object: nil, userInfo: ["count": count])
    }
}
#endif
