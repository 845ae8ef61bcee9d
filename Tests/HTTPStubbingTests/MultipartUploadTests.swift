import Foundation
import HTTPStubbing
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Multipart uploads built by hand, Alamofire-style and streamed: matched, read and explained.
@Suite("Multipart uploads")
struct MultipartUploadTests {
    // snippet: multipart-stub
    static let photoUpload = HTTPRequestMatcher.post("/photos").body(
        .multipart(
            .field("caption", "Sunset"),
            .file("photo", fileName: "photo.jpg", contentType: "image/jpeg")
        ))
    // end-snippet

    @Test("A hand-built upload matches its field and file by part", arguments: [false, true])
    func handBuiltMatches(streamed: Bool) async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(Self.photoUpload, with: .status(201))

        let (_, response) = try await stubs.session.text(for: try SampleUpload.request(SampleUpload.handBuilt(), streamed: streamed))

        #expect(response.statusCode == 201)
    }

    @Test("An Alamofire-style upload matches whatever its random boundary, sent whole or streamed", arguments: [false, true])
    func alamofireStyleMatches(streamed: Bool) async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(Self.photoUpload, with: .status(201))

        let (_, response) = try await stubs.session.text(for: try SampleUpload.request(SampleUpload.alamofireStyle(), streamed: streamed))

        #expect(response.statusCode == 201)
    }

    @Test("A recorded upload exposes its parts: name, file name, type, headers, data and text")
    func recordedParts() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try SampleUpload.request(SampleUpload.alamofireStyle(), streamed: true))

        // snippet: multipart-parts
        let upload = try #require(stubs.requests.last)
        let caption = try #require(
            upload.multipartParts.first { $0.name == "caption" })
        let photo = try #require(
            upload.multipartParts.first { $0.name == "photo" })
        #expect(caption.text == "Sunset")
        #expect(photo.fileName == "photo.jpg")
        #expect(photo.contentType == "image/jpeg")
        // end-snippet
        #expect(photo.data == SampleUpload.jpeg)
        #expect(photo.headers["Content-Disposition"] == #"form-data; name="photo"; filename="photo.jpg""#)
        #expect(caption.fileName == nil)
    }

    @Test("A file's content is matched by its bytes or by a check of them")
    func fileContent() throws {
        let request = try recorded(SampleUpload.handBuilt())
        // snippet: multipart-content
        let exact = HTTPBodyMatcher.multipart(
            .file("photo", content: .data(SampleUpload.jpeg)))
        let anyJPEG = HTTPBodyMatcher.multipart(
            .file(
                "photo",
                content: .matching("a JPEG") {
                    $0?.starts(with: [0xFF, 0xD8]) == true
                }))
        // end-snippet

        #expect(HTTPRequestMatcher.any.body(exact).matches(request))
        #expect(HTTPRequestMatcher.any.body(anyJPEG).matches(request))
        #expect(!HTTPRequestMatcher.any.body(.multipart(.file("photo", content: .data(Data([0x89, 0x50]))))).matches(request))
    }

    @Test("Names quoted and unquoted, escaped quotes and filename*=UTF-8'' are read as builders write them")
    func dispositionForms() throws {
        let boundary = "b"
        let body = Data(
            ("--b\r\nContent-Disposition: form-data; name=note\r\n\r\nplain\r\n"
                + "--b\r\nContent-Disposition: form-data; name=\"say \\\"hi\\\"; now\"\r\n\r\nquoted\r\n"
                + "--b\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"euro.txt\"; filename*=UTF-8''%E2%82%AC%20rates.txt\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\n\r\n1.08\r\n--b--\r\n").utf8)

        let parts = try recorded((body, "multipart/form-data; boundary=\"\(boundary)\"")).multipartParts

        #expect(parts.map(\.name) == ["note", #"say "hi"; now"#, "doc"])
        #expect(parts.last?.fileName == "€ rates.txt")
    }

    @Test("A body matched alone, without its Content-Type, is read with the boundary of its first line")
    func bodyAlone() {
        let matcher = HTTPBodyMatcher.multipart(.field("caption", "Sunset"), .file("photo", content: .data(SampleUpload.jpeg)))

        #expect(matcher.matches(SampleUpload.alamofireStyle().body))
        #expect(!matcher.matches(Data("caption=Sunset".utf8)))
    }

    @Test("A mismatch names the closest difference of each part")
    func mismatchPerPart() throws {
        let request = try recorded(SampleUpload.handBuilt())
        let matcher = HTTPRequestMatcher.post("/photos").body(
            .multipart(
                .field("caption", "Sunrise"), .file("photo", fileName: "photo.png", contentType: "image/png"), .field("album", "Trips")))

        #expect(
            matcher.mismatches(for: request) == [
                #"part "caption" is "Sunset", expected "Sunrise"; "#
                    + #"part "photo" file name is "photo.jpg", expected "photo.png", content type is image/jpeg, expected image/png; "#
                    + #"no part named "album" (parts: "caption", "photo")"#
            ])
    }

    @Test("A failed verification lists the upload as its parts, and the closest part difference, at the caller's line")
    func verificationListsParts() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try SampleUpload.request(SampleUpload.alamofireStyle(), streamed: true))

        let line = #line + 2
        withKnownIssue {
            stubs.expectRequested(.post("/photos").body(.multipart(.field("caption", "Sunrise"))))
        } matching: { issue in
            issue.isFailure(
                containing: #"closest: 1. POST https://a.test/photos: part "caption" is "Sunset", expected "Sunrise""#, line: line)
                && issue.message.contains("body: multipart/form-data, 2 parts:\n")
                && issue.message.contains(#"caption = "Sunset""#)
                && issue.message.contains(#"photo: file "photo.jpg", image/jpeg, 15 bytes, not UTF-8"#)
        }
    }

    @Test("An unhandled upload is shown as its parts, with the closest stub's part difference")
    func unhandledListsParts() async throws {
        let request = try SampleUpload.request(SampleUpload.handBuilt())
        let line = #line + 2
        await withKnownIssue {
            await withHTTPStubs { stubs in
                stubs.stub(.post("/photos").body(.multipart(.file("photo", contentType: "image/png"))), with: .status(201))
                _ = try? await stubs.session.dataTaskResult(for: request)
            }
        } matching: { issue in
            issue.isFailure(containing: "No stub matches POST https://a.test/photos", line: line)
                && issue.message.contains("  body: multipart/form-data, 2 parts:\n    caption = \"Sunset\"\n    photo: file \"photo.jpg\"")
                && issue.message.contains(#"closest: part "photo" content type is image/jpeg, expected image/png"#)
        }
    }

    /// Broken bodies, each with the reason its mismatch must give.
    static let brokenBodies: [(name: String, contentType: String, body: String, reason: String)] = [
        (
            "truncated", "multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nSun",
            "part 1 has no boundary line after it: the body is truncated or lacks its closing \"--b--\""
        ),
        (
            "missing closing boundary", "multipart/form-data; boundary=b",
            "--b\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nSunset\r\n--b",
            "it stops after a boundary line without the closing \"--b--\" (truncated?)"
        ),
        (
            "no boundary parameter", "multipart/form-data",
            "--b\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nSunset\r\n--b--\r\n",
            "Content-Type multipart/form-data has no boundary parameter"
        ),
        (
            "wrong boundary", "multipart/form-data; boundary=other",
            "--b\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nSunset\r\n--b--\r\n",
            "its first boundary line is \"--b\", but Content-Type gives the boundary \"other\""
        ),
        (
            "oversized part headers", "multipart/form-data; boundary=b",
            "--b\r\nContent-Disposition: form-data; name=\"photo\"\r\n" + String(repeating: "X-Padding: 0123456789\r\n", count: 400)
                + "\r\n\r\n--b--\r\n",
            "part 1's headers run over 8192 bytes without the blank line that ends them"
        ),
        (
            "bare LF line breaks", "multipart/form-data; boundary=b",
            "--b\nContent-Disposition: form-data; name=\"caption\"\n\nSunset\n--b--\n",
            "its lines end in a bare LF; multipart/form-data needs CRLF line breaks"
        ),
        (
            "part without a name", "multipart/form-data; boundary=b", "--b\r\nContent-Type: text/plain\r\n\r\nSunset\r\n--b--\r\n",
            "part 1 has no Content-Disposition header to name it"
        ),
    ]

    @Test("A broken multipart body is a mismatch that says why, never a crash", arguments: brokenBodies.indices)
    func brokenBody(index: Int) throws {
        let broken = Self.brokenBodies[index]
        let request = try recorded((Data(broken.body.utf8), broken.contentType))

        let reasons = HTTPRequestMatcher.any.body(.multipart()).mismatches(for: request)

        #expect(reasons == ["body is not valid multipart/form-data: " + broken.reason], "\(broken.name)")
        #expect(request.multipartParts.isEmpty)
        #expect(request.description.contains("body: not valid multipart/form-data (\(broken.reason))"), "\(broken.name)")
    }

    #if os(Linux)
    @Test("On Linux an upload task's body never reaches the protocol, and the multipart mismatch says there is none")
    func uploadTaskOnLinux() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        let upload = SampleUpload.handBuilt()

        _ = try await stubs.session.uploadTaskResult(
            for: try makeRequest("POST", "https://a.test/photos", headers: ["Content-Type": upload.contentType]), from: upload.body)

        let request = try #require(stubs.requests.first)
        #expect(
            HTTPRequestMatcher.any.body(.multipart()).mismatches(for: request) == [
                "body is not valid multipart/form-data: the request has no body"
            ])
    }
    #endif

    private func recorded(_ upload: (body: Data, contentType: String)) throws -> RecordedHTTPRequest {
        RecordedHTTPRequest(
            method: .post, url: try makeURL("https://a.test/photos"), headers: ["Content-Type": upload.contentType], body: upload.body)
    }
}
