import Foundation

/// A condition on a request's body, for a request matcher.
///
/// Pass it to ``HTTPRequestMatcher/body(_:)``:
///
/// ```swift
/// let stubs = HTTPStubRegistry()
/// stubs.stub(
///     .post("/books").body(.json(#"{"title": "Dune"}"#)),
///     with: .status(201)
/// )
/// stubs.stub(
///     .post("/login").body(.formFields(["username": "ada"])),
///     with: .json(#"{"token": "abc"}"#)
/// )
/// ```
public struct HTTPBodyMatcher: Sendable, CustomStringConvertible {
    /// What the matcher expects, as failure messages print it.
    public let description: String
    /// Why a body, with the request's `Content-Type`, does not match; `nil` when it does.
    let check: @Sendable (Data?, _ contentType: String?) -> String?
    /// Whether ``description`` says everything the matcher checks (no user predicate).
    let isFullyDescribed: Bool

    /// Creates a matcher from a description and a check that returns why a body does not match,
    /// or `nil` when it does.
    init(description: String, isFullyDescribed: Bool = true, mismatch: @escaping @Sendable (Data?) -> String?) {
        self.init(description: description, isFullyDescribed: isFullyDescribed) { body, _ in mismatch(body) }
    }

    /// Creates a matcher whose check also reads the request's `Content-Type`, such as a multipart
    /// boundary.
    init(description: String, isFullyDescribed: Bool = true, check: @escaping @Sendable (Data?, _ contentType: String?) -> String?) {
        self.description = description
        self.isFullyDescribed = isFullyDescribed
        self.check = check
    }

    /// Why a body does not match, `nil` when it does; `contentType` is the request's, if known.
    func mismatch(_ body: Data?, contentType: String? = nil) -> String? {
        check(body, contentType)
    }

    /// Whether a body satisfies this matcher.
    ///
    /// - Parameter body: A request body, `nil` for none.
    /// - Returns: `true` when it matches.
    public func matches(_ body: Data?) -> Bool {
        mismatch(body) == nil
    }

    /// Matches a body of exactly these bytes.
    ///
    /// - Parameter data: The expected bytes.
    /// - Returns: The matcher.
    public static func data(_ data: Data) -> HTTPBodyMatcher {
        // A long or binary body prints shortened, so two such matchers may print alike.
        let complete = data.count <= HTTPText.bodyLimit && String(data: data, encoding: .utf8) != nil
        return HTTPBodyMatcher(description: "body " + HTTPText.body(data), isFullyDescribed: complete) { body in
            body == data ? nil : "body is \(HTTPText.body(body)), expected \(HTTPText.body(data))"
        }
    }

    /// Matches a body that is exactly this text in UTF-8.
    ///
    /// - Parameter text: The expected text.
    /// - Returns: The matcher.
    public static func text(_ text: String) -> HTTPBodyMatcher {
        let expected = Data(text.utf8)
        return HTTPBodyMatcher(description: "body \"\(text)\"") { body in
            body == expected ? nil : "body is \(HTTPText.body(body)), expected \"\(text)\""
        }
    }

    /// Matches a body that is equal JSON, whatever its key order, whitespace and number spelling.
    ///
    /// The body and `json` are compared as parsed JSON values, so `1` and `1.0` are the same
    /// number.
    ///
    /// - Parameter json: The expected JSON text, such as `#"{"title": "Dune"}"#`.
    /// - Returns: The matcher; one whose JSON text does not parse matches nothing, and says so.
    public static func json(_ json: String) -> HTTPBodyMatcher {
        jsonMatcher(expected: JSONValue.parse(Data(json.utf8)), source: json)
    }

