import Foundation
import HTTPStubbing
import TestSupportTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The failures VCR, vcrpy and DVR raise for a request a cassette cannot answer, as XCTest sees
/// them here: one failure, at the line that made the registry, saying what the cassette holds.
final class VCRScenarioXCTests: FailureRecordingTestCase {
    func test_useCassette_onceWithCassetteOfNoInteractions_failsAtRegistryLineSayingOnceRecordsOnlyNewCassettes() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("none-yet.har")
        try HTTPCassette().harData().write(to: file)
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.test/books")))
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            stubs.useCassette(at: file, mode: .once)
            _ = try? await stubs.session.dataTaskResult(for: request)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("No stub matches GET https://api.test/books") == true, "\(failures)")
        XCTAssertTrue(
            failures.first?.description.contains(
                "The cassette \(file.path) was replayed in record mode \"once\", which records only when the cassette does not exist")
                == true,
            "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_useCassette_queryOnlyMatchingWithOtherQuery_failsNamingTheRecordedQuery() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("dates.har")
        try HTTPCassette(interactions: [.init(url: try XCTUnwrap(URL(string: "https://api.test/query?date=2011-09-01")))]).harData()
            .write(to: file)
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.test/query?date=2011-09-03")))
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            stubs.useCassette(at: file, mode: .none, options: .init(matching: .methodAndQuery))
            _ = try? await stubs.session.dataTaskResult(for: request)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains("No stub matches GET https://api.test/query?date=2011-09-03") == true, "\(failures)")
        XCTAssertTrue(
            failures.first?.description.contains("closest: query is date=2011-09-03, expected exactly date=2011-09-01") == true,
            "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }
}
