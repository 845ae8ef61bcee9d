import Foundation
import HTTPStubbing
import TestSupportCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Delayed, throttled and redirected responses arrive after `startLoading` has returned. These
/// tests start many tasks on one session while such responses arrive, the load under which an
/// earlier delivery from a Dispatch thread raced FoundationNetworking's task bookkeeping.
@Suite("HTTPStubRegistry: late deliveries while many tasks share one session")
struct HTTPStubDelayedDeliveryStressTests {
    @Test("Two hundred delayed and immediate requests on one session all get their own answer", arguments: 0..<4)
    func delayedAmongMany(round: Int) async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any.path("/slow/*"), with: HTTPStubResponse.text("slow").delayed(by: 0.001))
        stubs.stub(.any.path("/fast/*"), with: .text("fast"))
        let requests = try (0..<200).map { index in
            try makeRequest("GET", "https://a.test/\(index % 2 == 0 ? "slow" : "fast")/\(round)-\(index)")
        }

        let answers = await withTaskGroup(of: (String, String?).self) { group in
            for request in requests {
                group.addTask {
                    let answer = try? await stubs.session.text(for: request).0
                    return (request.url?.path ?? "", answer)
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }

        #expect(answers.count == 200)
        #expect(answers.filter { $0.key.hasPrefix("/slow/") }.allSatisfy { $0.value == "slow" })
        #expect(answers.filter { $0.key.hasPrefix("/fast/") }.allSatisfy { $0.value == "fast" })
    }

    @Test("Cancelling half of many delayed requests ends every task, each exactly once", arguments: 0..<4)
    func cancelledAmongMany(round: Int) async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any.path("/slow/*"), with: HTTPStubResponse.text("slow").delayed(by: 0.002))
        let session = stubs.session
        let outcomes = Locked<[Int: String]>([:])
        let repeats = Locked(0)
        let finished = DispatchGroup()
        var tasks: [URLSessionDataTask] = []
        for index in 0..<100 {
            finished.enter()
            let task = session.dataTask(with: try makeRequest("GET", "https://a.test/slow/\(round)-\(index)")) { data, _, error in
                let outcome =
                    error.map { ($0 as? URLError)?.code == .cancelled ? "cancelled" : "failed" }
                    ?? (data.map { String(decoding: $0, as: UTF8.self) } ?? "")
                let repeated = outcomes.withLock { $0.updateValue(outcome, forKey: index) != nil }
                if repeated {
                    repeats.withLock { $0 += 1 }
                } else {
                    finished.leave()
                }
            }
            tasks.append(task)
            task.resume()
        }
        for (index, task) in tasks.enumerated() where index % 2 == 1 {
            task.cancel()
        }

        await withCheckedContinuation { continuation in
            finished.notify(queue: .global()) { continuation.resume() }
        }

        let seen = outcomes.value
        #expect(seen.count == 100)
        #expect(repeats.value == 0)
        #expect(seen.filter { $0.key % 2 == 0 }.allSatisfy { $0.value == "slow" })
        #expect(seen.filter { $0.key % 2 == 1 }.allSatisfy { $0.value == "cancelled" || $0.value == "slow" })
    }

    @Test("Redirects answered with a delay, many at once on one session, all reach their target", arguments: 0..<2)
    func delayedRedirectsAmongMany(round: Int) async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any.path("/old/*"), with: HTTPStubResponse.redirect(to: "/new").delayed(by: 0.001))
        stubs.stub(.any.path("/new"), with: HTTPStubResponse.text("moved").delayed(by: 0.001))
        let requests = try (0..<100).map { index in try makeRequest("GET", "https://a.test/old/\(round)-\(index)") }

        let answers = await withTaskGroup(of: String?.self) { group in
            for request in requests {
                group.addTask { try? await stubs.session.text(for: request).0 }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(answers.count == 100)
        #expect(answers.allSatisfy { $0 == "moved" })
    }
}
