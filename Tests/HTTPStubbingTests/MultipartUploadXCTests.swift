import Foundation
import HTTPStubbing
import TestSupportTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Multipart uploads under XCTest: matched, read and explained, built by hand, Alamofire-style
/// and streamed.
final class MultipartUploadXCTests: FailureRecordingTestCase {
    private let photoUpload = HTTPRequestMatcher.post("/photos").body(
        .multipart(.field("caption", "Sunset"), .file("photo", fileName: "photo.jpg", contentType: "image/jpeg")))

    private func request(_ upload: (body: Data, contentType: String), streamed: Bool = false) throws -> URLRequest {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/photos")))
        request.httpMethod = "POST"
        request.setValue(upload.contentType, forHTTPHeaderField: "Content-Type")
        if streamed { request.httpBodyStream = InputStream(data: upload.body) } else { request.httpBody = upload.body }
        return request
    }

    private func status(of request: URLRequest, in stubs: HTTPStubRegistry) async throws -> Int? {
        (try await stubs.session.dataTaskResult(for: request).1 as? HTTPURLResponse)?.statusCode
    }

    func test_multipart_handBuiltUpload_matchesByPart() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(photoUpload, with: .status(201))

        let status = try await status(of: try request(SampleUpload.handBuilt()), in: stubs)

        XCTAssertEqual(status, 201)
    }

    func test_multipart_alamofireStyleUpload_matchesWhateverItsBoundary() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(photoUpload, with: .status(201))

        let status = try await status(of: try request(SampleUpload.alamofireStyle()), in: stubs)

        XCTAssertEqual(status, 201)
    }

    func test_multipart_streamedUpload_matchesByPart() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(photoUpload, with: .status(201))

        let status = try await status(of: try request(SampleUpload.alamofireStyle(), streamed: true), in: stubs)

        XCTAssertEqual(status, 201)
    }

    func test_multipartParts_streamedUpload_readsNamesFileNameAndType() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try request(SampleUpload.handBuilt(), streamed: true))

        let parts = try XCTUnwrap(stubs.requests.first?.multipartParts)

        XCTAssertEqual(parts.map(\.name), ["caption", "photo"])
        XCTAssertEqual(parts.first?.text, "Sunset")
        XCTAssertEqual(parts.last?.fileName, "photo.jpg")
        XCTAssertEqual(parts.last?.contentType, "image/jpeg")
        XCTAssertEqual(parts.last?.data, SampleUpload.jpeg)
    }

    func test_expectRequested_wrongCaption_failsAtCallerLineListingParts() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try request(SampleUpload.alamofireStyle()))

        var line = 0
        let failures = capturingXCTestFailures {
            line = #line + 1
            stubs.expectRequested(.post("/photos").body(.multipart(.field("caption", "Sunrise"))))
        }

        XCTAssertEqual(failures.count, 1)
        let message = failures.first?.description ?? ""
        XCTAssertTrue(message.contains(#"closest: 1. POST https://a.test/photos: part "caption" is "Sunset", expected "Sunrise""#), message)
        XCTAssertTrue(message.contains(#"photo: file "photo.jpg", image/jpeg, 15 bytes, not UTF-8"#), message)
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_unhandledUpload_failsWithPartsAndClosestPartDifference() async throws {
        let upload = try request(SampleUpload.handBuilt(), streamed: true)
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            await withHTTPStubs { stubs in
                stubs.stub(.post("/photos").body(.multipart(.file("photo", fileName: "cover.jpg"))), with: .status(201))
                _ = try? await stubs.session.dataTaskResult(for: upload)
            }
        }

        XCTAssertEqual(failures.count, 1)
        let message = failures.first?.description ?? ""
        XCTAssertTrue(message.contains("body: multipart/form-data, 2 parts:\n    caption = \"Sunset\"\n"), message)
        XCTAssertTrue(message.contains(#"closest: part "photo" file name is "photo.jpg", expected "cover.jpg""#), message)
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_multipart_bodyWithoutBoundaryParameter_mismatchSaysWhy() throws {
        let body = SampleUpload.handBuilt().body
        let recorded = RecordedHTTPRequest(
            method: .post, url: try XCTUnwrap(URL(string: "https://a.test/photos")), headers: ["Content-Type": "multipart/form-data"],
            body: body)

        let reasons = photoUpload.mismatches(for: recorded)

        XCTAssertEqual(reasons, ["body is not valid multipart/form-data: Content-Type multipart/form-data has no boundary parameter"])
    }

    func test_useCassette_recordedUploadWithOtherBoundary_replaysByParts() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cassettes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("upload.har")
        let recorded = SampleUpload.alamofireStyle()
        let interaction = HTTPCassette.Interaction(
            method: "POST", url: try XCTUnwrap(URL(string: "https://a.test/photos")),
            requestHeaders: ["Content-Type": recorded.contentType],
            requestBody: recorded.body, statusCode: 201)
        try HTTPCassette(interactions: [interaction]).harData().write(to: file)
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none, options: .init(matching: .methodAndURL.includingBody()))

        let status = try await status(of: try request(SampleUpload.alamofireStyle(), streamed: true), in: stubs)

        XCTAssertEqual(status, 201)
    }
}
