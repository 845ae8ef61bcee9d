import Foundation
import HTTPStubbing
import TestSupportTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Under XCTest an unhandled request found on a URLSession thread is reported at once; these
/// tests capture it through XCTest's real failure path.
final class UnhandledRequestReportingXCTests: FailureRecordingTestCase {
    func test_unhandledRequest_fromURLSessionThread_failsTestAtRegistryLine() async throws {
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/missing")))
        var clientError: URLError?
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            do {
                _ = try await stubs.session.dataTaskResult(for: request)
            } catch {
                clientError = error as? URLError
            }
        }

        XCTAssertEqual(clientError?.code, .resourceUnavailable)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("No stub matches GET https://a.test/missing") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.filePath.hasSuffix("UnhandledRequestReportingXCTests.swift") == true)
    }

    func test_verify_withoutMatchingRequest_failsAtCallerLine() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(for: URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/books"))))

        var line = 0
        let failures = capturingXCTestFailures {
            line = #line + 1
            stubs.expectRequested(.post("/login"), count: 1)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("Expected 1 POST /login, saw 0; requests seen (1):") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_withHTTPStubs_unhandledRequest_failsTestAtScopeLine() async throws {
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/scoped")))
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            await withHTTPStubs { stubs in
                _ = try? await stubs.session.dataTaskResult(for: request)
            }
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("No stub matches GET https://a.test/scoped") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_verify_headerMismatch_namesClosestRequestsHeaderAtCallerLine() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        var request = URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/books")))
        request.setValue("Bearer xyz", forHTTPHeaderField: "Authorization")
        _ = try await stubs.session.dataTaskResult(for: request)

        var line = 0
        let failures = capturingXCTestFailures {
            line = #line + 1
            stubs.expectRequested(.get("/books").header("Authorization", "Bearer abc"))
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains(
                #"closest: 1. GET https://a.test/books: header Authorization is "Bearer xyz", expected "Bearer abc""#) == true,
            "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_urlMatching_invalidPattern_failsAtCallerLine() {
        var line = 0
        let failures = capturingXCTestFailures {
            line = #line + 1
            _ = HTTPRequestMatcher.any.urlMatching("[unclosed")
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("The regular expression /[unclosed/ does not compile") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_httpMessage_withoutStatusLine_failsAtCallerLine() {
        var line = 0
        let failures = capturingXCTestFailures {
            line = #line + 1
            _ = HTTPStubResponse.httpMessage("hello")
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains(#"Not an HTTP response message: the first line is "hello""#) == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_sessionAfterRegistryRelease_failsWithURLErrorAndNoCrash() async throws {
        var stubs: HTTPStubRegistry? = HTTPStubRegistry()
        let session = try XCTUnwrap(stubs?.session)
        stubs = nil

        do {
            _ = try await session.dataTaskResult(for: URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/x"))))
            XCTFail("expected a URLError")
        } catch {
            XCTAssertEqual((error as? URLError)?.code, .resourceUnavailable)
        }
    }
}
