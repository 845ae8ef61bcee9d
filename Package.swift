// swift-tools-version: 6.2
import PackageDescription

// Production-safe modules: an app target may import these. They never import XCTest or Testing.
let productionSafeModules = ["DispatchQueueInterface", "KeychainInterface", "KeyValueStoreInterface"]

// Test-only modules: they link XCTest and Testing, so add them to test targets only.
let testOnlyModules = ["TestSupportCore", "TestDoubles", "TestBuilders", "HTTPStubbing", "Fixtures", "AsyncRecording"]

// Platforms. The floor is Swift Testing's own (iOS 13, macOS 10.15, tvOS 13, watchOS 6), which is also
// swift-clocks'. SwiftPM checks every target's platforms against each product it depends on, test
// targets included, so a package or app with that floor can add TestSupportKit to its tests only if
// the floor here is no higher. The production-safe seams use nothing newer (the dispatch-queue seam
// keeps time as DispatchTime and DispatchTimeInterval, not Duration). In the test-only modules, the
// APIs built on Swift's clocks (Duration, Clock, Task.sleep(for:): iOS 16, macOS 13, tvOS 16,
// watchOS 9) carry `@available`, as swift-clocks' do, and so does what observes `@Observable` values
// (iOS 17, macOS 14, tvOS 17, watchOS 10). `.ci/check-availability` checks every API the sources
// use against these platforms; Docs/ApplePlatforms.md lists the minimum OS of each API.
let package = Package(
    name: "TestSupportKit",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "TestSupportKit", targets: ["TestSupportKit"]),
        .plugin(name: "GenerateStubs", targets: ["GenerateStubs"]),
    ]
        + (productionSafeModules + testOnlyModules).map { .library(name: $0, targets: [$0]) },
    targets: [
        // MARK: Production-safe seams
        // The package's one lock box, shared by every module, and, with package access, the misuse
        // log built on it and the recorded log every fake, the recording store and the HTTP
        // registry keep; not a product of its own (TestSupportCore re-exports it).
        .target(name: "LockedValue"),
        // The package's one "did you mean" (package access): near-miss names by edit distance, for
        // the fakes, the test-only modules and the stub generator, which links no other module.
        .target(name: "NameSuggestions"),
        .target(name: "DispatchQueueInterface", dependencies: ["LockedValue"]),
        .target(name: "KeychainInterface", dependencies: ["LockedValue", "NameSuggestions"]),
        .target(name: "KeyValueStoreInterface", dependencies: ["LockedValue", "NameSuggestions"]),

        // MARK: Test-only modules
        .target(name: "TestSupportCore", dependencies: ["LockedValue"]),
        .target(
            name: "TestDoubles",
            dependencies: ["TestSupportCore", "DispatchQueueInterface", "KeychainInterface", "KeyValueStoreInterface"]
        ),
        .target(name: "TestBuilders", dependencies: ["TestSupportCore"]),
        .target(name: "HTTPStubbing", dependencies: ["TestSupportCore", "NameSuggestions"]),
        .target(name: "Fixtures", dependencies: ["TestSupportCore", "NameSuggestions"]),
        .target(name: "AsyncRecording", dependencies: ["TestSupportCore"]),
        .target(
            name: "TestSupportKit",
            dependencies: [
                "TestSupportCore", "TestDoubles", "TestBuilders", "HTTPStubbing", "Fixtures", "AsyncRecording",
                "DispatchQueueInterface", "KeychainInterface", "KeyValueStoreInterface",
            ]
        ),

        // MARK: The package's own tests
        // Shared by the self-tests only: captures failures the way each framework reports them.
        .target(name: "TestSupportTesting", dependencies: ["TestSupportCore"], path: "Tests/TestSupportTesting"),
        .testTarget(name: "NameSuggestionsTests", dependencies: ["NameSuggestions"]),
        .testTarget(name: "TestSupportCoreTests", dependencies: ["TestSupportCore", "TestSupportTesting"]),
        .testTarget(name: "TestDoublesTests", dependencies: ["TestDoubles", "TestSupportTesting"]),
        .testTarget(name: "TestBuildersTests", dependencies: ["TestBuilders", "TestSupportTesting"]),
        .testTarget(name: "HTTPStubbingTests", dependencies: ["HTTPStubbing", "TestSupportTesting"]),
        .testTarget(
            name: "FixturesTests",
            dependencies: ["Fixtures", "TestSupportTesting"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "DispatchQueueInterfaceTests", dependencies: ["DispatchQueueInterface", "TestDoubles", "TestSupportTesting"]),
        .testTarget(name: "KeychainInterfaceTests", dependencies: ["KeychainInterface", "TestDoubles", "TestSupportTesting"]),
        .testTarget(name: "KeyValueStoreInterfaceTests", dependencies: ["KeyValueStoreInterface", "TestDoubles", "TestSupportTesting"]),
        .testTarget(name: "AsyncRecordingTests", dependencies: ["AsyncRecording", "TestSupportTesting"]),
        .testTarget(name: "TestSupportKitTests", dependencies: ["TestSupportKit", "TestSupportTesting"]),

        // MARK: Examples: a sample app domain and the reference suites, one per framework
        .target(
            name: "Bookshelf",
            dependencies: ["DispatchQueueInterface", "KeychainInterface", "KeyValueStoreInterface"],
            path: "Examples/Bookshelf"
        ),
        // Test code the two example suites share: builders, stubs and custom assertions, as an app's
        // test targets would share them.
        .target(
            name: "BookshelfTestSupport",
            dependencies: ["Bookshelf", "TestSupportKit"],
            path: "Examples/BookshelfTestSupport",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "BookshelfXCTests",
            dependencies: ["Bookshelf", "BookshelfTestSupport", "TestSupportKit", "BookshelfGeneratedStubs"],
            path: "Examples/BookshelfXCTests"
        ),
        .testTarget(
            name: "BookshelfSwiftTests",
            dependencies: ["Bookshelf", "BookshelfTestSupport", "TestSupportKit", "BookshelfGeneratedStubs"],
            path: "Examples/BookshelfSwiftTests"
        ),

        // Copies of Docs/Templates with their placeholders filled (.ci/check-templates), compiled and run
        // so that a template that no longer compiles fails CI.
        .testTarget(
            name: "TemplateInstances",
            dependencies: ["Bookshelf", "TestSupportKit"],
            path: "Examples/TemplateInstances"
        ),

        // MARK: Stub generation: `swift package --allow-writing-to-package-directory generate-stubs --target NAME`
        // The generator's logic, unit-tested on symbol-graph fixtures; not a product.
        .target(name: "StubGeneratorCore", dependencies: ["NameSuggestions"]),
        .executableTarget(name: "StubGeneratorTool", dependencies: ["StubGeneratorCore"]),
        .plugin(
            name: "GenerateStubs",
            capability: .command(
                intent: .custom(verb: "generate-stubs", description: "Write a spy-based stub for each protocol of a target"),
                permissions: [.writeToPackageDirectory(reason: "Writes <Protocol>Stub.swift files to the output folder")]
            ),
            dependencies: ["StubGeneratorTool"]
        ),
        // Awkward protocols the generator is run on; their stubs are generated, compiled and used.
        .target(
            name: "StubGeneratorFixtures",
            dependencies: ["DispatchQueueInterface", "KeychainInterface"],
            path: "Examples/StubGeneratorFixtures"
        ),
        // Written by generate-stubs (the fixture stubs and the sample app's); .ci/check-generated-stubs fails when
        // they are out of date. Never edited by hand.
        .target(
            name: "StubGeneratorFixtureStubs",
            dependencies: ["StubGeneratorFixtures", "TestSupportKit"],
            path: "Examples/StubGeneratorFixtureStubs"
        ),
        .target(name: "BookshelfGeneratedStubs", dependencies: ["Bookshelf", "TestSupportKit"], path: "Examples/BookshelfGeneratedStubs"),
        .testTarget(
            name: "StubGeneratorTests",
            dependencies: [
                "StubGeneratorCore", "StubGeneratorFixtures", "StubGeneratorFixtureStubs", "TestSupportKit", "TestSupportTesting",
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
