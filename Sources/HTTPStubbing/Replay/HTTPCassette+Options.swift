import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPCassette {
    /// The choices of a cassette call besides where the cassette is and the record mode.
    ///
    /// Both `useCassette` forms take it. Every choice has a default, so name only those you change:
    ///
    /// ```swift
    /// let options = HTTPCassette.Options(
    ///     matching: .methodAndURL.including(headers: "Accept"),
    ///     passingThrough: .host("localhost") || .any.pathPrefix("/health"))
    /// ```
    public struct Options: Sendable {
        /// Which parts of a request must equal a recorded one.
        public var matching: HTTPReplayMatching
        /// What is removed before anything is written.
        public var redaction: HTTPRedaction
        /// Whether a request whose recordings are all used gets the last of them again.
        ///
        /// This is VCR's `allow_playback_repeats`; by default such a request is unhandled, or
        /// recorded.
        public var allowPlaybackRepeats: Bool
        /// The requests neither replayed nor recorded but sent to the real server, if any.
        ///
        /// This is VCR's `ignore_hosts` and `ignore_request`: a recording it matches is not
        /// replayed either.
        public var passingThrough: HTTPRequestMatcher?
        /// The real session that records and passes requests through, or else a new ephemeral one.
        public var recordingSession: URLSession?

        /// Creates options; each one left out keeps its default.
        ///
        /// - Parameters:
        ///   - matching: Which parts of a request must equal a recorded one.
        ///   - redaction: What is removed before anything is written.
        ///   - allowPlaybackRepeats: Whether a request whose recordings are all used gets the
        ///     last of them again.
        ///   - passingThrough: The requests sent to the real server, neither replayed nor
        ///     recorded, such as `.host("localhost")`.
        ///   - session: The real session that records and passes requests through.
        public init(
            matching: HTTPReplayMatching = .methodAndURL,
            redacting redaction: HTTPRedaction = .default,
            allowPlaybackRepeats: Bool = false,
            passingThrough: HTTPRequestMatcher? = nil,
            recordingThrough session: URLSession? = nil
        ) {
            self.matching = matching
            self.redaction = redaction
            self.allowPlaybackRepeats = allowPlaybackRepeats
            self.passingThrough = passingThrough
            self.recordingSession = session
        }

        /// Whether `request` is passed through.
        func passes(_ request: RecordedHTTPRequest) -> Bool {
            passingThrough?.matches(request) ?? false
        }
    }
}
