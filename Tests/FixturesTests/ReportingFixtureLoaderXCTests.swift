import Fixtures
import Foundation
import TestSupportTesting
import XCTest

final class ReportingFixtureLoaderXCTests: FailureRecordingTestCase {
    private let fixtures = FixtureLoader.tests

    func test_data_misspeltName_failsAtCallerLineSuggestingClosestName() {
        var result: Data? = Data()
        let line = #line + 2
        let failures = capturingXCTestFailures {
            result = fixtures.reporting.data(named: "catlog.json")
        }
        XCTAssertNil(result)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
        let description = try? XCTUnwrap(failures.first?.description)
        XCTAssertTrue(
            description?.contains("No fixture named \"catlog.json\" in \(fixtures.searchLocation). Did you mean \"catalog.json\"?")
                ?? false,
            "got \(String(describing: description))"
        )
    }

    func test_data_fixtureFlattenedIntoResources_failsAtCallerLineAdvisingSubdirectoryNil() throws {
        let resources = try flattenedBundleResources(["book.json": "{}"])
        defer { try? FileManager.default.removeItem(at: resources) }
        let fixtures = FixtureLoader(bundle: try XCTUnwrap(Bundle(url: resources)))
        let line = #line + 2
        let failures = capturingXCTestFailures {
            XCTAssertNil(fixtures.reporting.data(named: "book.json"))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "flattens the files into them, so pass `subdirectory: nil` and name fixtures without folders") ?? false,
            failures.first?.description ?? "no failure")
    }

    func test_decode_syntaxErrorOnLine7_reportsLine7AtCallerLine() {
        var result: FixtureCatalog?
        let line = #line + 2
        let failures = capturingXCTestFailures {
            result = fixtures.reporting.decode(FixtureCatalog.self, named: "bad-syntax.json")
        }
        XCTAssertNil(result)
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "is not valid JSON (decoding FixtureCatalog): line 7, column 16: expected a value, found 'sci-fi'") ?? false,
            "got \(failures)"
        )
    }

    func test_decode_wrongType_reportsCodingPathAtCallerLine() {
        let line = #line + 2
        let failures = capturingXCTestFailures {
            _ = fixtures.reporting.decode(FixtureCatalog.self, named: "wrong-type.json")
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("at books[1].pageCount (line 4, column 46)") ?? false, "got \(failures)")
    }

    func test_data_unfilledPlaceholder_reportsNameAndLineAtCallerLine() {
        let line = #line + 2
        let failures = capturingXCTestFailures {
            _ = fixtures.reporting.data(named: "book-template.json", substituting: ["id": "1", "tag": "x"])
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("{{title}} on line 3") ?? false, "got \(failures)")
    }

    func test_string_notUTF8_reportsInvalidByteAtCallerLine() {
        let line = #line + 2
        let failures = capturingXCTestFailures {
            _ = fixtures.reporting.string(named: "latin1.txt")
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("is not valid UTF-8: the byte 0xE9 at line 2, column 4") ?? false, "got \(failures)")
    }

    func test_decode_existingFixture_returnsValueWithoutFailure() throws {
        var catalog: FixtureCatalog?
        let failures = capturingXCTestFailures {
            catalog = fixtures.reporting.decode(FixtureCatalog.self, named: "catalog.json")
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(try XCTUnwrap(catalog).books.map(\.title), ["Dune", "Emma"])
    }
}

final class FixtureLoaderXCTests: XCTestCase {
    private let fixtures = FixtureLoader.tests

    func test_decode_existingFixture_returnsDecodedValue() throws {
        let catalog = try fixtures.decode(FixtureCatalog.self, named: "catalog.json")
        XCTAssertEqual(catalog.books.map(\.id), [1, 2])
        XCTAssertEqual(catalog.nextPage, 2)
    }

    func test_data_misspeltName_throwsErrorSuggestingClosestName() {
        XCTAssertThrowsError(try fixtures.data(named: "catlog.json")) { error in
            XCTAssertEqual((error as? FixtureError)?.kind, .notFound(suggestions: ["catalog.json"]))
        }
    }

    func test_decode_syntaxErrorOnLine7_throwsErrorWithLine7() {
        XCTAssertThrowsError(try fixtures.decode(FixtureCatalog.self, named: "bad-syntax.json")) { error in
            guard case .invalidJSON(let line, let column, _)? = (error as? FixtureError)?.kind else {
                return XCTFail("Expected a JSON syntax error, got \(error)")
            }
            XCTAssertEqual(line, 7)
            XCTAssertEqual(column, 16)
        }
    }

    func test_decode_templateWithValues_decodesFilledValues() throws {
        let book = try fixtures.decode(
            FixtureBook.self, named: "book-template.json", substituting: ["id": "9", "title": "Emma", "tag": "classic"])
        XCTAssertEqual(book, FixtureBook(id: 9, title: "Emma", pageCount: 100, tags: ["classic"]))
    }

    func test_data_bundleForClassUnderSwiftPM_throwsDirectoryNotFoundPointingAtBundleModule() {
        // Under SwiftPM the test class's bundle is not the one that holds the copied resources.
        let fixtures = FixtureLoader(bundle: Bundle(for: FixtureLoaderXCTests.self))

        XCTAssertThrowsError(try fixtures.data(named: "catalog.json")) { error in
            let fixtureError = error as? FixtureError
            XCTAssertEqual(fixtureError?.kind, .directoryNotFound)
            XCTAssertTrue(fixtureError?.message.contains("pass that target's `Bundle.module`") ?? false, "got \(error)")
        }
    }

    func test_names_nestedFolder_listsFolderFixtures() throws {
        XCTAssertEqual(try fixtures.names(under: "Catalog"), ["Catalog/feed.json", "Catalog/last-page.json"])
    }
}
