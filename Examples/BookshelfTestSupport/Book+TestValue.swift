import Bookshelf
import Foundation
import TestSupportKit

// snippet: book-test-value
/// The canonical book tests start from: fixed id and date, so every run
/// builds the same data.
///
/// Paste it as it is into an app's test target: `Book` is declared in the
/// app's own package, so no `@retroactive` (the compiler rejects it there).
/// Only a type and a protocol both from other packages take it, as in
/// `extension URL: @retroactive TestValue`.
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
