import Foundation
import TestSupportCore

/// Turns a failed JSON read into a ``FixtureError`` that names the fixture, the type, the coding
/// path, what was wrong and where in the file, without relying on Foundation's message text
/// (which differs between Linux and Apple platforms).
enum JSONFailure {
    /// The error for `error`, thrown while decoding `typeName` from `bytes`.
    static func error(
        decoding typeName: String,
        from bytes: [UInt8],
        fixture: String,
        searchLocation: String,
        templateHint: String,
        underlying error: any Error
    ) -> FixtureError {
        guard let decodingError = error as? DecodingError else {
            if let syntax = syntaxError(
                in: bytes, fixture: fixture, searchLocation: searchLocation, purpose: "decoding \(typeName)", templateHint: templateHint)
            {
                return syntax
            }
            return decodingFailed(
                typeName, path: [], bytes: bytes, fixture: fixture, searchLocation: searchLocation,
                reason: "\(error)", templateHint: templateHint
            )
        }
        switch decodingError {
        case .typeMismatch(let expected, let context):
            return decodingFailed(
                typeName, path: context.codingPath, bytes: bytes, fixture: fixture, searchLocation: searchLocation,
                reason: "expected a value of type \(expected) (\(sentence(context.debugDescription)))", templateHint: templateHint
            )
        case .valueNotFound(let expected, let context):
            return decodingFailed(
                typeName, path: context.codingPath, bytes: bytes, fixture: fixture, searchLocation: searchLocation,
                reason: "expected a value of type \(expected), found null or nothing (\(sentence(context.debugDescription)))",
                templateHint: templateHint
            )
        case .keyNotFound(let key, let context):
            return decodingFailed(
                typeName, path: context.codingPath, bytes: bytes, fixture: fixture, searchLocation: searchLocation,
                reason: "the object has no key \"\(key.stringValue)\"", templateHint: templateHint
            )
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty,
                let syntax = syntaxError(
                    in: bytes, fixture: fixture, searchLocation: searchLocation, purpose: "decoding \(typeName)", templateHint: templateHint
                )
            {
                return syntax
            }
            return decodingFailed(
                typeName, path: context.codingPath, bytes: bytes, fixture: fixture, searchLocation: searchLocation,
                reason: sentence(context.debugDescription), templateHint: templateHint
            )
        @unknown default:
            return decodingFailed(
                typeName, path: [], bytes: bytes, fixture: fixture, searchLocation: searchLocation,
                reason: "\(decodingError)", templateHint: templateHint
            )
        }
    }

    /// The syntax error in `bytes` found by ``JSONScanner``, if there is one.
    static func syntaxError(
        in bytes: [UInt8],
        fixture: String,
        searchLocation: String,
        purpose: String,
        templateHint: String
    ) -> FixtureError? {
        let invalidUTF8 = UTF8Validation.firstInvalidOffset(in: bytes).map { offset in
            JSONScanner.Problem(
                offset: offset,
                reason: "the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) is not valid UTF-8, and JSON must be UTF-8")
        }
        guard let problem = JSONScanner.firstProblem(in: bytes) ?? invalidUTF8 else { return nil }
        let position = TextPosition(offset: problem.offset, in: bytes)
        return FixtureError(
            fixtureName: fixture,
            searchLocation: searchLocation,
            kind: .invalidJSON(line: position.line, column: position.column, reason: problem.reason),
            message: "Fixture \"\(fixture)\" is not valid JSON (\(purpose)): line \(position.line), "
                + "column \(position.column): \(problem.reason).\(templateHint)"
                + SourceExcerpt.render(position, in: bytes)
        )
    }

    /// Foundation's debug description without its final period, to sit inside a sentence.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// `books[0].status`, or `the top level` for an empty path.
    static func render(_ path: [any CodingKey]) -> String {
        var rendered = ""
        for key in path {
            switch component(key) {
            case .index(let index):
                rendered += "[\(index)]"
            case .key(let name):
                let isIdentifier = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                if isIdentifier {
                    rendered += rendered.isEmpty ? name : ".\(name)"
                } else {
                    rendered += "[\"\(name)\"]"
                }
            }
        }
        return rendered.isEmpty ? "the top level" : rendered
    }

    private static func component(_ key: any CodingKey) -> JSONScanner.PathComponent {
        // JSONDecoder names array positions "Index N"; a dictionary key "3" also has an
        // intValue but keeps its own string.
        if let index = key.intValue, key.stringValue == "Index \(index)" {
            return .index(index)
        }
        return .key(key.stringValue)
    }

    private static func decodingFailed(
        _ typeName: String,
        path: [any CodingKey],
        bytes: [UInt8],
        fixture: String,
        searchLocation: String,
        reason: String,
        templateHint: String
    ) -> FixtureError {
        let rendered = render(path)
        let position = JSONScanner.offset(of: path.map(component), in: bytes).map { TextPosition(offset: $0, in: bytes) }
        let place = position.map { " (\($0))" } ?? ""
        return FixtureError(
            fixtureName: fixture,
            searchLocation: searchLocation,
            kind: .decodingFailed(type: typeName, codingPath: rendered, line: position?.line, column: position?.column, reason: reason),
            message: "Could not decode \(typeName) from fixture \"\(fixture)\": at \(rendered)\(place): \(reason).\(templateHint)"
                + (position.map { SourceExcerpt.render($0, in: bytes) } ?? "")
        )
    }
}
