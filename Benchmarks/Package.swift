// swift-tools-version: 6.2
import PackageDescription

// The benchmarks, a package of their own so that the library's package has no executable that
// links a test-only module, and an Xcode scheme of the library never builds them (they use
// `Process`, which iOS, tvOS and watchOS lack). Run from this folder:
//   swift run -c release Benchmarks [--filter TEXT] [--json FILE]
//
// The library is a path dependency. Its identity is the name of the folder that holds it, so it
// is read from this package's location rather than written down: a clone in any folder builds.
let libraryFolder = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "TestSupportKit"

let package = Package(
    name: "TestSupportKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "Benchmarks",
            dependencies: [.product(name: "TestSupportKit", package: libraryFolder)]
        )
    ],
    swiftLanguageModes: [.v6]
)
