import Bookshelf
import TestSupportKit

// snippet: recording-store-conformance
/// The recording store stands in for the app's `LibraryStore` in tests.
///
/// Paste it as it is into an app's test target: `LibraryStore` is declared
/// in the app's own package, so no `@retroactive` (the compiler rejects it
/// there).
extension RecordingStore: LibraryStore
where Action == LibraryAction, State == LibraryState {}
// end-snippet
