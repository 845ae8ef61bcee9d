import Foundation

/// Facts about the current process that never change while it runs.
enum TestProcess {
    /// Whether this process is a test runner (an `.xctest` bundle or executable, or a process
    /// started by Xcode for testing). Outside one, failures are also written to standard error.
    static let isRunningTests: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if environment["XCTestConfigurationFilePath"] != nil
            || environment["XCTestBundlePath"] != nil
            || environment["XCTestSessionIdentifier"] != nil
        {
            return true
        }
        let executable = CommandLine.arguments.first ?? ""
        return executable.hasSuffix(".xctest") || executable.hasSuffix("/xctest")
            || executable.contains(".xctest/")
    }()
}
