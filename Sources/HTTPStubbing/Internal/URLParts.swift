import Foundation

/// The parts of a URL that matching reads (scheme, host, port, path, query), taken from the
/// URL's text in one pass over its UTF-8 bytes.
///
/// `URLComponents` gives the same parts but costs 10–17 µs per request (its `host` runs IDNA
/// through ICU); this reads the ASCII text directly, by byte offsets into the text's contiguous
/// storage, and falls back to `URLComponents` only for hosts that need decoding (percent escapes,
/// punycode or non-ASCII).
struct URLParts: Sendable {
    var scheme: String?
    var host: String?
    var port: Int?
    var path: String
    var query: [QueryPair]

    private static let colon = UInt8(ascii: ":"), slash = UInt8(ascii: "/"), question = UInt8(ascii: "?")
    private static let hash = UInt8(ascii: "#"), at = UInt8(ascii: "@"), openBracket = UInt8(ascii: "[")
    private static let closeBracket = UInt8(ascii: "]"), percent = UInt8(ascii: "%"), ampersand = UInt8(ascii: "&")
    private static let equals = UInt8(ascii: "=")

    init(_ url: URL) {
        var text = url.absoluteString
        // Native Swift strings are contiguous, so this does not copy.
        self = text.withUTF8 { bytes in Self(bytes: bytes, url: url) }
    }

    /// Reads the parts from `bytes`, the URL's text; every offset below is a byte offset, and
    /// every slice starts and ends at an ASCII delimiter, so each is valid UTF-8 on its own.
    private init(bytes: UnsafeBufferPointer<UInt8>, url: URL) {
        scheme = nil
        host = nil
        port = nil
        query = []
        let end = Self.firstIndex(of: Self.hash, in: bytes, from: 0, to: bytes.count) ?? bytes.count
        var start = 0
        var schemeEnd = 0
        while schemeEnd < end, Self.isSchemeByte(bytes[schemeEnd]) { schemeEnd += 1 }
        if schemeEnd < end, schemeEnd != start, bytes[schemeEnd] == Self.colon {
            scheme = Self.lowercasedASCII(bytes, start, schemeEnd)
            start = schemeEnd + 1
        }
        if end - start >= 2, bytes[start] == Self.slash, bytes[start + 1] == Self.slash {
            let authorityStart = start + 2
            var authorityEnd = authorityStart
            while authorityEnd < end, bytes[authorityEnd] != Self.slash, bytes[authorityEnd] != Self.question { authorityEnd += 1 }
            var hostStart = authorityStart
            if let atIndex = Self.lastIndex(of: Self.at, in: bytes, from: authorityStart, to: authorityEnd) {
                hostStart = atIndex + 1
            }
            var hostEnd = authorityEnd
            if hostStart < authorityEnd, bytes[hostStart] == Self.openBracket,
                let close = Self.firstIndex(of: Self.closeBracket, in: bytes, from: hostStart, to: authorityEnd)
            {
                hostEnd = close + 1
            } else if let portColon = Self.lastIndex(of: Self.colon, in: bytes, from: hostStart, to: authorityEnd) {
                hostEnd = portColon
            }
            if hostEnd < authorityEnd, bytes[hostEnd] == Self.colon {
                port = Int(Self.string(bytes, hostEnd + 1, authorityEnd))
            }
            if Self.needsDecoding(bytes, hostStart, hostEnd) {
                host = (URLComponents(url: url, resolvingAgainstBaseURL: true)?.host ?? url.host)?.lowercased()
            } else if hostStart < hostEnd {
                host = Self.lowercasedASCII(bytes, hostStart, hostEnd)
            }
            start = authorityEnd
        }
        let queryStart = Self.firstIndex(of: Self.question, in: bytes, from: start, to: end)
        let decodedPath = Self.decoded(bytes, start, queryStart ?? end)
        path = decodedPath.isEmpty ? "/" : decodedPath
        if let queryStart {
            query = Self.pairs(bytes, queryStart + 1, end)
        }
    }

    private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func lastIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = end
        while index > start {
            index -= 1
            if bytes[index] == byte { return index }
        }
        return nil
    }

    private static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        firstIndex(of: byte, in: bytes, from: start, to: end) != nil
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Whether a host needs `URLComponents`: non-ASCII, a percent escape, or a label starting
    /// with `xn--` (case-insensitive).
    private static func needsDecoding(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var window: UInt32 = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte >= 0x80 || byte == percent { return true }
            window = (window << 8) | UInt32(byte | 0x20)
            if window == 0x786E_2D2D { return true }  // "xn--"; "-" | 0x20 is still "-"
            index += 1
        }
        return false
    }

    /// The slice lower-cased; every byte of a scheme or of a host that needs no decoding is ASCII.
    private static func lowercasedASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var index = start
        while index < end, !(bytes[index] >= 0x41 && bytes[index] <= 0x5A) { index += 1 }
        let text = string(bytes, start, end)
        return index == end ? text : text.lowercased()
    }

    /// The query's items as `URLComponents.queryItems` reads them: split on `&`, then on the
    /// first `=`; a name without `=` has no value; no `+` decoding.
    private static func pairs(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [QueryPair] {
        guard start < end else { return [] }
        var itemCount = 1
        for index in start..<end where bytes[index] == ampersand { itemCount += 1 }
        var pairs: [QueryPair] = []
        pairs.reserveCapacity(itemCount)
        var itemStart = start
        while true {
            let itemEnd = firstIndex(of: ampersand, in: bytes, from: itemStart, to: end) ?? end
            if let equals = firstIndex(of: equals, in: bytes, from: itemStart, to: itemEnd) {
                pairs.append(QueryPair(name: decoded(bytes, itemStart, equals), value: decoded(bytes, equals + 1, itemEnd)))
            } else {
                pairs.append(QueryPair(name: decoded(bytes, itemStart, itemEnd), value: nil))
            }
            guard itemEnd < end else { return pairs }
            itemStart = itemEnd + 1
        }
    }

    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        let text = string(bytes, start, end)
        return contains(percent, in: bytes, start, end) ? (text.removingPercentEncoding ?? text) : text
    }
}
