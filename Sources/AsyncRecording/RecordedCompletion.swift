/// How a recorded source ended: it finished, or it failed with an error.
///
/// [`completion(timeout:)`](<doc:AsyncRecorder/completion(timeout:fileID:filePath:line:column:)>)
/// returns it without deciding in
/// advance which ending the test expects.
///
/// ```swift
/// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", ""]))
/// if case .failure(let error)? = await recorder.completion() {
///     #expect(error as? BookImporter.ImportError == .emptyTitle(position: 2))
/// }
/// ```
public enum RecordedCompletion: Sendable {
    /// The source finished without an error.
    case finished
    /// The source failed with this error.
    ///
    /// A cancelled recording of a sequence ends with a `CancellationError`.
    case failure(any Error)
}
