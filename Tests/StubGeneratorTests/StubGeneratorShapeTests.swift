import Foundation
import StubGeneratorCore
import Testing

/// The spelling the generator gives each awkward shape, read from the fixture module's graph.
@Suite("StubGenerator on awkward shapes")
struct StubGeneratorShapeTests {
    func stub(_ protocolName: String, answers: StubAnswers = .strict) throws -> String {
        try #require(StubGeneratorTests.fixtures(.internal, answers: answers).generate(protocols: [protocolName]).stubs.first)
            .contents
    }

    @Test("a stub imports the modules its signatures' types come from, FoundationNetworking behind canImport")
    func importsComeFromTypeIdentifiers() throws {
        let contents = try stub("HTTPSession")

        #expect(contents.contains("\nimport Foundation\n"))
        #expect(contents.contains("#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"))
    }

    @Test("a stub imports a module of the package that its signatures use")
    func importsOtherModulesOfThePackage() throws {
        #expect(try stub("SecretStoring").contains("\nimport KeychainInterface\n"))
        #expect(try stub("WorkScheduling").contains("\nimport DispatchQueueInterface\n"))
    }

    @Test("a module the protocol's file imports with @preconcurrency is imported the same way")
    func preconcurrencyImportIsKept() throws {
        #expect(try stub("DurationMeasuring").contains("\n@preconcurrency import Foundation\n"))
    }

    @Test("a protocol that is not Sendable, passing values that are not, gets a main-actor stub and conformance")
    func nonSendableValuesGetMainActorSpies() throws {
        let contents = try stub("FixtureViewDelegate")

        #expect(contents.contains("@MainActor final class FixtureViewDelegateStub: @MainActor FixtureViewDelegate, SpyingStub {"))
        #expect(contents.contains("let viewDidTapSpy = MainActorSpy<FixtureView, Void>(\"viewDidTap(_:)\")"))
    }

    @Test("a Sendable protocol records a parameter that is not Sendable as its description")
    func nonSendableParameterOfSendableProtocolIsDescribed() throws {
        let contents = try stub("AnalyticsTracking")

        #expect(contents.contains("let trackSpy = Spy<(event: String, payload: String), Void>(\"track(_:payload:)\")"))
        #expect(contents.contains("trackSpy.call((event, String(describing: payload)))"))
    }

    @Test("a closure result is kept as a Sendable closure and its fallback parameter escapes")
    func closureResultEscapesAndIsSendable() throws {
        let contents = try stub("TransformMaking")

        #expect(contents.contains("init(makeTransformFallback: @escaping @Sendable (Int) -> Int, fileID: StaticString = #fileID,"))
        #expect(contents.contains("let makeTransformSpy: Spy<Void, @Sendable (Int) -> Int>"))
    }

    @Test("an implicitly unwrapped optional is an optional in the spy's type")
    func implicitlyUnwrappedOptionalBecomesOptional() throws {
        let contents = try stub("ImplicitlyUnwrapped")

        #expect(contents.contains("let implicitReturnSpy = Spy<Void, String?>(\"implicitReturn()\", strictFallback: nil)"))
        #expect(contents.contains("let takeSpy = Spy<Int?, Void>(\"take(_:)\")"))
    }

    @Test("sending stays in the member and leaves the spy's type")
    func sendingLeavesSpyType() throws {
        let contents = try stub("SendingValues")

        #expect(contents.contains("func make() -> sending [Int] { makeSpy.call() }"))
        #expect(contents.contains("let makeSpy = Spy<Void, [Int]>(\"make()\", strictFallback: [])"))
    }

    @Test("a parameter named with a keyword is escaped where it is a value")
    func keywordParameterIsEscaped() throws {
        let contents = try stub("KeywordNames")

        #expect(contents.contains("func lookup(for: String) -> Int { lookupSpy.call(`for`) }"))
        #expect(contents.contains("moveSpy.call((`in`, `default`))"))
    }

    @Test("a spy never takes the name of one of the protocol's members")
    func spyNamesAvoidMemberNames() throws {
        let contents = try stub("SpyNamedMembers")

        #expect(contents.contains("var loadSpy: Int { loadSpySpy.call() }"))
        #expect(contents.contains("func load() { loadCallSpy.call() }"))
    }