    /// Matches a body that is JSON equal to an encoded value, whatever its key order, whitespace
    /// and number spelling.
    ///
    /// The body is compared with `value` encoded by `encoder`, as parsed JSON values.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let dune = NewBook(
    ///     title: "Dune", author: "Frank Herbert", status: .wantToRead)
    /// stubs.stub(
    ///     .post("/books").body(.json(dune, encoder: CatalogAPIClient.encoder)),
    ///     with: .status(201))
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the body should encode.
    ///   - encoder: The encoder; use the same settings as the code under test.
    /// - Returns: The matcher; one whose value cannot be encoded matches nothing, and says so.
    public static func json<Value: Encodable>(_ value: Value, encoder: JSONEncoder = JSONEncoder()) -> HTTPBodyMatcher {
        let data = try? encoder.encode(value)
        return jsonMatcher(expected: JSONValue.parse(data), source: "\(Value.self) value")
    }

    private static func jsonMatcher(expected: JSONValue?, source: String) -> HTTPBodyMatcher {
        guard let expected else {
            return HTTPBodyMatcher(description: "JSON body (invalid expectation: \(source) is not JSON)") { _ in
                "the expected JSON (\(source)) could not be parsed or encoded"
            }
        }
        return HTTPBodyMatcher(description: "JSON body \(expected)") { body in
            guard let actual = JSONValue.parse(body) else {
                return "body is not JSON: \(HTTPText.body(body)); expected JSON \(expected)"
            }
            return actual == expected ? nil : "JSON body is \(actual), expected \(expected)"
        }
    }

    /// Matches a form-encoded body that has these fields with these values, in any order and among
    /// any others.
    ///
    /// The body is read as `application/x-www-form-urlencoded`.
    ///
    /// - Parameter fields: The fields that must be present.
    /// - Returns: The matcher.
    public static func formFields(_ fields: [String: String]) -> HTTPBodyMatcher {
        let expected = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let ambiguous = fields.contains { HTTPRequestMatcher.isAmbiguous($0.key) || HTTPRequestMatcher.isAmbiguous($0.value) }
        return HTTPBodyMatcher(description: "form fields \(expected)", isFullyDescribed: !ambiguous) { body in
            let actual = FormEncoding.fields(in: body)
            let problems = fields.sorted { $0.key < $1.key }.compactMap { name, value -> String? in
                guard let found = actual[name] else { return "form field \(name) is missing" }
                return found == value ? nil : "form field \(name) is \"\(found)\", expected \"\(value)\""
            }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }

    /// Matches a form-encoded body that has exactly these fields with these values and no others,
    /// in any order.
    ///
    /// The body is read as `application/x-www-form-urlencoded`.
    ///
    /// - Parameter fields: Every field the body must have.
    /// - Returns: The matcher.
    public static func formFields(exactly fields: [String: String]) -> HTTPBodyMatcher {
        let subset = formFields(fields)
        return HTTPBodyMatcher(description: "exactly \(subset.description)", isFullyDescribed: subset.isFullyDescribed) { body in
            let extra = FormEncoding.fields(in: body).keys.filter { fields[$0] == nil }.sorted()
            let problems =
                [subset.mismatch(body)].compactMap { $0 }
                + (extra.isEmpty ? [] : ["form has extra field\(extra.count == 1 ? "" : "s") \(extra.joined(separator: ", "))"])
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }

    /// Matches when a predicate accepts the body.
    ///
    /// The body matches when `predicate` returns `true` for it:
    ///
    /// ```swift
    /// let upload = HTTPRequestMatcher.post("/covers")
    ///     .body(.matching("a PNG") { $0?.starts(with: [0x89, 0x50]) == true })
    /// ```
    ///
    /// - Parameters:
    ///   - description: What the predicate checks, for failure messages.
    ///   - predicate: The check; it receives `nil` when the request has no body.
    /// - Returns: The matcher.
    public static func matching(_ description: String, _ predicate: @escaping @Sendable (Data?) -> Bool) -> HTTPBodyMatcher {
        HTTPBodyMatcher(description: "body \(description)", isFullyDescribed: false) { body in
            predicate(body) ? nil : "body is not \(description): \(HTTPText.body(body))"
        }
    }
}
