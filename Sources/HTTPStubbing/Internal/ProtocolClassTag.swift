/// A type that exists only to make `StubURLProtocol<Tag>` a distinct class.
///
/// Each registry gets a fresh tag type built from a process-wide counter: the counter's bits
/// become a chain of `TagZero`/`TagOne` wrappers around `TagRoot`, so registry 6 (binary 110)
/// gets `TagOne<TagOne<TagZero<TagRoot>>>` and the nesting depth grows with log2 of the count.
protocol ProtocolClassTag {}

/// The innermost tag of every chain.
enum TagRoot: ProtocolClassTag {}

/// A 0 bit of the registry's number.
enum TagZero<Inner: ProtocolClassTag>: ProtocolClassTag {}

/// A 1 bit of the registry's number.
enum TagOne<Inner: ProtocolClassTag>: ProtocolClassTag {}

extension TagRoot {
    /// The `URLProtocol` subclass unique to `number`: the same number always gives the same
    /// class, and two numbers never share one.
    static func protocolClass(for number: UInt64) -> StubURLProtocolBase.Type {
        var tag: any ProtocolClassTag.Type = TagRoot.self
        var remaining = number
        repeat {
            tag = wrap(tag, bitIsSet: remaining & 1 == 1)
            remaining >>= 1
        } while remaining > 0
        return stubProtocol(for: tag)
    }

    private static func wrap<Inner: ProtocolClassTag>(_: Inner.Type, bitIsSet: Bool) -> any ProtocolClassTag.Type {
        bitIsSet ? TagOne<Inner>.self : TagZero<Inner>.self
    }

    private static func stubProtocol<Tag: ProtocolClassTag>(for _: Tag.Type) -> StubURLProtocolBase.Type {
        StubURLProtocol<Tag>.self
    }
}
