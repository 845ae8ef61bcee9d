import Foundation
import TestSupportKit
import TestSupportTesting
import Testing
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The body of `Responses/book.json`, as a builder can start from it.
private struct BookBody: Codable, Equatable, Buildable {
    var id: String
    var title: String
}

@Suite("HTTPStubResponse.fixture")
struct HTTPStubResponseFixtureTests {
    @Test("A fixture response serves the filled template with a JSON content type")
    func servesFilledTemplate() async throws {
        let directory = try ResponseBodyDirectory()
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books/7"), with: .fixture("Responses/book.json", from: fixtures, substituting: ["id": "7", "title": "Emma"]))
        let url = try #require(URL(string: "https://api.example/books/7"))

        let (body, response) = try await stubs.session.dataTaskResult(for: URLRequest(url: url))

        #expect(try JSONDecoder().decode(BookBody.self, from: body) == BookBody(id: "7", title: "Emma"))
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("A misspelt fixture is reported at the caller's line, and the request fails with an error naming it")
    func misspeltFixtureFailsRequest() async throws {
        let directory = try ResponseBodyDirectory()
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)
        let stubs = HTTPStubRegistry()
        let url = try #require(URL(string: "https://api.example/books/7"))
        let line = #line + 2
        withKnownIssue {
            stubs.stub(.get("/books/7"), with: .fixture("Responses/bok.json", from: fixtures))
        } matching: { issue in
            issue.isFailure(containing: "Did you mean \"Responses/book.json\"?", line: line)
        }

        let error = await #expect(throws: URLError.self) {
            _ = try await stubs.session.dataTaskResult(for: URLRequest(url: url))
        }

        #expect(error?.code == .fileDoesNotExist)
        #expect(error?.localizedDescription.contains(#"The stub's fixture "Responses/bok.json" does not exist"#) == true)
    }
}

@Suite("FixtureLoader.build")
struct FixtureLoaderBuildTests {
    @Test("build decodes the fixture, then applies the change")
    func decodesThenChanges() throws {
        let directory = try ResponseBodyDirectory()
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)

        let book = try fixtures.build(BookBody.self, named: "Responses/book", substituting: ["id": "7", "title": "Emma"]) {
            $0.title = "Persuasion"
        }

        #expect(book == BookBody(id: "7", title: "Persuasion"))
    }
}

final class HTTPStubResponseFixtureXCTests: FailureRecordingTestCase {
    func test_fixture_misspeltName_failsAtCallersLine() throws {
        let directory = try ResponseBodyDirectory()
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)
        let stubs = HTTPStubRegistry()

        let line = #line + 2
        let failures = capturingXCTestFailures {
            stubs.stub(.get("/books/7"), with: .fixture("Responses/bok.json", from: fixtures))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("Did you mean \"Responses/book.json\"?") ?? false, "got \(failures)")
    }
}