    @Test("a requirement restated in a refining protocol is implemented once, without override")
    func restatedRequirementIsImplementedOnce() throws {
        let contents = try stub("RefinedRunning")

        #expect(contents.components(separatedBy: "func run() -> Bool").count == 2)
        #expect(!contents.contains("override"))
    }

    @Test("an associated type constrained to Codable keeps both protocols in one composition")
    func codableAssociatedTypeIsOneComposition() throws {
        #expect(
            try stub("CodableStoring").contains(
                "final class CodableStoringStub<Value: Decodable & Encodable & Sendable>: CodableStoring, SpyingStub {"))
    }

    @Test("a parameter pack is recorded as the description of its values")
    func parameterPackIsDescribed() throws {
        #expect(try stub("PackRecording").contains("recordSpy.call(String(describing: (repeat each values)))"))
    }

    @Test("a requirement returning Never records the call, and the initializer takes no Never")
    func neverResultNeedsNoFallback() throws {
        let contents = try stub("NeverReturning")

        #expect(
            contents.contains(
                "    init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {"
            ))
        #expect(contents.contains("let haltSpy = Spy<String, Void>(\"halt(_:)\")"))
    }

    @Test("throws(Never) is called without try")
    func throwsNeverHasNoTry() throws {
        #expect(try stub("ThrowsNever").contains("func parse(_ text: String) throws(Never) -> Int { parseSpy.call(text) }"))
    }

    @Test("a protocol's own typealias is resolved instead of refused")
    func ownTypealiasIsResolved() throws {
        let contents = try stub("AliasedCompletion")

        #expect(contents.contains("func send(_ payload: Payload) -> Bool { sendSpy.call(payload) }"))
        #expect(contents.contains("let sendSpy = Spy<[String : Int], Bool>(\"send(_:)\", strictFallback: false)"))
    }

    @Test("a protocol nested in a type gets a stub named after both")
    func nestedProtocolIsStubbed() throws {
        let generated = try StubGeneratorTests.fixtures(.internal).generate(protocols: ["Screens.Routing"])

        #expect(generated.stubs.map(\.fileName) == ["Screens_RoutingStub.swift"])
        #expect(generated.stubs.first?.contents.contains("final class Screens_RoutingStub: Screens.Routing, SpyingStub {") == true)
    }

    @Test("an inout parameter gets the value its spy answers, or keeps its own")
    func inoutValueIsWrittenBack() throws {
        let contents = try stub("ParameterShapes")

        #expect(contents.contains("let incrementSpy = Spy<Int, Int?>(\"increment(_:)\", defaultAnswer: nil)"))
        #expect(contents.contains("func increment(_ value: inout Int) { value = incrementSpy.call(value) ?? value }"))
    }

    @Test("an optional generic result is answered by a Sendable value the spy returns as the type asked for")
    func optionalGenericResultIsCast() throws {
        #expect(try stub("KeyValueReading").contains("valueSpy.answer(valueSpy.call((key, String(describing: type))), as: T.self)"))
    }

    @Test("a throwing generic result's answer is returned as the type asked for, inside the try")
    func throwingGenericResultIsAnsweredInsideTheTry() throws {
        #expect(try stub("CacheReading").contains("{ try readSpy.answer(readSpy.call((key, String(describing: type))), as: T.self) }"))
    }

    @Test("an associated type with a default is fixed by a typealias in the stub")
    func defaultedAssociatedTypeIsFixed() throws {
        #expect(try stub("DefaultedAssociated").contains("    typealias Output = String\n"))
    }

    @Test("a strict stub's initializer says unconfigured calls fail")
    func strictInitializerCommentSaysCallsFail() throws {
        #expect(
            try stub("Effects").contains(
                "/// Creates a stub whose spies fail the test on any call it has not configured, then answer these fallbacks."
            ))
    }

    @Test("a completion handler is kept by a completion spy; an optional one is called if present")
    func completionHandlerIsKept() throws {
        #expect(try stub("CompletionAPI").contains("loadSpy.call(id, completion: completion)"))
        #expect(
            try stub("CompletionAPI").contains("let loadSpy = CompletionSpy<Int, Result<String, ServiceError>>(\"load(id:completion:)\")"))
        #expect(try stub("Refreshing").contains("refreshSpy.call((), completion: { completion?($0) })"))
    }

    @Test("a Sendable protocol's completion handler receiving a value that is not Sendable is not kept, and says so")
    func nonSendableCompletionIsNotKept() throws {
        let contents = try stub("PayloadFetching")

        #expect(contents.contains("let fetchPayloadSpy = Spy<Void, Void>(\"fetchPayload(completion:)\")"))
        #expect(
            contents.contains(
                "/// - Note: `fetchPayload(completion:)` does not keep its completion handler: it receives [String : Any], which is not Sendable."
            ))
        #expect(!contents.contains("passes its completion handler"))
    }

    @Test("several arguments are recorded as a tuple labelled by the parameters' names")
    func severalArgumentsAreLabelled() throws {
        let contents = try stub("Mailbox")

        #expect(
            contents.contains(
                "let moveSpy = Spy<(identifier: Int, folder: String, copy: Bool), Bool>(\"move(identifier:to:copy:)\", strictFallback: false)"
            ))
        #expect(contents.contains("moveSpy.call((identifier, folder, copy))"))
    }

    @Test("the initializer takes the test's location and gives it to every spy")
    func initializerReportsAtTheTestsLine() throws {
        let contents = try stub("Mailbox")

        #expect(
            contents.contains(
                "let origin = StubOrigin(\"MailboxStub\", isGenerated: true, fileID: fileID, filePath: filePath, line: line, column: column)"
            ))
        for spy in ["moveSpy", "loadSpy", "countSpy"] { #expect(contents.contains("        \(spy).reportsUnansweredCalls(at: origin)\n")) }
    }

    @Test("an initializer requirement is a member recording its arguments in a spy")
    func initializerRequirementIsGenerated() throws {
        let contents = try stub("Initializable")

        #expect(contents.contains("let initSpy = Spy<String, Void>(\"init(name:)\")"))
        #expect(contents.contains("    init(name: String) { initSpy.call(name) }"))
    }

    @Test("default answers make every spy answer silently, with the initializer taking what no literal can write")
    func defaultAnswersTakeValues() throws {
        let contents = try stub("Effects", answers: .defaults)

        #expect(contents.contains("init(errorAnswer: AwkwardError, fileID: StaticString = #fileID,"))
        #expect(contents.contains("let parseSpy = MethodSpy<String, Int, AwkwardError>(\"parse(_:)\", defaultAnswer: 0)"))
        #expect(contents.contains("let lookupSpy = Spy<String, String?>(\"lookup(_:)\", defaultAnswer: nil)"))
    }

    @Test("default answers complete a completion spy's calls: a literal never nil, else a value the initializer takes")
    func defaultAnswersCompleteCompletions() throws {
        let contents = try stub("InternalCallbacks", answers: .defaults)

        #expect(contents.contains("let syncSpy = CompletionSpy<Void, Void>(\"sync(completion:)\", defaultAnswer: ())"))
        #expect(contents.contains("let isEnabledSpy = CompletionSpy<String, Bool>(\"isEnabled(_:completion:)\", defaultAnswer: false)"))
        #expect(contents.contains("let lookupSpy = CompletionSpy<String, String?>(\"lookup(_:completion:)\", defaultAnswer: .some(nil))"))
        #expect(contents.contains("init(loadCountAnswer: Result<Int, ServiceError>, fileID: StaticString = #fileID,"))
    }

    @Test("a strict completion spy takes no answer: it reports an unconfigured call itself")
    func strictCompletionSpyTakesNoAnswer() throws {
        let contents = try stub("InternalCallbacks")

        #expect(contents.contains("let isEnabledSpy = CompletionSpy<String, Bool>(\"isEnabled(_:completion:)\")\n"))
        #expect(contents.contains("init(fileID: StaticString = #fileID,"))
    }

    @Test("a strict stub with a completion handler says its unconfigured completions fail too")
    func strictStubDocumentsCompletionsFail() throws {
        let contents = try stub("InternalCallbacks")

        #expect(contents.contains("on any call it has not configured, except calls that return nothing and take no completion handler."))
    }
}
