import Foundation
import StubGeneratorCore

// The executable the GenerateStubs plugin runs:
// StubGeneratorTool --symbol-graph-dir DIR --module NAME --output DIR [--protocol NAME …]
//                   [--access public|internal] [--default-answers] [--dry-run]
// It ends with a report naming every protocol of the module: generated (written or unchanged),
// or refused and why.

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
let defaultAnswers = arguments.contains("--default-answers")
arguments.removeAll { $0 == "--dry-run" || $0 == "--default-answers" }
let graphDirectory = values("--symbol-graph-dir", in: &arguments).last
let moduleName = values("--module", in: &arguments).last
let output = values("--output", in: &arguments).last
let protocols = values("--protocol", in: &arguments)
let accessText = values("--access", in: &arguments).last ?? "internal"
guard arguments.isEmpty else { fail("unknown arguments \(arguments)") }
guard let graphDirectory, let moduleName, let output else {
    fail(
        "usage: StubGeneratorTool --symbol-graph-dir DIR --module NAME --output DIR [--protocol NAME …] "
            + "[--access public|internal] [--default-answers] [--dry-run]"
    )
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

// The import lines of the files that declare the module's symbols, so a stub imports a module the
// way the protocol's file does.
var sourceImports: [String: [String]] = [:]
for graph in graphs {
    for symbol in graph.symbols where symbol.kind.identifier == "swift.protocol" {
        guard let uri = symbol.location?.uri, let url = URL(string: uri), url.isFileURL else { continue }
        let name = url.lastPathComponent
        if sourceImports[name] != nil { continue }
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        sourceImports[name] = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("import ") || ($0.hasPrefix("@") && $0.contains(" import ")) }
    }
}

let result: StubGenerationResult
do {
    result = try StubGenerator(
        graphs: graphs, access: access, answers: defaultAnswers ? .defaults : .strict, sourceImports: sourceImports
    ).generate(protocols: protocols)
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
var report: [(name: String, outcome: String)] = result.skipped.map { ($0.protocolName, "refused: \($0.reason)") }
for stub in result.stubs {
    let url = outputURL.appendingPathComponent(stub.fileName)
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if let existing, !existing.hasPrefix(StubGenerator.marker) {
        let message =
            "error: \(url.path) exists and was not written by generate-stubs (its first line is not the "
            + "generated marker); left it alone: rename it or delete it to generate this stub\n"
        FileHandle.standardError.write(Data(message.utf8))
        refused = true
        report.append((stub.protocolName, "not written: \(stub.fileName) was not generated"))
        continue
    }
    if existing == stub.contents {
        print("unchanged \(url.path)")
        report.append((stub.protocolName, "generated, unchanged: \(stub.fileName)"))
        continue
    }
    if dryRun {
        print("would write \(url.path)")
        report.append((stub.protocolName, "generated, would write \(stub.fileName)"))
        continue
    }
    do {
        try Data(stub.contents.utf8).write(to: url)
        print("wrote \(url.path)")
        report.append((stub.protocolName, "generated, written: \(stub.fileName)"))
    } catch {
        fail("could not write \(url.path): \(error)")
    }
}
if protocols.isEmpty {
    // Generated files whose protocol is gone are left in place, but named so they can be deleted.
    // Only this module's files are judged: other modules' stubs may share the folder.
    let kept = Set(
        result.stubs.map(\.fileName) + result.skipped.map { $0.protocolName.split(separator: ".").joined(separator: "_") + "Stub.swift" })
    var present: [String: String] = [:]
    for file in (try? FileManager.default.contentsOfDirectory(atPath: outputURL.path)) ?? [] where file.hasSuffix("Stub.swift") {
        present[file] = try? String(contentsOf: outputURL.appendingPathComponent(file), encoding: .utf8)
    }
    for file in StaleStubs.files(in: present, module: moduleName, kept: kept) {
        FileHandle.standardError.write(
            Data(
                "warning: \(outputURL.appendingPathComponent(file).path) was generated from module \(moduleName), which has no protocol for it any more; left it in place, delete it if it is stale\n"
                    .utf8
            ))
    }
}
print("report for module \(moduleName):")
for entry in report.sorted(by: { $0.name < $1.name }) {
    print("  \(entry.name): \(entry.outcome)")
}
print(
    "\(result.stubs.count + result.skipped.count) protocols: \(result.stubs.count) generated, "
        + "\(result.skipped.count) refused"
)
exit(refused || (!protocols.isEmpty && !result.skipped.isEmpty) ? 1 : 0)
