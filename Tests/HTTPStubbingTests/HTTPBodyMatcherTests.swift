import Foundation
import HTTPStubbing
import Testing

@Suite("HTTPBodyMatcher")
struct HTTPBodyMatcherTests {
    private struct Draft: Encodable {
        var title: String
        var pages: Int
    }

    @Test("data(_:) matches exactly the same bytes")
    func data() {
        #expect(HTTPBodyMatcher.data(Data([1, 2, 3])).matches(Data([1, 2, 3])))
        #expect(!HTTPBodyMatcher.data(Data([1, 2, 3])).matches(Data([1, 2])))
        #expect(!HTTPBodyMatcher.data(Data([1])).matches(nil))
    }

    @Test("text(_:) matches exactly the same UTF-8 text")
    func text() {
        #expect(HTTPBodyMatcher.text("héllo").matches(Data("héllo".utf8)))
        #expect(!HTTPBodyMatcher.text("hello").matches(Data("hello ".utf8)))
    }

    @Test("json(_:) ignores key order, whitespace and number spelling")
    func jsonText() {
        let matcher = HTTPBodyMatcher.json(#"{"a": 1, "b": [true, null, "x"]}"#)
        #expect(matcher.matches(Data(#"{ "b" : [ true , null , "x" ] , "a" : 1.0 }"#.utf8)))
        #expect(!matcher.matches(Data(#"{"a": 2, "b": [true, null, "x"]}"#.utf8)))
        #expect(!matcher.matches(Data(#"{"a": 1, "b": [null, true, "x"]}"#.utf8)))
    }

    @Test("json(_:) tells true from 1")
    func jsonBoolIsNotNumber() {
        #expect(!HTTPBodyMatcher.json(#"{"a": true}"#).matches(Data(#"{"a": 1}"#.utf8)))
    }

    @Test("json(_:encoder:) compares with the encoded value")
    func jsonEncodable() {
        let matcher = HTTPBodyMatcher.json(Draft(title: "Dune", pages: 412))
        #expect(matcher.matches(Data(#"{"pages":412,"title":"Dune"}"#.utf8)))
        #expect(!matcher.matches(Data(#"{"pages":413,"title":"Dune"}"#.utf8)))
    }

    @Test("An expectation that is not JSON matches nothing and says why")
    func invalidExpectation() {
        let matcher = HTTPBodyMatcher.json("{not json")
        #expect(!matcher.matches(Data("{not json".utf8)))
        #expect(matcher.description.contains("invalid expectation"))
    }

    @Test("formFields(_:) needs the given fields, decoded, in any order")
    func formFields() {
        let matcher = HTTPBodyMatcher.formFields(["user": "ada lovelace", "remember": "1"])
        #expect(matcher.matches(Data("remember=1&user=ada+lovelace&extra=x".utf8)))
        #expect(matcher.matches(Data("user=ada%20lovelace&remember=1".utf8)))
        #expect(!matcher.matches(Data("user=ada".utf8)))
    }

    @Test("matching(_:_:) applies the predicate to the body")
    func predicate() {
        let matcher = HTTPBodyMatcher.matching("longer than 3 bytes") { ($0?.count ?? 0) > 3 }
        #expect(matcher.matches(Data("abcd".utf8)))
        #expect(!matcher.matches(Data("abc".utf8)))
        #expect(!matcher.matches(nil))
    }
}
