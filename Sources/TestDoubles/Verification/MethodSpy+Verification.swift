import TestSupportCore

extension MethodSpy {
    /// Reports a failure at the caller's line unless the method was called exactly once.
    ///
    /// ```swift
    /// repository.fetchPageSpy.expectCalledOnce()
    /// // Expected fetchPage(_:) to be called once, but it was called 2 times:
    /// //   #1 1
    /// //   #2 2
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expectCalled(times: 1, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a failure at the caller's line unless the method was called exactly `times`
    /// times; the message lists the calls seen.
    ///
    /// ```swift
    /// repository.saveSpy.expectCalled(times: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - times: The expected number of calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled(
        times: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()
        let seen = calls
        guard seen.count != times else { return }
        FailureReporter.report(
            "Expected \(method) to be called \(Self.timesText(times)), but it was called \(Self.timesText(seen.count))"
                + Self.listing(seen),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Reports a failure at the caller's line if the method was called at all.
    ///
    /// ```swift
    /// repository.saveSpy.expectNotCalled()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNotCalled(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()
        let seen = calls
        guard !seen.isEmpty else { return }
        FailureReporter.report(
            "Expected \(method) not to be called, but it was called \(Self.timesText(seen.count))" + Self.listing(seen),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Reports a failure at the caller's line unless at least one call's input satisfies
    /// `predicate`: for inputs that are not `Equatable`, such as tuples.
    ///
    /// ```swift
    /// repository.saveSpy.expectCalled(matching: "the book, finished") { $0.id == book.id && $0.status == .finished }
    /// ```
    ///
    /// - Parameters:
    ///   - description: What the predicate checks, for the failure message.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - predicate: Whether a call's input is the expected one.
    public func expectCalled(
        matching description: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        where predicate: (Input) throws -> Bool
    ) rethrows {
        failures.flush()
        let seen = calls
        guard try !seen.contains(where: predicate) else { return }
        FailureReporter.report(
            "Expected \(method) to be called with \(description), but none of its \(Self.timesText(seen.count, noun: "call")) matched"
                + Self.listing(seen),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    static func timesText(_ count: Int, noun: String = "time") -> String {
        switch count {
        case 0: "0 \(noun)s"
        case 1 where noun == "time": "once"
        case 1: "1 \(noun)"
        default: "\(count) \(noun)s"
        }
    }

    static func listing(_ inputs: [Input]) -> String {
        guard !inputs.isEmpty else { return "" }
        return ":\n" + inputs.enumerated()
            .map { "  #\($0.offset + 1) \(DoublesValueDiff.describe($0.element))" }
            .joined(separator: "\n")
    }
}

extension MethodSpy where Input: Equatable {
    /// Reports a failure at the caller's line unless at least one call had exactly `expected`
    /// as its input; the message shows, property by property, how the closest call differs.
    ///
    /// ```swift
    /// repository.saveSpy.expectCalled(with: finishedBook)
    /// // Expected save(_:) to be called with Book(…), but its 1 call had other arguments:
    /// //   #1 Book(…)
    /// // Call #1 differs:
    /// //     status: expected ReadingStatus.finished, got ReadingStatus.reading
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The input a call must have had.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled(
        with expected: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()
        let seen = calls
        guard !seen.contains(expected) else { return }
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard !seen.isEmpty else {
            FailureReporter.report(
                "Expected \(method) to be called with \(DoublesValueDiff.describe(expected)), but it was never called",
                at: site
            )
            return
        }
        let closest = Self.closestCall(to: expected, in: seen)
        FailureReporter.report(
            "Expected \(method) to be called with \(DoublesValueDiff.describe(expected)), "
                + "but its \(Self.timesText(seen.count, noun: "call")) had other arguments"
                + Self.listing(seen)
                + "\nCall #\(closest + 1) differs:\n"
                + DoublesValueDiff.diffBlock(expected: expected, actual: seen[closest]),
            at: site
        )
    }

    /// Reports a failure at the caller's line unless the method was called exactly once, with
    /// `expected` as its input.
    ///
    /// ```swift
    /// repository.fetchPageSpy.expectCalledOnce(with: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The input of the one call.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce(
        with expected: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expectCalls([expected], fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a failure at the caller's line unless the calls' inputs are exactly `expected`,
    /// in order; the message names each call that differs and how.
    ///
    /// ```swift
    /// repository.fetchPageSpy.expectCalls([1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - expected: Every expected input, first call first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalls(
        _ expected: [Input],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()
        let seen = calls
        guard seen != expected else { return }
        var lines: [String] = []
        if seen.count != expected.count {
            lines.append(
                "Expected \(method) to be called \(Self.timesText(expected.count)), but it was called \(Self.timesText(seen.count))"
            )
        } else {
            lines.append("Expected \(method) to be called with other arguments")
        }
        for index in 0..<max(seen.count, expected.count) {
            switch (index < expected.count ? expected[index] : nil, index < seen.count ? seen[index] : nil) {
            case let (expectedInput?, seenInput?) where expectedInput != seenInput:
                lines.append("  call #\(index + 1) differs:\n" + DoublesValueDiff.diffBlock(expected: expectedInput, actual: seenInput))
            case let (expectedInput?, nil):
                lines.append("  call #\(index + 1) missing: expected \(DoublesValueDiff.describe(expectedInput))")
            case let (nil, seenInput?):
                lines.append("  call #\(index + 1) unexpected: \(DoublesValueDiff.describe(seenInput))")
            default:
                break
            }
        }
        FailureReporter.report(
            lines.joined(separator: "\n"),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// The index of the call whose input differs from `expected` in the fewest properties.
    static func closestCall(to expected: Input, in seen: [Input]) -> Int {
        var best = 0
        var fewest = Int.max
        for (index, input) in seen.enumerated() {
            let count = DoublesValueDiff.differences(expected: expected, actual: input).count
            if count < fewest {
                fewest = count
                best = index
            }
        }
        return best
    }
}
