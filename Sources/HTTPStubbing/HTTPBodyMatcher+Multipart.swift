import Foundation

extension HTTPBodyMatcher {
    /// Matches a multipart form body that has a part for each condition, in any order and among
    /// any others, whatever its boundary.
    ///
    /// The body is read as `multipart/form-data`. The boundary is read from the request's `Content-Type` (from the body's first line when
    /// the matcher gets a body alone). A body that is not valid multipart matches nothing, and
    /// the failure says why: no boundary parameter, a boundary the body does not use, a part that
    /// never ends, lines that end in a bare LF.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(
    ///     .post("/photos").body(
    ///         .multipart(
    ///             .field("caption", "Sunset"),
    ///             .file("photo", fileName: "photo.jpg", contentType: "image/jpeg")
    ///         )),
    ///     with: .status(201))
    /// ```
    ///
    /// With no conditions it matches any valid multipart body.
    ///
    /// - Parameter parts: The parts that must be present, each matched by its field name.
    /// - Returns: The matcher.
    public static func multipart(_ parts: MultipartPartMatcher...) -> HTTPBodyMatcher {
        let shown = parts.isEmpty ? "any parts" : parts.map(\.description).joined(separator: ", ")
        return HTTPBodyMatcher(
            description: "multipart body with \(shown)", isFullyDescribed: parts.allSatisfy(\.isFullyDescribed)
        ) { body, contentType in
            let found: [MultipartPart]
            switch MultipartBody.parts(of: body, contentType: contentType) {
            case .failure(let problem): return "body is not valid multipart/form-data: \(problem.reason)"
            case .success(let parts): found = parts
            }
            let problems = parts.compactMap { expected -> String? in
                let named = found.filter { $0.name == expected.name }
                guard !named.isEmpty else {
                    let names = found.map { "\"\($0.name)\"" }.joined(separator: ", ")
                    return "no part named \"\(expected.name)\" (parts: \(names.isEmpty ? "none" : names))"
                }
                let differences = named.map(expected.problems)
                guard let closest = differences.min(by: { $0.count < $1.count }), !closest.isEmpty else { return nil }
                return "part \"\(expected.name)\" " + closest.joined(separator: ", ")
            }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }
}
