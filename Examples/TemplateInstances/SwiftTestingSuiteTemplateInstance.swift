// Generated from Docs/Templates/SwiftTestingSuite.swift.template by .ci/check-templates --write. Do not edit.

import TestSupportKit
import Testing
@testable import Bookshelf

@Suite("ShelfSorter")
struct ShelfSorterTests {
    /// Each test gets a new suite instance, so this set-up runs once per test and nothing is
    /// shared between tests running in parallel.
    init() {}

    @Suite("init")
    struct Init {
        @Test("A new instance is released when the test no longer holds it")
        func isReleased() {
            withLeakTracking { tracker in
                let sut = ShelfSorter()
                tracker.track(sut)
            }
        }
    }
}
