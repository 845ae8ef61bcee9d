import Foundation
import HTTPStubbing
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPStubRegistry isolation")
struct HTTPStubIsolationStressTests {
    @Test("Registries in parallel tests never answer or record each other's requests", arguments: 0..<500)
    func isolation(index: Int) async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("https://api.example.com/value"), with: .text("fallback \(index)"))
        stubs.stub(.get("https://api.example.com/value"), with: .text("\(index)"))
        let request = try makeRequest("GET", "https://api.example.com/value", headers: ["X-Case": "\(index)"])

        let (first, _) = try await stubs.session.text(for: request)
        let (second, _) = try await stubs.session.text(for: request)

        #expect(first == "\(index)")
        #expect(second == "\(index)")
        #expect(stubs.requests.map { $0.header("X-Case") } == ["\(index)", "\(index)"])
    }
}
