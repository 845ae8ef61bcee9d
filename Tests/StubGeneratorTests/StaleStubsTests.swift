import StubGeneratorCore
import Testing

/// Staleness in an output folder that several modules generate into, one after another.
@Suite("Stale generated stubs in a folder shared by several modules")
struct StaleStubsTests {
    static func generated(_ protocolName: String, module: String) -> String {
        StubGenerator.marker
            + "\n// Source: protocol \(protocolName) in module \(module). Add to the stub in an extension in another file.\n"
    }

    /// Four modules' stubs in one folder, as four runs leave it.
    static let sharedFolder: [String: String] = [
        "PageRepositoryStub.swift": generated("PageRepository", module: "Domain"),
        "HTTPClientStub.swift": generated("HTTPClient", module: "NetworkingKit"),
        "CacheStoringStub.swift": generated("CacheStoring", module: "Caching"),
        "SettingsStoringStub.swift": generated("SettingsStoring", module: "Settings"),
        "HandWrittenStub.swift": "final class HandWrittenStub {}\n",
    ]

    @Test("each of four modules generated one after another finds none of the others' stubs stale")
    func fourModulesInOneFolderFindNothingStale() {
        let runs = [
            ("Domain", "PageRepositoryStub.swift"), ("NetworkingKit", "HTTPClientStub.swift"),
            ("Caching", "CacheStoringStub.swift"), ("Settings", "SettingsStoringStub.swift"),
        ]
        for (module, file) in runs {
            #expect(StaleStubs.files(in: Self.sharedFolder, module: module, kept: [file]).isEmpty, "\(module)")
        }
    }

    @Test("a stub whose protocol was removed from its own module is stale for that module only")
    func removedProtocolIsStaleForItsOwnModule() {
        var folder = Self.sharedFolder
        folder["PageCachingStub.swift"] = Self.generated("PageCaching", module: "Domain")

        #expect(StaleStubs.files(in: folder, module: "Domain", kept: ["PageRepositoryStub.swift"]) == ["PageCachingStub.swift"])
        #expect(StaleStubs.files(in: folder, module: "NetworkingKit", kept: ["HTTPClientStub.swift"]).isEmpty)
    }

    @Test("a generated file whose header names no module is judged by every module, a hand-written one by none")
    func headerWithoutModuleIsJudgedByEveryModule() {
        let folder = ["OldStub.swift": StubGenerator.marker + "\n", "HandWrittenStub.swift": "struct HandWrittenStub {}\n"]

        #expect(StaleStubs.files(in: folder, module: "Domain", kept: []) == ["OldStub.swift"])
        #expect(StaleStubs.module(ofGenerated: folder["HandWrittenStub.swift"] ?? "") == nil)
    }

    @Test("the module is read from a generated file's header")
    func moduleIsReadFromTheHeader() {
        #expect(StaleStubs.module(ofGenerated: Self.generated("Outer.Inner", module: "NetworkingKit")) == "NetworkingKit")
    }
}
