import Foundation

/// A directory holding one templated response body, removed by the test that made it.
struct ResponseBodyDirectory {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("TestSupportKitTests-\(UUID().uuidString)", isDirectory: true)

    init() throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent("Responses"), withIntermediateDirectories: true)
        try Data("{\n  \"id\": \"{{id}}\",\n  \"title\": \"{{title}}\"\n}\n".utf8)
            .write(to: url.appendingPathComponent("Responses/book.json"))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
