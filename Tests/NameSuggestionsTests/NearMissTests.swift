import Testing

@testable import NameSuggestions

@Suite("NearMiss")
struct NearMissTests {
    @Test(
        "Measures the Levenshtein distance",
        arguments: [
            ("", "abc", 3), ("abc", "", 3), ("kitten", "sitting", 3), ("catlog", "catalog", 1), ("same", "same", 0),
        ] as [(String, String, Int)])
    func distance(lhs: String, rhs: String, expected: Int) {
        #expect(NearMiss.distance(lhs, rhs) == expected)
    }

    @Test("Suggests close names ignoring case, closest first, ties by name")
    func closestFirst() {
        let names = ["tokens", "Token", "tokan", "session"]
        #expect(NearMiss.closest(to: "token", in: names, limit: 3) == ["Token", "tokan", "tokens"])
    }

    @Test("Suggests nothing farther than a third of the name's length, at least 2")
    func threshold() {
        #expect(NearMiss.closest(to: "ab", in: ["xy", "xyz"], limit: 3) == ["xy"])
        #expect(NearMiss.closest(to: "accessToken", in: ["accesToken", "refreshToken"], limit: 3) == ["accesToken"])
    }

    @Test("Gives at most the limit, and one name or nil for the single-name form")
    func limit() {
        #expect(NearMiss.closest(to: "a", in: ["a1", "a2", "a3"], limit: 2) == ["a1", "a2"])
        #expect(NearMiss.closest(to: "ManualClok", in: ["ManualClock", "TestClock"]) == "ManualClock")
        #expect(NearMiss.closest(to: "Keychain", in: ["Session"]) == nil)
    }

    @Test("Ranks by a caller's own score under a caller's threshold")
    func customScore() {
        let ranked = NearMiss.closest(in: ["b/feed.json", "a/feed.json", "feeds.json"], limit: 3, threshold: 1) {
            NearMiss.distance("feed.json", String($0.split(separator: "/").last ?? ""))
        }
        #expect(ranked == ["a/feed.json", "b/feed.json", "feeds.json"])
    }
}
