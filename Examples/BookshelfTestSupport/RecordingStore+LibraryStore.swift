import Bookshelf
import TestSupportKit

// snippet: recording-store-conformance
/// The recording store stands in for the app's `LibraryStore` in tests.
///
/// In an app whose package does not also declare `RecordingStore`, write
/// `extension RecordingStore: @retroactive LibraryStore where …`.
extension RecordingStore: LibraryStore where Action == LibraryAction, State == LibraryState {}
// end-snippet
