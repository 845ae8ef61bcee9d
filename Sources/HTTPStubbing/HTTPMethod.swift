/// An HTTP request method, such as GET or POST.
///
/// ```swift
/// let stubs = HTTPStubRegistry()
/// stubs.stub(.method(.delete).path("/books/42"), with: .status(204))
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method's name as sent on the wire, upper-cased.
    public var rawValue: String

    /// Creates a method from its name; the name is upper-cased.
    ///
    /// - Parameter rawValue: The method's name, such as `"PATCH"`.
    public init(rawValue: String) {
        // Most names arrive upper-cased already; skip the Unicode case mapping for them.
        let isUpperASCII = rawValue.utf8.allSatisfy { $0 < 0x61 || $0 > 0x7A } && rawValue.utf8.allSatisfy { $0 < 0x80 }
        self.rawValue = isUpperASCII ? rawValue : rawValue.uppercased()
    }

    /// Creates a method from a string literal.
    ///
    /// Write a method that has no constant here as a literal, such as `"PROPFIND"`.
    ///
    /// - Parameter value: The method's name.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The GET method.
    public static let get = HTTPMethod(rawValue: "GET")
    /// The POST method.
    public static let post = HTTPMethod(rawValue: "POST")
    /// The PUT method.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// The PATCH method.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// The DELETE method.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// The HEAD method.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// The OPTIONS method.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// The method's name.
    public var description: String { rawValue }
}
