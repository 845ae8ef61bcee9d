import AsyncRecording
import Foundation
import TestSupportTesting
import Testing

@Suite("AsyncRecorder over NotificationCenter")
struct AsyncRecorderNotificationTests {
    static let libraryDidChange = Notification.Name("LibraryDidChange")

    @Test("A notification posted synchronously is recorded before post returns")
    func recordsBeforePostReturns() {
        let center = NotificationCenter()
        let recorder = AsyncRecorder(notificationsNamed: Self.libraryDidChange, center: center)

        center.post(name: Self.libraryDidChange, object: nil, userInfo: ["count": 3])

        #expect(recorder.elements.map(\.userInfo) == [["count": "3"]])
    }

    @Test("A transform turns notifications into values and skips those it maps to nil")
    func transformMapsAndSkips() async {
        let center = NotificationCenter()
        let recorder = AsyncRecorder(notificationsNamed: Self.libraryDidChange, center: center) {
            $0.userInfo?["count"] as? Int
        }

        center.post(name: Self.libraryDidChange, object: nil, userInfo: ["count": 1])
        center.post(name: Self.libraryDidChange, object: nil)
        center.post(name: Self.libraryDidChange, object: nil, userInfo: ["count": 2])

        await recorder.expectValues([1, 2])
    }

    @Test("cancel() removes the observer")
    func cancelRemovesObserver() {
        let center = NotificationCenter()
        let recorder = AsyncRecorder(notificationsNamed: Self.libraryDidChange, center: center)

        recorder.cancel()
        center.post(name: Self.libraryDidChange, object: nil)

        #expect(recorder.elements.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A missing notification fails at the caller's line, naming the notification")
    func missingNotificationFails() async {
        let center = NotificationCenter()
        let recorder = AsyncRecorder(notificationsNamed: Self.libraryDidChange, center: center)
        let line = #line + 2
        await withKnownIssue {
            await recorder.values(count: 1, timeout: .zero)
        } matching: { issue in
            issue.isFailure(
                containing: "Timed out after 0 s waiting for 1 value from notifications named LibraryDidChange; no values so far",
                line: line
            )
        }
    }
}
