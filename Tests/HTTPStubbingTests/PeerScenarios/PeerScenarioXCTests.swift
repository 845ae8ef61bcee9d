import Foundation
import HTTPStubbing
import TestSupportTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The peers' scenarios whose outcome is a failure message, captured through XCTest's real
/// failure path: where OHHTTPStubs' `onStubMissing` and Mocker's opt-out mode would only see an
/// error, the registry fails the test and says why.
final class PeerScenarioXCTests: FailureRecordingTestCase {
    func test_unhandledRequest_bodyRejectedByMatcher_failsNamingBodyMismatchAtRegistryLine() async throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "stub://foo")))
        request.httpMethod = "POST"
        request.httpBody = Data("somethingElse".utf8)
        var delivery: TaskDelivery?
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            stubs.stub(.any.scheme("stub").body(.text("body")), with: .text("matched"))
            delivery = try? await stubs.session.delivery(for: request)
        }

        XCTAssertEqual(delivery?.urlErrorCode, .resourceUnavailable)
        XCTAssertNil(delivery?.data)
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.description.contains("No stub matches POST stub://foo") == true, "\(failures)")
        XCTAssertTrue(failures.first?.description.contains("closest: body is") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_unhandledRequest_afterRemoveAllStubs_failsAtRegistryLine() async throws {
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.example/gone")))
        var delivery: TaskDelivery?
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            stubs.stub(.get("/gone"), with: .ok)
            stubs.removeAllStubs()
            delivery = try? await stubs.session.delivery(for: request)
        }

        XCTAssertEqual(delivery?.urlErrorCode, .resourceUnavailable)
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.description.contains("No stub matches GET https://api.example/gone") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_pathMatching_invalidPattern_failsAtCallerLineAndMatchesNothing() throws {
        var line = 0
        var matcher = HTTPRequestMatcher.any

        let failures = capturingXCTestFailures {
            line = #line + 1
            matcher = .any.pathMatching("/bar/[0-9+/baz$")
        }

        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(
            failures.first?.description.contains("The regular expression //bar/[0-9+/baz$/ does not compile") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertFalse(matcher.matches(URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/bar/1/baz")))))
    }
}
