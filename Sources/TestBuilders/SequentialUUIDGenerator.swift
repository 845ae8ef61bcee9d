import Foundation
import TestSupportCore

/// Generates UUIDs in a fixed sequence, so test data and expectations are the same on every run.
///
/// The sequence is `00000000-0000-0000-0000-000000000001`, `…0002` and so on.
///
/// Inject it where production code creates identifiers:
///
/// ```swift
/// // Production: BookListViewModel(repository:makeID:now:) takes
/// // `makeID: @Sendable () -> UUID = UUID.init`
/// // Test
/// let ids = SequentialUUIDGenerator()
/// let viewModel = BookListViewModel(
///     repository: BookRepositoryStub(), makeID: ids.next)
/// let book = await viewModel.addBook(title: "Dune", author: "Frank Herbert")
/// #expect(book?.id == UUID.sequential(1))
/// ```
///
/// Each instance counts on its own, so parallel tests never share a sequence.
public final class SequentialUUIDGenerator: Sendable {
    private let counter: Locked<UInt64>
    private let step: UInt64

    /// Creates a generator whose first UUID is the sequential UUID of a given number.
    ///
    /// That is, `UUID.sequential(first)`.
    ///
    /// - Parameters:
    ///   - first: The number of the first UUID; 1 by default.
    ///   - step: The difference between the numbers of consecutive UUIDs; 1 by default.
    public init(startingAt first: UInt64 = 1, step: UInt64 = 1) {
        counter = Locked(first)
        self.step = step
    }

    /// The next UUID in the sequence.
    ///
    /// - Returns: `UUID.sequential(n)` for the next `n`.
    public func next() -> UUID {
        let number = counter.withLock { value -> UInt64 in
            defer { value &+= step }
            return value
        }
        return UUID.sequential(number)
    }
}

extension UUID {
    /// The UUID whose last 64 bits are a given number, as the sequential generator produces them.
    ///
    /// `UUID.sequential(1)` is `00000000-0000-0000-0000-000000000001`: the values
    /// ``SequentialUUIDGenerator`` produces.
    ///
    /// - Parameter number: The number to encode.
    /// - Returns: The UUID.
    public static func sequential(_ number: UInt64) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[15 - index] = UInt8(truncatingIfNeeded: number >> (8 * UInt64(index)))
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
