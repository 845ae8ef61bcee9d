import Fixtures
import Foundation
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("ReportingFixtureLoader through Swift Testing")
struct ReportingFixtureLoaderTests {
    let fixtures = FixtureLoader.tests

    @Test("A misspelt name is reported at the caller's line, suggesting the closest name, and gives nil")
    func misspeltName() {
        var result: Data? = Data()
        let line = #line + 2
        withKnownIssue {
            result = fixtures.reporting.data(named: "catlog.json")
        } matching: { issue in
            issue.isFailure(
                containing: "No fixture named \"catlog.json\" in \(fixtures.searchLocation). Did you mean \"catalog.json\"?", line: line)
        }
        #expect(result == nil)
    }

    @Test("A fixture flattened into the bundle's resources is reported at the caller's line, advising subdirectory: nil")
    func flattenedResources() throws {
        let resources = try flattenedBundleResources(["book.json": "{}"])
        defer { try? FileManager.default.removeItem(at: resources) }
        let fixtures = FixtureLoader(bundle: try #require(Bundle(url: resources)))
        let line = #line + 2
        withKnownIssue {
            #expect(fixtures.reporting.data(named: "book.json") == nil)
        } matching: { issue in
            issue.isFailure(
                containing: "\"book.json\" is at the top of the bundle's resources: SwiftPM's `.process(\"Resources\")` (and an"
                    + " Xcode group) flattens the files into them, so pass `subdirectory: nil`",
                line: line)
        }
    }

    @Test("A syntax error on line 7 of the fixture is reported as line 7, at the caller's line")
    func syntaxErrorLine() {
        var result: FixtureCatalog?
        let line = #line + 2
        withKnownIssue {
            result = fixtures.reporting.decode(FixtureCatalog.self, named: "bad-syntax.json")
        } matching: { issue in
            issue.isFailure(
                containing: "Fixture \"bad-syntax.json\" is not valid JSON (decoding FixtureCatalog): line 7, column 16:", line: line)
        }
        #expect(result == nil)
    }

    @Test("A value of the wrong type is reported with its coding path at the caller's line")
    func wrongType() {
        let line = #line + 2
        withKnownIssue {
            _ = fixtures.reporting.decode(FixtureCatalog.self, named: "wrong-type.json")
        } matching: { issue in
            issue.isFailure(containing: "at books[1].pageCount (line 4, column 46): expected a value of type Int", line: line)
        }
    }

    @Test("An unfilled placeholder is reported with its name and line at the caller's line")
    func unfilledPlaceholder() {
        let line = #line + 2
        withKnownIssue {
            _ = fixtures.reporting.data(named: "book-template.json", substituting: ["id": "1", "tag": "x"])
        } matching: { issue in
            issue.isFailure(containing: "placeholders left unfilled: {{title}} on line 3", line: line)
        }
    }

    @Test("With try #require the test stops at the caller's line after the report")
    func requireStops() throws {
        let line = #line + 2
        try withKnownIssue {
            _ = try #require(fixtures.reporting.decode(FixtureCatalog.self, named: "catlog"))
            Issue.record("Execution continued past #require")
        } matching: { issue in
            // The loader's report and #require's own, both on the caller's line.
            issue.sourceLocation?.line == line && !issue.message.contains("Execution continued")
        }
    }

    @Test("A fixture that loads is returned and nothing is reported")
    func successReportsNothing() {
        var catalog: FixtureCatalog?
        let failures = FailureReporter.collectFailures {
            catalog = fixtures.reporting.decode(FixtureCatalog.self, named: "catalog.json")
        }
        #expect(failures.isEmpty)
        #expect(catalog?.nextPage == 2)
    }

    @Test("Every reporting form reports the loader's message at the caller's line")
    func everyFormReports() {
        let reporting = FixtureLoader(bundle: .module).reporting
        var line = 0
        let failures = FailureReporter.collectFailures {
            line = #line + 1
            #expect(reporting.url(named: "catlog.json") == nil)
            #expect(reporting.data(named: "catlog.json") == nil)
            #expect(reporting.string(named: "latin1.txt") == nil)
            #expect(reporting.decode(FixtureBook.self, named: "catlog.json") == nil)
            #expect(reporting.jsonObject(named: "bad-syntax.json") == nil)
            #expect(reporting.jsonDictionary(named: "numbers.json") == nil)
            #expect(reporting.jsonArray(named: "book.json") == nil)
            #expect(FixtureLoader(bundle: .module, subdirectory: "Nope").reporting.names() == nil)
        }
        #expect(failures.map(\.location.line) == Array(line..<(line + 8)))
        let expectedStarts = [
            "No fixture named \"catlog.json\"",
            "No fixture named \"catlog.json\"",
            "Fixture \"latin1.txt\" is not valid UTF-8",
            "No fixture named \"catlog.json\"",
            "Fixture \"bad-syntax.json\" is not valid JSON",
            "Fixture \"numbers.json\" holds an array",
            "Fixture \"book.json\" holds an object",
            "Cannot list fixtures",
        ]
        #expect(failures.count == expectedStarts.count)
        for (failure, start) in zip(failures, expectedStarts) {
            #expect(failure.message.hasPrefix(start))
        }
    }
}

/// A bundle folder whose resources hold `files` at the top, as `.process("Resources")` leaves them.
func flattenedBundleResources(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("FlatBundle-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, contents) in files {
        try Data(contents.utf8).write(to: url.appendingPathComponent(name))
    }
    return url
}
