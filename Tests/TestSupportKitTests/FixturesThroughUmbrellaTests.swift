import Foundation
import TestSupportKit
import TestSupportTesting
import Testing
import XCTest

@Suite("Fixtures through the TestSupportKit umbrella")
struct FixturesThroughUmbrellaTests {
    @Test("A templated fixture gives the bytes an HTTP stub can return as its body")
    func templatedBody() throws {
        let directory = try ResponseBodyDirectory()
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)

        let body = try fixtures.data(named: "Responses/book", substituting: ["id": "7", "title": "Emma"])

        #expect(String(decoding: body, as: UTF8.self) == "{\n  \"id\": \"7\",\n  \"title\": \"Emma\"\n}\n")
    }

    @Test("A missing value for a body placeholder is reported at the caller's line")
    func unfilledBodyPlaceholder() throws {
        let directory = try ResponseBodyDirectory()
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)
        let line = #line + 2
        withKnownIssue {
            _ = fixtures.reporting.data(named: "Responses/book.json", substituting: ["id": "7"])
        } matching: { issue in
            issue.isFailure(containing: "placeholders left unfilled: {{title}} on line 3", line: line)
        }
    }
}

final class FixturesThroughUmbrellaXCTests: FailureRecordingTestCase {
    func test_reportingData_misspeltResponseName_failsAtCallerLineSuggestingName() throws {
        let directory = try ResponseBodyDirectory()
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)

        let line = #line + 2
        let failures = capturingXCTestFailures {
            XCTAssertNil(fixtures.reporting.data(named: "Responses/bok.json"))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("Did you mean \"Responses/book.json\"?") ?? false, "got \(failures)")
    }
}
