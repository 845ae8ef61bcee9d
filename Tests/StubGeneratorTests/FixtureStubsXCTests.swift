import StubGeneratorFixtureStubs
import StubGeneratorFixtures
import TestSupportKit
import XCTest

/// The generated stubs of the awkward fixture protocols, used from XCTest.
final class FixtureStubsXCTests: XCTestCase {
    func test_find_onGeneratedOverloadStub_recordsIntoLabelledSpy() {
        let stub = OverloadedStub()
        stub.findNameSpy.returns(["Ada Lovelace"])

        _ = stub.find(name: "Ada")

        XCTAssertEqual(stub.findNameSpy.calls, ["Ada"])
    }

    func test_parse_whenTypedSpyThrows_throwsTypedError() {
        let stub = EffectsStub(parseFallbackError: .failed, errorFallback: .failed)
        stub.parseSpy.throws(.failed)

        XCTAssertThrowsError(try stub.parse("x")) { error in XCTAssertEqual(error as? AwkwardError, .failed) }
    }

    func test_errorForCode_withConfiguredAnswer_returnsIt() {
        let stub = EffectsStub(parseFallbackError: .failed, errorFallback: .failed)
        stub.errorSpy.returns(.failed)

        XCTAssertEqual(stub.error(forCode: 1), .failed)
    }

    func test_load_withCompletion_recordsIdWithoutClosure() {
        let stub = ParameterShapesStub()

        stub.load(id: 3) { _ in }

        XCTAssertEqual(stub.loadSpy.calls, [3])
    }

    func test_remote_whenSpyThrows_propagatesError() async {
        let stub = MembersStub()
        stub.remoteSpy.throws(AwkwardError.failed)

        do {
            _ = try await stub.remote
            XCTFail("expected remote to throw")
        } catch {
            XCTAssertEqual(error as? AwkwardError, .failed)
        }
    }

    func test_ping_onInternalProtocolStub_answersConfiguredValue() async {
        let stub = InternalServiceStub()
        stub.pingSpy.returns(true)

        let answer = await stub.ping()

        XCTAssertTrue(answer)
    }
}
