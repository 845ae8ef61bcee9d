import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Realistic credential flows, each with the secrets it plants, for recording with no
/// configuration against a loopback server. The secrets are made up, in their issuers' formats.
struct CredentialFlow: Sendable, CustomStringConvertible {
    let name: String
    /// Every secret the flow's requests or responses carry.
    let secrets: [String]
    /// Sends the flow's requests through `session` to `base` and returns each response's status
    /// and body.
    let run: @Sendable (_ session: URLSession, _ base: String) async throws -> [(Int, String)]

    var description: String { name }

    // A JWT: {"alg":"RS256","typ":"JWT"}.{"sub":"ada","iss":"https://id.example"}.signature
    static let jwt =
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZGEiLCJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUifQ.c2lnbmF0dXJlLW5vdC1yZWFsLTAxMjM0NTY3ODk"
    static let githubToken = "ghs_" + "16C7e42F292c6912E7710c838347Ae178B4a"
    static let slackToken = "xoxb-" + "2634567890123-2634567890124-AbCdEfGhIjKlMnOpQrStUvWx"
    static let stripeKey = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
    static let privateKey = """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj
        MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu
        -----END PRIVATE KEY-----
        """

    /// The nine flows.
    static let all: [CredentialFlow] = [
        oauthPasswordGrant, github, awsSigV4, apiKeys, urlUserInfo, unnamedValues, graphQLLogin, stripeBasicAuth, pagination,
    ]

