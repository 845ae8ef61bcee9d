import Foundation

/// When a cassette records real traffic and when it only replays, as in Ruby's VCR.
///
/// The environment variable `TESTSUPPORTKIT_RECORD_MODE` (`once`, `none`, `newEpisodes`, `all`
/// or `replace`), when set, overrides the mode a test asks for: set it to `none` on CI so CI
/// never records.
public enum HTTPRecordMode: String, Sendable, CaseIterable {
    /// Records when the cassette does not exist yet; replays only once it does.
    case once
    /// Replays only: a request the cassette lacks is an unhandled-request failure.
    case none
    /// Replays what the cassette has and records requests it lacks, appending them.
    case newEpisodes
    /// Sends every request to the real server and records it, as VCR's all mode does.
    ///
    /// This is VCR's `:all`: a recorded interaction that a new recording matches is replaced; the
    /// ones no request of this run matched are kept. Use ``replace`` to keep only this run's
    /// recordings.
    case all
    /// Sends every request to the real server and writes a cassette of only this run's recordings.
    case replace

    /// The environment variable that overrides every cassette's mode.
    public static let environmentVariable = "TESTSUPPORTKIT_RECORD_MODE"

    /// The mode to use: the environment variable's value when it is set, otherwise `requested`.
    ///
    /// - Parameters:
    ///   - requested: The mode the test asks for.
    ///   - environment: The environment to read; the process's by default.
    /// - Returns: The mode, or an error message naming the valid values when the variable is set to
    ///   something else.
    package static func resolved(
        _ requested: HTTPRecordMode, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<HTTPRecordMode, ModeError> {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .success(requested) }
        if let mode = allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() || $0.snakeCased == text.lowercased() }) {
            return .success(mode)
        }
        return .failure(
            ModeError(
                message: "\(environmentVariable) is \"\(text)\", expected one of "
                    + allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")))
    }

    package struct ModeError: Error {
        package let message: String
    }

    private var snakeCased: String { self == .newEpisodes ? "new_episodes" : rawValue.lowercased() }
}
