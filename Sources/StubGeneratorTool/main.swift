import Foundation
import StubGeneratorCore

// The executable the GenerateStubs plugin runs:
// StubGeneratorTool --symbol-graph-dir DIR --module NAME --output DIR [--protocol NAME …]
//                   [--access public|internal] [--dry-run]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
func values(_ name: String, in arguments: inout [String]) -> [String] {
    var found: [String] = []
    while let index = arguments.firstIndex(of: name) {
        guard index + 1 < arguments.count else { fail("\(name) needs a value") }
        found.append(arguments[index + 1])
        arguments.removeSubrange(index...(index + 1))
    }
    return found
}
let dryRun = arguments.contains("--dry-run")
arguments.removeAll { $0 == "--dry-run" }
let graphDirectory = values("--symbol-graph-dir", in: &arguments).last
let moduleName = values("--module", in: &arguments).last
let output = values("--output", in: &arguments).last
let protocols = values("--protocol", in: &arguments)
let accessText = values("--access", in: &arguments).last ?? "internal"
guard arguments.isEmpty else { fail("unknown arguments \(arguments)") }
guard let graphDirectory, let moduleName, let output else {
    fail("usage: StubGeneratorTool --symbol-graph-dir DIR --module NAME --output DIR [--protocol NAME …] [--access public|internal]")
}
guard let access = StubAccess(rawValue: accessText) else {
    fail("--access '\(accessText)' is not an access level stubs can have; use one of: public, internal")
}

let files = ((try? FileManager.default.contentsOfDirectory(atPath: graphDirectory)) ?? []).sorted()
let mainFile = "\(moduleName).symbols.json"
guard files.contains(mainFile) else {
    fail("no symbol graph \(mainFile) in \(graphDirectory); found: \(files.isEmpty ? "nothing" : files.joined(separator: ", "))")
}
var graphs: [SymbolGraph] = []
for file in [mainFile] + files.filter({ $0 != mainFile && $0.hasPrefix(moduleName + "@") }) {
    let url = URL(fileURLWithPath: graphDirectory).appendingPathComponent(file)
    do {
        graphs.append(try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: url)))
    } catch {
        fail("could not read the symbol graph \(url.path): \(error)")
    }
}

let result: StubGenerationResult
do {
    result = try StubGenerator(graphs: graphs, access: access).generate(protocols: protocols)
} catch {
    fail(error.description)
}
for skipped in result.skipped {
    // Asked for by name: an error. Found by scanning the module: a warning, the others are still written.
    let level = protocols.isEmpty ? "warning" : "error"
    FileHandle.standardError.write(Data("\(level): \(skipped.description)\n".utf8))
}

let outputURL = URL(fileURLWithPath: output)
if !dryRun {
    do {
        try FileManager.default.createDirectory(at: outputURL, withIntermediateDirectories: true)
    } catch {
        fail("could not create the output folder \(output): \(error)")
    }
}
var refused = false
for stub in result.stubs {
    let url = outputURL.appendingPathComponent(stub.fileName)
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if let existing, !existing.hasPrefix(StubGenerator.marker) {
        let message =
            "error: \(url.path) exists and was not written by generate-stubs (its first line is not the "
            + "generated marker); left it alone: rename it or delete it to generate this stub\n"
        FileHandle.standardError.write(Data(message.utf8))
        refused = true
        continue
    }
    if existing == stub.contents {
        print("unchanged \(url.path)")
        continue
    }
    if dryRun {
        print("would write \(url.path)")
        continue
    }
    do {
        try Data(stub.contents.utf8).write(to: url)
        print("wrote \(url.path)")
    } catch {
        fail("could not write \(url.path): \(error)")
    }
}
if protocols.isEmpty {
    // Generated files whose protocol is gone are left in place, but named so they can be deleted.
    let written = Set(result.stubs.map(\.fileName) + result.skipped.map { $0.protocolName + "Stub.swift" })
    let present = ((try? FileManager.default.contentsOfDirectory(atPath: outputURL.path)) ?? []).sorted()
    for file in present where file.hasSuffix("Stub.swift") && !written.contains(file) {
        let url = outputURL.appendingPathComponent(file)
        if let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix(StubGenerator.marker) {
            FileHandle.standardError.write(
                Data(
                    "warning: \(url.path) was generated, but module \(moduleName) has no protocol for it any more; left it in place, delete it if it is stale\n"
                        .utf8
                ))
        }
    }
}
print("\(result.stubs.count) stubs for module \(moduleName), \(result.skipped.count) protocols skipped")
exit(refused || (!protocols.isEmpty && !result.skipped.isEmpty) ? 1 : 0)
