import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts the data deliveries of one task, to see a throttled body arrive in pieces.
final class ChunkCounter: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var data = Data()
        var chunks = 0
        var finished: CheckedContinuation<(data: Data, chunks: Int), Never>?
    }

    private let state = Locked(State())

    func load(_ request: URLRequest, in session: URLSession) async -> (data: Data, chunks: Int) {
        await withCheckedContinuation { continuation in
            state.withLock { $0.finished = continuation }
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { state in
            state.data.append(data)
            state.chunks += 1
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result) = state.withLock { state in
            defer { state.finished = nil }
            return (state.finished, (state.data, state.chunks))
        }
        continuation?.resume(returning: result)
    }
}
