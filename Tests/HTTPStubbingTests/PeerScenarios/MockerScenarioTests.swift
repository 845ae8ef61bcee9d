import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The scenarios of Mocker's own test suite, each played through a registry and a real
/// `URLSession`: what a Mocker user expects the stubbed session to deliver.
@Suite("Mocker scenarios on a registry")
struct MockerScenarioTests {
    private let stubs = HTTPStubRegistry()
    private let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x2A])

    private struct Framework: Codable, Equatable {
        let name: String
        let owner: String
    }

    @Test("Image data stubbed for an exact URL with a query arrives byte for byte, with its content type")
    func imageForExactURL() async throws {
        let url = try makeURL("https://avatars.example/u/26250426?v=4&s=400")
        stubs.stub(.get(exactly: url.absoluteString), with: .data(png, contentType: "image/png"))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: url))

        #expect(delivery.error == nil)
        #expect(delivery.data == png)
        #expect(delivery.response?.value(forHTTPHeaderField: "Content-Type") == "image/png")
    }

    @Test("A stub for a file extension answers any URL whose path has that extension")
    func fileExtension() async throws {
        stubs.stub(.method(.get).pathExtension("png"), with: .data(png, contentType: "image/png"))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://files.example/sample-image.png")))

        #expect(delivery.data == png)
    }

    @Test("A stub for one URL registered after an extension stub answers instead of it")
    func specificURLOverExtension() async throws {
        stubs.stub(.method(.get).pathExtension("png"), with: .data(Data(), status: 400))
        stubs.stub(.get("https://files.example/sample-image.png"), with: .data(png, contentType: "image/png"))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://files.example/sample-image.png")))

        #expect(delivery.response?.statusCode == 200)
        #expect(delivery.data == png)
    }

    @Test("A location written without its query answers the URL with any query added (Mocker's ignoreQuery)")
    func ignoreQuery() async throws {
        stubs.stub(.get("https://files.example/sample-image.png"), with: .data(png))
        let url = try makeURL("https://files.example/sample-image.png?width=200&height=200&\(UUID().uuidString)")

        let delivery = try await stubs.session.delivery(for: URLRequest(url: url))

        #expect(delivery.data == png)
    }

    @Test("An exact location does not answer the same URL with one more query item (Mocker's default)")
    func exactURLRejectsExtraQueryItem() async throws {
        stubs.stub(.get(exactly: "https://files.example/sample-image.png?width=200"), with: .data(png))

        let delivery = try await stubs.session.delivery(
            for: URLRequest(url: try makeURL("https://files.example/sample-image.png?width=200&height=200")))

        #expect(delivery.urlErrorCode == .resourceUnavailable)
        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("No stub matches GET https://files.example/sample-image.png?width=200&height=200")
            }
        }
    }

    @Test("A JSON response decodes on the client")
    func json() async throws {
        stubs.stub(.get(exactly: "https://api.example/example.json"), with: .json(#"{"name": "Mocker", "owner": "WeTransfer"}"#))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://api.example/example.json")))

        let framework = try JSONDecoder().decode(Framework.self, from: try #require(delivery.data))
        #expect(framework == Framework(name: "Mocker", owner: "WeTransfer"))
        #expect(delivery.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("A status-only answer to a PUT has an empty body, not nil, and no Content-Type")
    func noContentType() async throws {
        stubs.stub(.put(exactly: "https://api.example/api/foobar"), with: .status(202))

        let delivery = try await stubs.session.delivery(for: try makeRequest("PUT", "https://api.example/api/foobar"))

        #expect(delivery.response?.statusCode == 202)
        #expect(delivery.data == Data())
        #expect(delivery.response?.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("Extra response headers reach the client beside the content type")
    func additionalHeaders() async throws {
        stubs.stub(.get("/headers"), with: .data(Data(), contentType: "application/json", headers: ["Testkey": "testvalue"]))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://api.example/headers")))

        #expect(delivery.response?.value(forHTTPHeaderField: "Testkey") == "testvalue")
        #expect(delivery.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("A stub registered later for the same request replaces the earlier one's answer")
    func overriding() async throws {
        stubs.stub(.get("/override"), with: .status(200, headers: ["testkey": "testvalue"]))
        stubs.stub(.get("/override"), with: .status(200, headers: ["Newkey": "newvalue"]))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://api.example/override")))

        #expect(delivery.response?.value(forHTTPHeaderField: "Newkey") == "newvalue")
        #expect(delivery.response?.value(forHTTPHeaderField: "testkey") == nil)
    }

    @Test("A session the client builds from the default configuration is stubbed through makeConfiguration(from:)")
    func customSession() async throws {
        stubs.stub(.method(.get).pathExtension("png"), with: .data(png, contentType: "image/png"))
        let session = URLSession(configuration: stubs.makeConfiguration(from: .default))
        defer { session.finishTasksAndInvalidate() }

        let delivery = try await session.delivery(for: URLRequest(url: try makeURL("https://files.example/sample-image.png")))

        #expect(delivery.data == png)
    }

    @Test("A task cancelled while its response is delayed ends with URLError.cancelled and nothing else")
    func cancelDuringDelay() async throws {
        let arrived = EventCounter()
        // A delay no run reaches, however loaded the machine: the cancel always comes first.
        stubs.stub(.get("/slow")) { _ in
            arrived.increment()
            return HTTPStubResponse.json("{}").delayed(by: 600)
        }
        let outcome = Locked(TaskDelivery?.none)
        let delivered = EventCounter()
        let task = stubs.session.dataTask(with: try makeURL("https://api.example/slow")) { data, response, error in
            outcome.withLock { $0 = TaskDelivery(data: data, response: response as? HTTPURLResponse, error: error) }
            delivered.increment()
        }
        task.resume()
        try #require(await arrived.wait(for: 1, timeout: .seconds(60)))

        task.cancel()
        try #require(await delivered.wait(for: 1, timeout: .seconds(60)))

        #expect(outcome.value?.urlErrorCode == .cancelled)
        #expect(outcome.value?.data == nil)
        #expect(stubs.requests.map(\.outcome) == [.cancelled])
    }

    @Test("A redirect to another stubbed URL delivers the final JSON")
    func redirect() async throws {
        stubs.stub(.get(exactly: "https://we.example/redirect"), with: .redirect(to: "https://wetransfer.example/redirect"))
        stubs.stub(.get(exactly: "https://wetransfer.example/redirect"), with: .json(#"{"name": "Mocker", "owner": "WeTransfer"}"#))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://we.example/redirect")))

        let framework = try JSONDecoder().decode(Framework.self, from: try #require(delivery.data))
        #expect(framework.name == "Mocker")
        #expect(delivery.response?.url?.absoluteString == "https://wetransfer.example/redirect")
    }

    @Test("A redirect read from a raw HTTP message is followed like a stubbed one")
    func redirectFromHTTPMessage() async throws {
        stubs.stub(
            .get("https://we.example/redirect"),
            with: .httpMessage(
                "HTTP/1.1 302 Found\r\nLocation: https://wetransfer.example/redirect\r\nContent-Type: text/html\r\n\r\n<html></html>"))
        stubs.stub(.get("https://wetransfer.example/redirect"), with: .json(#"{"name": "Mocker", "owner": "WeTransfer"}"#))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://we.example/redirect")))

        #expect(delivery.response?.statusCode == 200)
        #expect(
            stubs.requests.map(\.outcome).first
                == .redirected(statusCode: 302, location: try makeURL("https://wetransfer.example/redirect")))
    }

    @Test("Unmatched requests pass to another session while stubs still answer first (Mocker's ignore and opt-in)")
    func passThrough() async throws {
        let network = HTTPStubRegistry()
        network.stub(.get("https://ignored.example/private/sample.png"), with: .text("from the network"))
        stubs.stub(.get("https://mocked.example/data"), with: .text("stubbed"))
        stubs.passUnmatchedRequests(to: network.session)

        let ignored = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://ignored.example/private/sample.png")))
        let mocked = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://mocked.example/data")))

        #expect(ignored.data.map { String(decoding: $0, as: UTF8.self) } == "from the network")
        #expect(mocked.data.map { String(decoding: $0, as: UTF8.self) } == "stubbed")
        #expect(network.requests.map(\.path) == ["/private/sample.png"])
    }

    @Test("A URL composed relative to a base matches a stub for the same absolute URL")
    func composedURL() async throws {
        let composed = try #require(URL(string: "resource", relativeTo: try makeURL("https://host.example/api/")))
        stubs.stub(.get(exactly: "https://host.example/api/resource"), with: .json("{}"))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: composed))

        #expect(delivery.response?.statusCode == 200)
        #expect(HTTPRequestMatcher.get(exactly: "https://host.example/api/resource").matches(URLRequest(url: composed)))
    }

    @Test("The responder sees the request before the client's completion runs (Mocker's onRequest, then completion)")
    func callbacksInOrder() async throws {
        let events = Locked([String]())
        stubs.stub(.get("/callbacks")) { request in
            events.withLock { $0.append("request \(request.path)") }
            return .json("{}")
        }

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://api.example/callbacks")))
        events.withLock { $0.append("completed \(delivery.response?.statusCode ?? 0)") }

        #expect(events.value == ["request /callbacks", "completed 200"])
        #expect(stubs.requests.map(\.outcome) == [.responded(statusCode: 200)])
    }

    @Test("A pretty-printed JSON dictionary body is readable from the recorded request, with its URL")
    func postBodyDictionary() async throws {
        stubs.stub(.post(exactly: "https://www.fake.example"), with: .ok)
        let body = try JSONSerialization.data(withJSONObject: ["test": "value"], options: .prettyPrinted)

        _ = try await stubs.session.delivery(for: try makeRequest("POST", "https://www.fake.example", body: body))

        let sent = try #require(stubs.requests.first)
        #expect(sent.urlRequest?.url?.absoluteString == "https://www.fake.example")
        #expect(try JSONSerialization.jsonObject(with: try #require(sent.body)) as? [String: String] == ["test": "value"])
        #expect(HTTPRequestMatcher.any.body(.json(#"{"test": "value"}"#)).matches(sent))
    }

    @Test("A Codable body decodes from the recorded request, with the default or a custom decoder")
    func postBodyDecodable() async throws {
        struct Parameters: Codable, Equatable {
            let name: String
            let createdAt: Date
        }
        stubs.stub(.post("https://www.fake.example"), with: .ok)
        let expected = Parameters(name: UUID().uuidString, createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601

        _ = try await stubs.session.delivery(for: try makeRequest("POST", "https://www.fake.example", body: try encoder.encode(expected)))

        let sent = try #require(stubs.requests.first)
        #expect(try sent.decodeJSONBody(Parameters.self, decoder: decoder) == expected)
    }

    @Test("A top-level JSON array body is readable from the recorded request")
    func postBodyArray() async throws {
        stubs.stub(.post("https://www.fake.example"), with: .ok)
        let body = try JSONSerialization.data(withJSONObject: [["test": "value"], ["test": "value"]], options: .prettyPrinted)

        _ = try await stubs.session.delivery(for: try makeRequest("POST", "https://www.fake.example", body: body))

        let sent = try #require(stubs.requests.first)
        #expect(try sent.decodeJSONBody([[String: String]].self) == [["test": "value"], ["test": "value"]])
        #expect(HTTPRequestMatcher.any.body(.json(#"[{"test": "value"}, {"test": "value"}]"#)).matches(sent))
    }

    @Test("A POST without a body is recorded with a nil body")
    func postWithoutBody() async throws {
        stubs.stub(.post("https://www.fake.example"), with: .ok)

        _ = try await stubs.session.delivery(for: try makeRequest("POST", "https://www.fake.example"))

        #expect(stubs.requests.map(\.method) == ["POST"])
        #expect(stubs.requests.first?.body == nil)
    }

    @Test("A body sent as a stream is drained and visible to the matcher")
    func bodyStream() async throws {
        stubs.stub(.post("/upload").body(.json(#"{"name": "Dune"}"#)), with: .status(201))
        var request = try makeRequest("POST", "https://api.example/upload")
        request.httpBodyStream = InputStream(data: Data(#"{"name":"Dune"}"#.utf8))

        let delivery = try await stubs.session.delivery(for: request)

        #expect(delivery.response?.statusCode == 201)
        #expect(stubs.requests.first?.bodyText == #"{"name":"Dune"}"#)
    }

    @Test("An undelayed response completes before a delayed one started earlier")
    func delayedAfterUndelayed() async throws {
        stubs.stub(.get("/delayed"), with: HTTPStubResponse.json("{}").delayed(by: 1))
        stubs.stub(.post("/immediate"), with: .json("{}"))
        let order = Locked([String]())
        let session = stubs.session

        try await withThrowingTaskGroup(of: Void.self) { group in
            let delayed = try makeRequest("GET", "https://api.example/delayed")
            let immediate = try makeRequest("POST", "https://api.example/immediate")
            group.addTask {
                _ = try await session.delivery(for: delayed)
                order.withLock { $0.append("delayed") }
            }
            group.addTask {
                _ = try await session.delivery(for: immediate)
                order.withLock { $0.append("immediate") }
            }
            try await group.waitForAll()
        }

        #expect(order.value == ["immediate", "delayed"])
    }

    @Test("removeAllStubs() leaves no stub: the next request is unhandled")
    func removeAll() async throws {
        stubs.stub(.get("/gone"), with: .ok)
        stubs.removeAllStubs()

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://api.example/gone")))

        #expect(delivery.urlErrorCode == .resourceUnavailable)
        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("No stub matches GET https://api.example/gone") }
        }
    }

    @Test("A GET and a PUT stub for the same URL each answer their own method")
    func differentMethodsSameURL() async throws {
        let url = "https://www.fake.example/\(UUID().uuidString)"
        stubs.stub(.get(exactly: url), with: .text("get"))
        stubs.stub(.put(exactly: url), with: .text("put"))

        let get = try await stubs.session.delivery(for: try makeRequest("GET", url))
        let put = try await stubs.session.delivery(for: try makeRequest("PUT", url))

        #expect(get.data.map { String(decoding: $0, as: UTF8.self) } == "get")
        #expect(put.data.map { String(decoding: $0, as: UTF8.self) } == "put")
    }

    @Test("A stubbed error of the client's own type reaches the completion handler with no data or response")
    func customError() async throws {
        enum ExampleError: Error, Equatable {
            case example
        }
        stubs.stub(.get("https://api.example/example.json"), with: .failure(ExampleError.example))

        let delivery = try await stubs.session.delivery(for: URLRequest(url: try makeURL("https://api.example/example.json")))

        #expect(delivery.data == nil)
        #expect(delivery.response == nil)
        #if canImport(FoundationNetworking)
        #expect(delivery.error as? ExampleError == .example)
        #else
        #expect(String(describing: delivery.error).contains("ExampleError"))
        #endif
    }

    @Test("A response with Cache-Control is never served from a cache: the next request reaches the stub again")
    func neverCached() async throws {
        let stub = stubs.stub(
            .get("https://api.example/example.json"),
            with: .json("{}", headers: ["Cache-Control": "public, max-age=31557600, immutable"]))
        let session = URLSession(configuration: stubs.makeConfiguration(from: .default))
        defer { session.finishTasksAndInvalidate() }

        _ = try await session.delivery(for: URLRequest(url: try makeURL("https://api.example/example.json")))
        _ = try await session.delivery(for: URLRequest(url: try makeURL("https://api.example/example.json")))

        #expect(stub.answerCount == 2)
    }
}

/// Mocker scenarios about the registry's stubs changing while requests run.
@Suite("Mocker scenarios: stubs changing during requests")
struct MockerChangingStubsScenarioTests {
    private let stubs = HTTPStubRegistry()

    @Test("A stub registered while the responder runs answers the next request (a mock registered from onRequest)")
    func stubRegisteredDuringRequest() async throws {
        let registry = stubs
        stubs.stub(.get("/token")) { _ in
            registry.stub(.get("/token"), with: .text("second"))
            return .text("first")
        }

        let first = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/token"))
        let second = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/token"))

        #expect(first.data == Data("first".utf8))
        #expect(second.data == Data("second".utf8))
    }

    @Test("A request a client fires and forgets is awaited with waitForCondition (Mocker's expectationForCompletingMock)")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func fireAndForget() async throws {
        stubs.stub(.post("/events"), with: .status(202))
        let session = stubs.session
        let request = try makeRequest("POST", "https://a.test/events", body: Data(#"{"event":"opened"}"#.utf8))
        session.dataTask(with: request).resume()  // the client under test does not wait for the answer

        let answered = await waitForCondition("the event was answered") {
            stubs.requests(matching: .post("/events")).first?.outcome == .responded(statusCode: 202)
        }

        #expect(answered)
        #expect(stubs.requests.first?.bodyText == #"{"event":"opened"}"#)
    }

    @Test("A removed stub stops answering and the earlier one answers again")
    func removedStub() async throws {
        stubs.stub(.get("/books"), with: .text("fallback"))
        let temporary = stubs.stub(.get("/books"), with: .text("temporary"))

        let before = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/books"))
        temporary.remove()
        let after = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/books"))

        #expect(before.data == Data("temporary".utf8))
        #expect(after.data == Data("fallback".utf8))
        #expect(temporary.answerCount == 1)
    }

    @Test("A task cancelled while its body is throttled ends with URLError.cancelled")
    func cancelDuringThrottle() async throws {
        let arrived = EventCounter()
        // 100 s of body at the throttled rate: longer than any loaded run takes to cancel.
        stubs.stub(.get("/big")) { _ in
            arrived.increment()
            return HTTPStubResponse.data(Data(count: 100_000)).throttled(bytesPerSecond: 1_000)
        }
        let outcome = Locked(TaskDelivery?.none)
        let delivered = EventCounter()
        let task = stubs.session.dataTask(with: try makeURL("https://a.test/big")) { data, response, error in
            outcome.withLock { $0 = TaskDelivery(data: data, response: response as? HTTPURLResponse, error: error) }
            delivered.increment()
        }
        task.resume()
        try #require(await arrived.wait(for: 1, timeout: .seconds(60)))

        task.cancel()
        try #require(await delivered.wait(for: 1, timeout: .seconds(60)))

        #expect(outcome.value?.urlErrorCode == .cancelled)
    }

    @Test("A delay longer than the request's timeout fails with URLError.timedOut after the timeout")
    func delayPastTimeout() async throws {
        stubs.stub(.get("/slow"), with: HTTPStubResponse.text("late").delayed(by: 30))
        var request = try makeRequest("GET", "https://a.test/slow")
        request.timeoutInterval = 0.2

        // Without the timeout the answer would come after 30 s: the deadline would end the test first.
        let delivery = try await stubs.session.delivery(for: request, seconds: 10)

        #expect(delivery.urlErrorCode == .timedOut)
        #expect(stubs.requests.map(\.outcome) == [.failed(urlErrorCode: URLError.Code.timedOut.rawValue)])
    }

    @Test("The configuration's request timeout bounds a delayed response too")
    func delayPastConfigurationTimeout() async throws {
        stubs.stub(.get("/slow"), with: HTTPStubResponse.text("late").delayed(by: 30))
        let base = URLSessionConfiguration.ephemeral
        base.timeoutIntervalForRequest = 0.2
        let session = URLSession(configuration: stubs.makeConfiguration(from: base))
        defer { session.finishTasksAndInvalidate() }

        let delivery = try await session.delivery(for: try makeRequest("GET", "https://a.test/slow"), seconds: 10)

        #expect(delivery.urlErrorCode == .timedOut)
    }
}

/// A client that builds its own session, as Alamofire does: its configuration's headers and a
/// delegate of its own.
@Suite("Mocker scenarios: a client's own session configuration")
struct MockerCustomConfigurationScenarioTests {
    private let stubs = HTTPStubRegistry()

    @Test("The configuration's additional headers reach matchers and the recording; the request's own header wins")
    func additionalHeaders() async throws {
        stubs.stub(.get("/me").header("User-Agent", "Bookshelf/1.0"), with: .json("{}"))
        let base = URLSessionConfiguration.default
        base.httpAdditionalHeaders = ["User-Agent": "Bookshelf/1.0", "Accept-Language": "en"]
        let session = URLSession(configuration: stubs.makeConfiguration(from: base))
        defer { session.finishTasksAndInvalidate() }

        let delivery = try await session.delivery(for: try makeRequest("GET", "https://a.test/me", headers: ["Accept-Language": "fr"]))

        #expect(delivery.response?.statusCode == 200)
        let sent = try #require(stubs.requests.first)
        #expect(sent.header("User-Agent") == "Bookshelf/1.0")
        #expect(sent.header("Accept-Language") == "fr")
    }

    @Test("A session with its own delegate and delegate queue gets the body through the delegate")
    func delegateSession() async throws {
        stubs.stub(.get("/books"), with: .json(#"{"books": []}"#))
        let counter = ChunkCounter()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = stubs.makeSession(from: .default, delegate: counter, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        let request = try makeRequest("GET", "https://a.test/books")

        let received = try await withDeadline { await counter.load(request, in: session) }

        #expect(received.data == Data(#"{"books": []}"#.utf8))
    }
}
