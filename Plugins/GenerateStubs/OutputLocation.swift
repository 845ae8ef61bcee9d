import Foundation

/// The folders generate-stubs may write to, and the check that an output folder is inside one.
///
/// On macOS, SwiftPM runs a command plugin (and the tool it starts) in a sandbox that lets it write
/// only to the package directory (with `--allow-writing-to-package-directory`), the plugin's work
/// directory and the temporary directories (`/tmp` and the user's), plus any folder given with
/// `--allow-writing-to-directory`, which the plugin cannot see. Elsewhere there is no sandbox. So
/// that a command behaves the same on every platform, the plugin refuses, before doing any work, an
/// output folder outside the folders it can name, instead of failing on macOS only, with a sandbox
/// error, after the build.
struct OutputLocation {
    /// A folder generate-stubs may write to, with the name the refusal gives it.
    struct Folder {
        let name: String
        let url: URL
    }

    let allowed: [Folder]

    /// The message refusing `output`, or `nil` when `output` is inside one of the allowed folders.
    func refusal(for output: URL) -> String? {
        let target = Self.resolvedComponents(of: output)
        if allowed.contains(where: { target.starts(with: Self.resolvedComponents(of: $0.url)) }) { return nil }
        var seen: [[String]] = []
        var folders: [String] = []
        for folder in allowed {
            let components = Self.resolvedComponents(of: folder.url)
            guard !seen.contains(components) else { continue }  // the temporary directory is often /tmp itself
            seen.append(components)
            folders.append(folder.name == folder.url.path ? folder.name : "\(folder.name) (\(folder.url.path))")
        }
        return "--output '\(output.standardizedFileURL.path)' is outside the folders generate-stubs may write to: "
            + "\(folders.joined(separator: "; ")). "
            + "On macOS the plugin runs in a sandbox that refuses any other folder (--allow-writing-to-directory "
            + "does not reach this check: the plugin cannot see it), so it is refused on every platform. "
            + "Pass a folder inside the package (a relative --output is read from the package directory), "
            + "or write to the temporary directory and move the files."
    }

    /// The path's components with `.` and `..` removed and symbolic links resolved, as far as the
    /// path exists (an output folder is often still to be made).
    private static func resolvedComponents(of url: URL) -> [String] {
        var existing = url.standardizedFileURL
        var missing: [String] = []
        while existing.pathComponents.count > 1, !FileManager.default.fileExists(atPath: existing.path) {
            missing.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        return existing.resolvingSymlinksInPath().pathComponents + missing
    }
}
