import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-stubs --target MyApp`: writes one
/// spy-based stub per protocol of a target, read from the target's symbol graph.
@main
struct GenerateStubs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let protocols = extractor.extractOption(named: "protocol")
        let outputs = extractor.extractOption(named: "output")
        let accessLevels = extractor.extractOption(named: "access")
        let defaultAnswers = extractor.extractFlag(named: "default-answers") > 0
        let dryRun = extractor.extractFlag(named: "dry-run") > 0
        if !extractor.remainingArguments.isEmpty {
            throw PluginFailure(
                "unknown arguments \(extractor.remainingArguments); expected --target NAME [--protocol NAME …] "
                    + "[--output DIR] [--access public|internal] [--default-answers] [--dry-run]"
            )
        }
        if let access = accessLevels.last, !["public", "internal"].contains(access) {
            throw PluginFailure("--access '\(access)' is not an access level stubs can have; use one of: public, internal")
        }
        let sourceModules = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { $0.kind != .test && $0.kind != .executable }
        let known = sourceModules.map(\.name).sorted()
        guard let targetName = targetNames.first, targetNames.count == 1 else {
            throw PluginFailure("pass exactly one --target NAME; library targets: \(known.joined(separator: ", "))")
        }
        guard let target = sourceModules.first(where: { $0.name == targetName }) else {
            let suggestion = closestName(to: targetName, in: known).map { " Did you mean '\($0)'?" } ?? ""
            throw PluginFailure(
                "no library target named '\(targetName)'.\(suggestion) Library targets: \(known.joined(separator: ", "))"
            )
        }
        let output = outputs.last ?? "Tests/\(targetName)Tests/Stubs"
        let outputURL =
            output.hasPrefix("/")
            ? URL(fileURLWithPath: output)
            : context.package.directoryURL.appendingPathComponent(output)
        // Refused before the build, on every platform: macOS's sandbox would refuse it after.
        let location = OutputLocation(allowed: [
            .init(name: "the package directory", url: context.package.directoryURL),
            .init(name: "the plugin work directory", url: context.pluginWorkDirectoryURL),
            .init(name: "the temporary directory", url: FileManager.default.temporaryDirectory),
            .init(name: "/tmp", url: URL(fileURLWithPath: "/tmp")),
        ])
        if !dryRun, let refusal = location.refusal(for: outputURL) {
            throw PluginFailure(refusal)
        }
        let graph = try packageManager.getSymbolGraph(
            for: target,
            options: .init(minimumAccessLevel: .internal, includeSynthesized: false, includeSPI: false)
        )
        var toolArguments = [
            "--symbol-graph-dir", graph.directoryURL.path,
            "--module", target.moduleName,
            "--output", outputURL.path,
        ]
        for name in protocols { toolArguments += ["--protocol", name] }
        if let access = accessLevels.last { toolArguments += ["--access", access] }
        if defaultAnswers { toolArguments.append("--default-answers") }
        if dryRun { toolArguments.append("--dry-run") }

        let tool = try context.tool(named: "StubGeneratorTool")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = toolArguments
        // After a success the tool's output is printed as it came. After a failure its errors and
        // warnings are relayed as diagnostics, which come before the failure this plugin throws
        // (plain output would come after it), and its other lines end the failure's message.
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let toolOutput = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus != 0 else {
            print(toolOutput, terminator: "")
            return
        }
        var lines: [String] = []
        for line in toolOutput.split(separator: "\n") {
            if line.hasPrefix("error: ") {
                Diagnostics.error(String(line.dropFirst("error: ".count)))
            } else if line.hasPrefix("warning: ") {
                Diagnostics.warning(String(line.dropFirst("warning: ".count)))
            } else {
                lines.append(String(line))
            }
        }
        throw PluginFailure(
            (["stub generation failed for target '\(targetName)' (see the messages above)"] + lines).joined(separator: "\n")
        )
    }

    /// The known name nearest to a misspelt one, when it is near enough to be a likely typo.
    private func closestName(to name: String, in names: [String]) -> String? {
        let lowered = name.lowercased()
        let scored = names.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return nil }
        return best.0
    }

    private func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1..<(b.count + 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// A plugin failure with a message for the person running the command.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
