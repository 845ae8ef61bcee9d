import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPStubRegistry.requests")
struct HTTPStubRegistryRecordingTests {
    @Test("Requests are recorded in order with method, URL and headers")
    func order() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)

        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/one", headers: ["Accept": "text/plain"]))
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("DELETE", "https://a.test/two?x=1"))

        let requests = stubs.requests
        #expect(requests.map(\.summary) == ["GET https://a.test/one", "DELETE https://a.test/two?x=1"])
        #expect(requests.first?.header("accept") == "text/plain")
        #expect(requests.last?.queryValue("x") == "1")
    }

    @Test("clearRecorded forgets the requests, so expectRequested counts only later ones")
    func clearRecorded() async throws {
        let stubs = HTTPStubRegistry()
        let books = stubs.stub(.get("/books"), with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))
        stubs.expectRequested(.get("/books"), count: 1)

        stubs.clearRecorded()
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books?page=2"))

        #expect(stubs.requests.map(\.summary) == ["GET https://a.test/books?page=2"])
        #expect(books.answerCount == 2)
        let failures = FailureReporter.collectFailures { stubs.expectRequested(.get("/books"), count: 1) }
        #expect(failures.isEmpty)
    }

    @Test("A POST body sent with a data task is recorded")
    func postBody() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.post("/books"), with: .status(201))
        let body = Data(#"{"title":"Dune"}"#.utf8)

        _ = try await stubs.session.dataTaskResult(
            for: try makeRequest("POST", "https://a.test/books", body: body, headers: ["Content-Type": "application/json"]))

        #expect(stubs.requests.first?.body == body)
        #expect(stubs.requests.first?.bodyText == #"{"title":"Dune"}"#)
    }

    @Test("A body given as httpBodyStream is drained into the recording")
    func bodyStream() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.post("/upload").body(.text("streamed bytes")), with: .status(201))
        var request = try makeRequest("POST", "https://a.test/upload")
        request.httpBodyStream = InputStream(data: Data("streamed bytes".utf8))

        let (_, response) = try await stubs.session.text(for: request)

        #expect(response.statusCode == 201)
        #expect(stubs.requests.first?.bodyText == "streamed bytes")
    }

    @Test("A completion-handler data task is answered and recorded")
    func completionHandlerTask() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), with: .text("listed"))
        let request = try makeRequest("GET", "https://a.test/books")

        let text: String? = await withCheckedContinuation { continuation in
            stubs.session.dataTask(with: request) { data, _, _ in
                continuation.resume(returning: data.map { String(decoding: $0, as: UTF8.self) })
            }.resume()
        }

        #expect(text == "listed")
        #expect(stubs.requests.count == 1)
    }

    @Test("An upload task is answered by the stub")
    func uploadIsAnswered() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.post("/covers"), with: .status(201))

        let (_, response) = try await stubs.session.uploadTaskResult(
            for: try makeRequest("POST", "https://a.test/covers"), from: Data("image".utf8))

        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(stubs.requests.count == 1)
    }

    #if os(Linux)
    @Test("On Linux an upload task's body never reaches the protocol, so it is recorded as nil")
    func uploadBodyOnLinux() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.post("/covers"), with: .status(201))

        _ = try await stubs.session.uploadTaskResult(for: try makeRequest("POST", "https://a.test/covers"), from: Data("image".utf8))

        #expect(stubs.requests.first?.body == nil)
    }
    #endif

    @Test("A completion-handler download task receives the stubbed response")
    func downloadTask() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/export"), with: .text("csv"))
        let request = try makeRequest("GET", "https://a.test/export")

        let (location, status, error): (URL?, Int?, (any Error)?) = await withCheckedContinuation { continuation in
            stubs.session.downloadTask(with: request) { location, response, error in
                continuation.resume(returning: (location, (response as? HTTPURLResponse)?.statusCode, error))
            }.resume()
        }

        #expect(error == nil)
        #expect(status == 200)
        #if os(Linux)
        // swift-corelibs-foundation writes a file only for its own HTTP protocol; a custom
        // protocol's download completes with no file.
        #expect(location == nil)
        #else
        #expect(location != nil)
        #endif
        #expect(stubs.requests.first?.summary == "GET https://a.test/export")
    }

    @Test("requests(matching:) selects recorded requests with a matcher")
    func requestsMatching() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        for page in 1...3 {
            _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books?page=\(page)"))
        }

        let selected = stubs.requests(matching: .get("/books").query(["page": "2"]))

        #expect(selected.map(\.url.absoluteString) == ["https://a.test/books?page=2"])
    }

    @Test("Form and JSON bodies can be read back from the recording")
    func bodyAccessors() throws {
        let form = RecordedHTTPRequest(method: .post, url: try makeURL("https://a.test/login"), body: Data("user=ada+l&pw=%26x".utf8))
        let json = RecordedHTTPRequest(method: .post, url: try makeURL("https://a.test/books"), body: Data(#"{"title":"Dune"}"#.utf8))

        #expect(form.formFields == ["user": "ada l", "pw": "&x"])
        #expect(try json.decodeJSONBody([String: String].self) == ["title": "Dune"])
    }
}
