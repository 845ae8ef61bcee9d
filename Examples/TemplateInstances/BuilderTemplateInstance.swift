// Generated from Docs/Templates/Builder.swift.template by .ci/check-templates --write. Do not edit.

// Template: test data for one model without a builder class, for teams that copy rather than
// depend. Xcode's template fills Book and Bookshelf; fill the
// canonical value with fixed ids and dates so every run builds the same data. (TestBuilders
// offers the same idiom as `TestValue` and `Buildable`, with deterministic generators.)

import Foundation
@testable import Bookshelf

extension Book {
    /// The value tests start from: fixed identifiers and dates, so every run builds the same data.
    static var testValue: Book {
        Book(
            id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)),
            title: "The Left Hand of Darkness",
            author: "Ursula K. Le Guin",
            status: .wantToRead,
            addedAt: Date(timeIntervalSince1970: 1_700_000_000)
        )
    }

    /// The test value changed by `configure`, so a test names only what it cares about.
    ///
    /// - Parameter configure: Changes the copy; the default changes nothing.
    /// - Returns: The changed copy.
    static func make(_ configure: (inout Book) -> Void = { _ in }) -> Book {
        var value = testValue
        configure(&value)
        return value
    }

    /// `count` test values, each changed by `configure` with its index (0, 1, 2, …).
    ///
    /// - Parameters:
    ///   - count: How many values to build.
    ///   - configure: Changes each copy, given its index.
    /// - Returns: The values, in index order.
    static func make(count: Int, _ configure: (inout Book, Int) -> Void) -> [Book] {
        (0..<count).map { index in make { configure(&$0, index) } }
    }
}
