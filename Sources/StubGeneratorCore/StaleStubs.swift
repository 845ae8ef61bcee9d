/// Finds the generated stubs in an output folder that a module's run no longer writes, judging
/// only the files that module generated, so several modules can share one folder.
package enum StaleStubs {
    /// The module a generated file's header names (`// Source: protocol P in module M. …`), or
    /// `nil` for a file generate-stubs did not write.
    ///
    /// - Parameter contents: The file's text.
    /// - Returns: The module's name; empty for a generated file whose header names none.
    package static func module(ofGenerated contents: String) -> String? {
        guard contents.hasPrefix(StubGenerator.marker) else { return nil }
        let header = String(contents.split(separator: "\n", maxSplits: 2).dropFirst().first ?? "")
        guard header.hasPrefix("// Source: "), let range = header.rangeOfText(" in module ") else { return "" }
        return String(header[range.upperBound...].prefix(while: { $0 != "." && $0 != " " }))
    }

    /// The names of the files `module` generated into a folder, or that name no module, whose
    /// protocol the module's run did not find: stale unless the user still wants them.
    ///
    /// - Parameters:
    ///   - present: The folder's `…Stub.swift` files, by name, with their contents.
    ///   - module: The module being generated.
    ///   - kept: The file names this run wrote or would write (generated and refused protocols).
    /// - Returns: The stale files' names, sorted.
    package static func files(in present: [String: String], module: String, kept: Set<String>) -> [String] {
        present.filter { name, contents in
            guard !kept.contains(name), let owner = Self.module(ofGenerated: contents) else { return false }
            return owner == module || owner.isEmpty
        }.keys.sorted()
    }
}
