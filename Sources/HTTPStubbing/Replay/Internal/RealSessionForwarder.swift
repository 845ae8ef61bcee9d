import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a recorded request through a real session and hands back what it got, as a response
/// the registry can deliver.
enum RealSessionForwarder {
    /// The real server's answer: the response to deliver and, for a cassette, its parts.
    struct Answer: Sendable {
        let response: HTTPStubResponse
        let statusCode: Int
        let headers: [String: String]
        let body: Data
        let succeeded: Bool
    }

    static func send(_ request: RecordedHTTPRequest, through session: URLSession, completion: @escaping @Sendable (Answer) -> Void) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.allHTTPHeaderFields = request.headers
        urlRequest.httpBody = request.body
        // Called inside the stubbed task's startLoading: on Linux every session's work queue
        // targets one shared queue, which creating and resuming a task enter synchronously, so
        // the real task is made elsewhere.
        let prepared = urlRequest
        DispatchQueue.global().async {
            let task = session.dataTask(with: prepared) { data, response, error in
                let answer = Self.answer(data: data, response: response, error: error)
                // Off the session's queues: the stubbed task's client calls enter them too.
                DispatchQueue.global().async { completion(answer) }
            }
            task.resume()
        }
    }

    private static func answer(data: Data?, response: URLResponse?, error: (any Error)?) -> Answer {
        guard let http = response as? HTTPURLResponse else {
            let code = (error as? URLError)?.code ?? .badServerResponse
            return Answer(response: .error(code), statusCode: 0, headers: [:], body: Data(), succeeded: false)
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            guard let name = key as? String, !HTTPCassette.transportHeaders.contains(name.lowercased()) else { continue }
            headers[name] = "\(value)"
        }
        let body = data ?? Data()
        return Answer(
            response: .data(body, status: http.statusCode, headers: headers),
            statusCode: http.statusCode, headers: headers, body: body, succeeded: true
        )
    }
}
