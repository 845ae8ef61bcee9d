import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the Bookshelf catalog API over `URLSession`.
///
/// Inject the session: the app passes `URLSession.shared`, tests pass a session whose requests
/// a stub answers.
///
/// ```swift
/// let client = CatalogAPIClient(baseURL: URL(string: "https://api.bookshelf.example")!, session: .shared)
/// let token = try await client.logIn(username: "ada", password: "secret")
/// let page = try await client.books(page: 1, token: token)
/// ```
public struct CatalogAPIClient: Sendable {
    private let baseURL: URL
    private let session: URLSession

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The API's root, such as `https://api.bookshelf.example`.
    ///   - session: The session that sends the requests.
    public init(baseURL: URL, session: URLSession) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Logs in with a form-encoded `POST /login` and returns the access token.
    ///
    /// - Parameters:
    ///   - username: The account's user name.
    ///   - password: The account's password.
    /// - Returns: The token to send with later requests.
    /// - Throws: ``CatalogAPIError`` for a rejected login or an unexpected reply; `URLError`
    ///   when the network fails.
    public func logIn(username: String, password: String) async throws -> AuthToken {
        var request = URLRequest(url: baseURL.appendingPathComponent("login"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(Self.formEncoded(["username": username, "password": password]).utf8)
        let data = try await send(request, expecting: 200, orElse: [401: .invalidCredentials])
        return try decode(AuthToken.self, from: data)
    }

    /// Fetches one page of the catalog with `GET /books?page=N`.
    ///
    /// - Parameters:
    ///   - page: The page number, from 1.
    ///   - token: The token from ``logIn(username:password:)``.
    /// - Returns: The page.
    /// - Throws: ``CatalogAPIError`` or `URLError`.
    public func books(page: Int, token: AuthToken) async throws -> CatalogPage {
        var components = URLComponents(url: baseURL.appendingPathComponent("books"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "page", value: String(page))]
        guard let url = components?.url else { throw CatalogAPIError.invalidRequest }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(token.value)", forHTTPHeaderField: "Authorization")
        let data = try await send(request, expecting: 200, orElse: [401: .unauthorized])
        return try decode(CatalogPage.self, from: data)
    }

    /// Adds a book with a JSON `POST /books` and returns it as the server stored it.
    ///
    /// - Parameters:
    ///   - book: The book to add.
    ///   - token: The token from ``logIn(username:password:)``.
    /// - Returns: The stored book, with its identifier and date.
    /// - Throws: ``CatalogAPIError`` or `URLError`.
    public func addBook(_ book: NewBook, token: AuthToken) async throws -> Book {
        var request = URLRequest(url: baseURL.appendingPathComponent("books"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token.value)", forHTTPHeaderField: "Authorization")
        request.httpBody = try Self.encoder.encode(book)
        let data = try await send(request, expecting: 201, orElse: [401: .unauthorized])
        return try decode(Book.self, from: data)
    }

    /// The encoder the API expects: ISO 8601 dates.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The decoder for the API's replies: ISO 8601 dates.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private func send(_ request: URLRequest, expecting status: Int, orElse known: [Int: CatalogAPIError]) async throws -> Data {
        let (data, response) = try await session.dataTaskResult(for: request)
        guard let http = response as? HTTPURLResponse else { throw CatalogAPIError.unexpectedStatus(0) }
        guard http.statusCode == status else {
            throw known[http.statusCode] ?? CatalogAPIError.unexpectedStatus(http.statusCode)
        }
        return data
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        do {
            return try Self.decoder.decode(type, from: data)
        } catch {
            throw CatalogAPIError.malformedResponse
        }
    }

    private static func formEncoded(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.sorted { $0.key < $1.key }
            .map { name, value in
                let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
                return "\(name)=\(encoded)"
            }
            .joined(separator: "&")
    }
}
