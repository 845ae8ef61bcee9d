import Bookshelf
import Foundation
import TestSupportKit

// snippet: book-test-value
/// The canonical book tests start from: fixed id and date, so every run builds the same data.
///
/// In an app whose package does not also declare `TestValue`, write `extension Book: @retroactive TestValue`.
extension Book: TestValue {
    public static var testValue: Book {
        Book(
            id: .sequential(1),
            title: "The Left Hand of Darkness",
            author: "Ursula K. Le Guin",
            status: .wantToRead,
            addedAt: .testReference
        )
    }
}
// end-snippet
