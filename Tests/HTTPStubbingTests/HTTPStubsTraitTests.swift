#if compiler(>=6.1)
import Foundation
import HTTPStubbing
import TestSupportTesting
import Testing

@Suite("The .httpStubs trait")
struct HTTPStubsTraitTests {
    @Test("It gives the test a registry through HTTPStubRegistry.current", .httpStubs)
    func providesRegistry() async throws {
        let stubs = try #require(HTTPStubRegistry.current)
        stubs.stub(.get("https://api.example.com/books"), with: .json("[]"))

        let (data, _) = try await stubs.session.dataTaskResult(from: try #require(URL(string: "https://api.example.com/books")))

        #expect(String(decoding: data, as: UTF8.self) == "[]")
    }

    @Test("Outside the trait there is no current registry")
    func noRegistryOutsideTrait() {
        #expect(HTTPStubRegistry.current == nil)
    }

    @Test("An unhandled request fails the running test at its declaration once the body returns")
    func unhandledRequestFailsRunningTest() async throws {
        let test = try #require(Test.current)
        let declarationLine = test.sourceLocation.line
        try await withKnownIssue {
            try await HTTPStubsTrait.httpStubs.provideScope(for: test, testCase: Test.Case.current) {
                let stubs = try #require(HTTPStubRegistry.current)
                _ = try? await stubs.session.dataTaskResult(from: try #require(URL(string: "https://api.example.com/missing")))
            }
        } matching: { issue in
            issue.isFailure(containing: "HTTP stubs at the end of the test: ", line: declarationLine)
                && issue.message.contains("/missing")
        }
    }
}
#endif

#if compiler(>=6.1)
@Suite("The .httpStubs trait on a suite", .httpStubs)
struct HTTPStubsSuiteTraitTests {
    @Test("Each test case of the suite gets a registry", arguments: [1, 2])
    func eachTestCaseGetsRegistry(_ number: Int) {
        #expect(HTTPStubRegistry.current != nil, "case \(number)")
    }
}
#endif
