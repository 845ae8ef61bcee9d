import StubGeneratorFixtureStubs
import StubGeneratorFixtures
import TestSupportKit
import Testing

/// The generated stubs of the awkward fixture protocols, used through their protocols.
@Suite("Generated stubs of awkward protocols")
struct FixtureStubsTests {
    @Test("overloads record into the spy named after their labels")
    func overloadsRecordSeparately() async {
        let stub = OverloadedStub()
        stub.findIdSpy.returns(["seven"])
        stub.findSpy.returns(["Swift"])
        let overloaded: any Overloaded = stub

        _ = overloaded.find(id: 7)
        _ = await overloaded.find("swift")

        #expect(stub.findIdSpy.calls == [7])
        #expect(stub.findSpy.calls == ["swift"])
        #expect(stub.findNameSpy.callCount == 0)
    }

    @Test("inout, variadic and multi-parameter calls are recorded")
    func parameterShapesAreRecorded() async {
        let stub = ParameterShapesStub()
        stub.sumSpy.returns(6)
        var value = 41

        stub.increment(&value)
        let sum = stub.sum(1, 2, 3)
        await stub.move(from: "a", to: "b", animated: true)

        #expect(stub.incrementSpy.calls == [41])
        #expect(sum == 6)
        #expect(stub.sumSpy.calls == [[1, 2, 3]])
        #expect(stub.moveSpy.lastCall?.destination == "b")
    }

    @Test("a typed-throws requirement throws the configured error with its type")
    func typedThrowsThrowsTypedError() {
        let stub = EffectsStub(parseFallbackError: .failed, errorFallback: .failed)
        stub.parseSpy.throws(.failed)

        #expect(throws: AwkwardError.failed) { try stub.parse("x") }
    }

    @Test("a read-write property and subscript record their sets")
    func settersAreRecorded() {
        let stub = MembersStub()
        var members: any Members = stub

        members.count = 3
        members[1, 2] = 0.5

        #expect(stub.countSetSpy.calls == [3])
        #expect(stub.subscriptRowColumnSetSpy.lastCall?.newValue == 0.5)
    }

    @Test("an inherited requirement is implemented by the inheriting protocol's stub")
    func inheritedRequirementIsStubbed() {
        let stub = GreeterStub()
        stub.nameSpy.returns("Ada")

        #expect((stub as any Named).name == "Ada")
    }

    @Test("an associated type is chosen by the stub's generic argument")
    func associatedTypeIsGeneric() {
        let stub = ContainerStub<String>()

        stub.add("book")

        #expect(stub.addSpy.calls == ["book"])
    }

    @Test("an actor-constrained protocol's stub is an actor")
    func actorStubAnswers() async {
        let stub = CounterStub()
        stub.incrementSpy.returns(2)

        #expect(await stub.increment() == 2)
    }

    @Test("a main-actor protocol's stub records on the main actor")
    @MainActor
    func mainActorStubRecords() async throws {
        let stub = MainActorScreenStub()

        stub.title = "Shelf"
        try await stub.reload()

        #expect(stub.titleSetSpy.calls == ["Shelf"])
        #expect(stub.reloadSpy.callCount == 1)
    }

    @Test("a generic method records a description of its generic argument")
    func genericArgumentIsDescribed() {
        let stub = GenericMethodsStub()

        stub.log(42)

        #expect(stub.logSpy.calls == ["42"])
    }

    @Test("an internal protocol's stub, generated with internal access, answers through the protocol")
    func internalProtocolStubAnswers() async {
        let stub = InternalServiceStub()
        stub.pingSpy.returns(true)

        #expect(await stub.ping())
        #expect(stub.pingSpy.callCount == 1)
    }
}