    static let oauthPasswordGrant = CredentialFlow(
        name: "OAuth2 password grant",
        secrets: [
            "Tr0ub4dor&3-horse", "cs_9f8e7d6c5b4a3f2e1d", "at_5d41402abc4b2a76b9719d911017c592", "rt_7d793037a0760186574b0282f2f435e7", jwt,
        ]
    ) { session, base in
        let login = try await send(
            session, "POST", base + "/oauth/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "grant_type=password&username=ada&password=Tr0ub4dor%263-horse&client_id=shelf&client_secret=cs_9f8e7d6c5b4a3f2e1d")
        let token = try field("access_token", in: login.1)
        let me = try await send(session, "GET", base + "/me", headers: ["Authorization": "Bearer \(token)"])
        let refresh = try await send(
            session, "POST", base + "/oauth/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "grant_type=refresh_token&refresh_token=\(try field("refresh_token", in: login.1))")
        return [login, me, refresh]
    }

    static let github = CredentialFlow(name: "GitHub installation token", secrets: [jwt, githubToken]) { session, base in
        let issued = try await send(
            session, "POST", base + "/app/installations/42/access_tokens", headers: ["Authorization": "Bearer \(jwt)"])
        let repo = try await send(
            session, "GET", base + "/repos/acme/widgets", headers: ["Authorization": "token \(try field("token", in: issued.1))"])
        return [issued, repo]
    }

    static let awsSigV4 = CredentialFlow(
        name: "AWS SigV4",
        secrets: ["AKIAIOSFODNN7REALKEY", "FwoGZXIvYXdzEBYaDHVzLWVhc3QtMSJHMEUCIQD6example", "ASIAY34FZKBOKMUTVV7A", "9f2b6c1e0a7d4e8b"]
    ) { session, base in
        let signed = try await send(
            session, "GET", base + "/bucket/report.csv",
            headers: [
                "Authorization":
                    "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7REALKEY/20240101/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=9f2b6c1e0a7d4e8b5c3a",
                "X-Amz-Security-Token": "FwoGZXIvYXdzEBYaDHVzLWVhc3QtMSJHMEUCIQD6example", "X-Amz-Date": "20240101T000000Z",
            ])
        let presigned = try await send(
            session, "GET",
            base
                + "/bucket/report.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIAY34FZKBOKMUTVV7A%2F20240101%2Fus-east-1%2Fs3%2Faws4_request"
                + "&X-Amz-Date=20240101T000000Z&X-Amz-Expires=300&X-Amz-SignedHeaders=host"
                + "&X-Amz-Security-Token=FwoGZXIvYXdzEBYaDHVzLWVhc3QtMSJHMEUCIQD6example&X-Amz-Signature=9f2b6c1e0a7d4e8b5c3a")
        return [signed, presigned]
    }

    static let apiKeys = CredentialFlow(
        name: "API keys", secrets: ["key-header-6b1f0c9e2d", "key-query-a7c3e9f1b2", "tok-query-0d9e8f7a6b"]
    ) {
        session, base in
        [
            try await send(session, "GET", base + "/v1/items", headers: ["X-Api-Key": "key-header-6b1f0c9e2d"]),
            try await send(session, "GET", base + "/v1/search?q=dune&api_key=key-query-a7c3e9f1b2"),
            try await send(session, "GET", base + "/v1/feed?access_token=tok-query-0d9e8f7a6b"),
        ]
    }

    static let urlUserInfo = CredentialFlow(name: "URL user info", secrets: ["hunter2-userinfo-pw"]) { session, base in
        [try await send(session, "GET", base.replacingOccurrences(of: "http://", with: "http://ada:hunter2-userinfo-pw@") + "/private")]
    }

    static let unnamedValues = CredentialFlow(
        name: "values with no telling name",
        secrets: [slackToken, privateKey] + privateKey.split(separator: "\n").dropFirst().dropLast().map(String.init)
    ) { session, base in
        [try await send(session, "GET", base + "/integrations"), try await send(session, "GET", base + "/keys/deploy")]
    }

    static let graphQLLogin = CredentialFlow(name: "GraphQL login", secrets: ["gq-password-5e8a1c", "sess_3c6e0b8a4f2d9e1b7a5c"]) {
        session, base in
        let login = try await send(
            session, "POST", base + "/graphql", headers: ["Content-Type": "application/json"],
            body:
                #"{"query":"mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { sessionToken } }","variables":{"email":"ada@example.com","password":"gq-password-5e8a1c"}}"#
        )
        let token = try JSONSerialization.jsonObject(with: Data(login.1.utf8)) as? [String: Any]
        let session_ = ((token?["data"] as? [String: Any])?["login"] as? [String: Any])?["sessionToken"] as? String ?? ""
        let me = try await send(
            session, "POST", base + "/graphql", headers: ["Content-Type": "application/json", "Authorization": "Bearer \(session_)"],
            body: #"{"query":"{ me { name } }"}"#)
        return [login, me]
    }

    static let stripeBasicAuth = CredentialFlow(name: "Stripe key in Basic auth", secrets: [stripeKey]) { session, base in
        let basic = Data("\(stripeKey):".utf8).base64EncodedString()
        return [try await send(session, "GET", base + "/v1/charges?limit=1", headers: ["Authorization": "Basic \(basic)"])]
    }

    static let pagination = CredentialFlow(name: "pagination with a redacted cursor", secrets: ["cur-7f3a9b2c1d0e5f4a"]) { session, base in
        let first = try await send(session, "GET", base + "/books")
        let cursor = try field("token", in: first.1)
        let second = try await send(session, "GET", base + "/books?token=\(cursor)")
        let again = try await send(session, "GET", base + "/books/count?after=\(cursor)")
        return [first, second, again]
    }

    // MARK: The server

    /// The loopback server all flows talk to; it checks what clients send as a real API would.
    static func respond(to request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        let body = String(decoding: request.body, as: UTF8.self)
        let auth = request.headers.first { $0.key.lowercased() == "authorization" }?.value ?? ""
        func json(_ text: String, status: Int = 200) -> LoopbackHTTPServer.Response {
            LoopbackHTTPServer.Response(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
        switch request.target {
        case "/oauth/token" where body.contains("grant_type=password"):
            return json(
                #"{"access_token":"at_5d41402abc4b2a76b9719d911017c592","refresh_token":"rt_7d793037a0760186574b0282f2f435e7","#
                    + #""id_token":"\#(jwt)","token_type":"Bearer","expires_in":3600}"#)
        case "/oauth/token":
            return json(#"{"access_token":"at_5d41402abc4b2a76b9719d911017c592","token_type":"Bearer","expires_in":3600}"#)
        case "/me": return json(#"{"name":"Ada"}"#, status: auth.hasSuffix("at_5d41402abc4b2a76b9719d911017c592") ? 200 : 401)
        case "/app/installations/42/access_tokens": return json(#"{"token":"\#(githubToken)","expires_at":"2030-01-01T00:00:00Z"}"#)
        case "/repos/acme/widgets": return json(#"{"id":1,"node_id":"R_kgDOABCDEF","full_name":"acme/widgets"}"#)
        case "/integrations": return json(#"{"integration":{"name":"shelf-bot","bot":"\#(slackToken)"}}"#)
        case "/keys/deploy":
            return LoopbackHTTPServer.Response(headers: ["Content-Type": "text/plain"], body: Data(privateKey.utf8))
        case "/graphql" where body.contains("mutation Login"):
            return json(#"{"data":{"login":{"sessionToken":"sess_3c6e0b8a4f2d9e1b7a5c","user":{"id":"VXNlcjox"}}}}"#)
        case "/graphql": return json(#"{"data":{"me":{"name":"Ada"}}}"#)
        case "/books": return json(#"{"books":["Dune","Emma"],"page":{"token":"cur-7f3a9b2c1d0e5f4a"}}"#)
        case "/books?token=cur-7f3a9b2c1d0e5f4a": return json(#"{"books":["Ulysses"],"page":{}}"#)
        case "/books/count?after=cur-7f3a9b2c1d0e5f4a": return json(#"{"remaining":0}"#)
        default: return json(#"{"ok":true}"#, status: request.target.hasPrefix("/books") ? 400 : 200)
        }
    }

    private static func send(
        _ session: URLSession, _ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil
    ) async throws -> (Int, String) {
        guard let url = URL(string: url) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (text, status) = try await session.bodyAndStatus(for: request)
        return (status, text)
    }

    /// The string value of `name` at any depth of a JSON body.
    private static func field(_ name: String, in body: String) throws -> String {
        func find(_ value: Any) -> String? {
            if let object = value as? [String: Any] {
                if let found = object[name] as? String { return found }
                return object.values.lazy.compactMap(find).first
            }
            return nil
        }
        return find(try JSONSerialization.jsonObject(with: Data(body.utf8))) ?? ""
    }

    /// Every form in which `secret` could sit in a file: as it is, JSON-escaped, percent-encoded,
    /// form-encoded and base64-encoded.
    static func encodings(of secret: String) -> [String] {
        let encoded = (try? JSONEncoder().encode(secret)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\(secret)\""
        let json = String(encoded.dropFirst().dropLast())
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let percent = secret.addingPercentEncoding(withAllowedCharacters: allowed) ?? secret
        let base64 = Data(secret.utf8).base64EncodedString()
        return [secret, json, percent, percent.replacingOccurrences(of: "%20", with: "+"), base64, String(base64.prefix(16))]
    }
}
