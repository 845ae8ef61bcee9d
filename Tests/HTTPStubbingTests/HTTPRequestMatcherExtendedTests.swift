import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPRequestMatcher: scheme, extension, suffix, regular expressions, combinators, exact queries")
struct HTTPRequestMatcherExtendedTests {
    private func request(_ method: HTTPMethod = .get, _ url: String, body: String? = nil) throws -> RecordedHTTPRequest {
        RecordedHTTPRequest(method: method, url: try makeURL(url), body: body.map { Data($0.utf8) })
    }

    @Test("A URLRequest captured outside a registry gets each condition it misses, as expectRequested explains the closest")
    func capturedURLRequestIsExplained() throws {
        var captured = URLRequest(url: try makeURL("https://api.example.com/signin"))
        captured.httpMethod = "PUT"

        let reasons = HTTPRequestMatcher.post("/login").mismatches(for: RecordedHTTPRequest(captured))

        #expect(reasons == ["method is PUT, expected POST", "path is /signin, expected /login"])
    }

    @Test("scheme(_:) compares the scheme case-insensitively")
    func scheme() throws {
        #expect(HTTPRequestMatcher.any.scheme("HTTPS").matches(try request(.get, "https://a.test/x")))
        #expect(!HTTPRequestMatcher.any.scheme("https").matches(try request(.get, "http://a.test/x")))
        #expect(
            HTTPRequestMatcher.any.scheme("https").mismatches(for: try request(.get, "http://a.test/x")) == [
                "scheme is http, expected https"
            ])
    }

    @Test("pathExtension(_:) compares the last segment's extension")
    func pathExtension() throws {
        let matcher = HTTPRequestMatcher.any.pathExtension("json")
        #expect(matcher.matches(try request(.get, "https://a.test/books/page.json?x=1")))
        #expect(!matcher.matches(try request(.get, "https://a.test/books.json/page")))
        #expect(matcher.mismatches(for: try request(.get, "https://a.test/cover.png")) == ["path extension is .png, expected .json"])
        #expect(matcher.mismatches(for: try request(.get, "https://a.test/books")) == ["path /books has no extension, expected .json"])
    }

    @Test("pathSuffix(_:) compares the end of the path")
    func pathSuffix() throws {
        let matcher = HTTPRequestMatcher.any.pathSuffix("/reviews")
        #expect(matcher.matches(try request(.get, "https://a.test/books/42/reviews")))
        #expect(
            matcher.mismatches(for: try request(.get, "https://a.test/books/42")) == ["path is /books/42, expected one ending /reviews"])
    }

    @Test("urlMatching(_:) searches the whole URL with the regular expression")
    func regularExpression() throws {
        let matcher = HTTPRequestMatcher.any.urlMatching(#"/books/\d+$"#)
        #expect(matcher.matches(try request(.get, "https://a.test/books/42")))
        #expect(!matcher.matches(try request(.get, "https://a.test/books/dune")))
        #expect(matcher.description == #"URL matching //books/\d+$/"#)
    }

    @Test("An invalid regular expression is reported at the caller's line and matches nothing")
    func invalidRegularExpression() throws {
        let line = #line + 2
        withKnownIssue {
            _ = HTTPRequestMatcher.any.urlMatching("(unclosed")
        } matching: { issue in
            issue.isFailure(containing: "The regular expression /(unclosed/ does not compile", line: line)
        }
        let target = try request(.get, "https://a.test/(unclosed")
        let failures = FailureReporter.collectFailures {
            #expect(!HTTPRequestMatcher.any.urlMatching("(unclosed").matches(target))
        }
        #expect(failures.count == 1)
    }

    @Test("|| matches either alternative and explains the closer one")
    func or() throws {
        let matcher = HTTPRequestMatcher.get("/books") || .post("/login")
        #expect(matcher.matches(try request(.get, "https://a.test/books")))
        #expect(matcher.matches(try request(.post, "https://a.test/login")))
        #expect(matcher.description == "(GET /books or POST /login)")
        #expect(
            matcher.mismatches(for: try request(.post, "https://a.test/logout")) == [
                "neither alternative matches; closest POST /login: path is /logout, expected /login"
            ])
    }

    @Test("&& needs both matchers' conditions and lists each failed one")
    func and() throws {
        let matcher = HTTPRequestMatcher.host("a.test") && .any.pathExtension("json")
        #expect(matcher.matches(try request(.get, "https://a.test/x.json")))
        #expect(
            matcher.mismatches(for: try request(.get, "https://b.test/x.png")) == [
                "host is b.test, expected a.test", "path extension is .png, expected .json",
            ])
    }

    @Test("! matches what the matcher does not, and says what matched")
    func not() throws {
        let matcher = HTTPRequestMatcher.any && !.host("a.test")
        #expect(matcher.matches(try request(.get, "https://b.test/x")))
        #expect(
            matcher.mismatches(for: try request(.get, "https://a.test/x")) == ["request matches host a.test, expected one that does not"])
    }

    @Test("?flag and ?flag= are different query items")
    func flagWithoutValue() throws {
        let bare = HTTPRequestMatcher.get("/books?draft")
        let empty = HTTPRequestMatcher.get("/books?draft=")
        #expect(bare.matches(try request(.get, "https://a.test/books?draft")))
        #expect(!bare.matches(try request(.get, "https://a.test/books?draft=")))
        #expect(empty.matches(try request(.get, "https://a.test/books?draft=")))
        #expect(
            bare.mismatches(for: try request(.get, "https://a.test/books?draft=")) == [#"query item draft is "draft=", expected "draft""#])
    }

    @Test("query(exactly:) rejects extra items and names them")
    func exactQuery() throws {
        let matcher = HTTPRequestMatcher.get("/books").query(exactly: ["page": "2"])
        #expect(matcher.matches(try request(.get, "https://a.test/books?page=2")))
        #expect(!matcher.matches(try request(.get, "https://a.test/books?page=2&debug=1")))
        #expect(
            matcher.mismatches(for: try request(.get, "https://a.test/books?page=2&debug=1")) == [
                "query is page=2&debug=1, expected exactly page=2 (extra debug=1)"
            ])
    }

    @Test("formFields(exactly:) rejects extra fields and names them")
    func exactForm() throws {
        let matcher = HTTPRequestMatcher.post("/login").body(.formFields(exactly: ["user": "ada"]))
        #expect(matcher.matches(try request(.post, "https://a.test/login", body: "user=ada")))
        #expect(
            matcher.mismatches(for: try request(.post, "https://a.test/login", body: "user=ada&admin=1")) == [
                "form has extra field admin"
            ])
    }
}
