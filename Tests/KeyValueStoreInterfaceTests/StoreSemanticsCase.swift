import Foundation
import KeyValueStoreInterface
import Testing

/// One documented `UserDefaults` behaviour: what to write, what to read, and the result
/// `UserDefaults` gives. Each case runs against the fake and against a real suite.
struct StoreSemanticsCase: Sendable, CustomTestStringConvertible {
    let name: String
    let arrange: @Sendable (any KeyValueStoreInterface) -> Void
    let act: @Sendable (any KeyValueStoreInterface) -> String
    let expected: String
    /// Why Linux Foundation's `UserDefaults` gives another result, when it does: such a case
    /// runs against the fake everywhere and against the real suite only on Apple platforms,
    /// because Apple's documented behaviour decides.
    let linuxDiffers: String?
    /// Whether Linux Foundation's difference shows only in some runs (it depends on timing), so
    /// no test can require it.
    let linuxDifferenceIsIntermittent: Bool

    var testDescription: String { name }

    init(
        _ name: String,
        arrange: @escaping @Sendable (any KeyValueStoreInterface) -> Void = { _ in },
        read act: @escaping @Sendable (any KeyValueStoreInterface) -> String,
        expected: String,
        linuxDiffers: String? = nil,
        linuxDifferenceIsIntermittent: Bool = false
    ) {
        self.name = name
        self.arrange = arrange
        self.act = act
        self.expected = expected
        self.linuxDiffers = linuxDiffers
        self.linuxDifferenceIsIntermittent = linuxDifferenceIsIntermittent
    }

    /// The cases a real `UserDefaults` on this platform is expected to pass.
    static var forRealStore: [StoreSemanticsCase] {
        #if canImport(Darwin)
        all
        #else
        all.filter { $0.linuxDiffers == nil }
        #endif
    }

    private static let linuxHandsOutSwiftValues =
        "Linux Foundation's object(forKey:) hands out Swift Int/Double/Bool, which do not bridge to each other; Apple hands out NSNumber"

    /// Seen once in 31 runs of the whole suite beside a CPU hog: the result depends on timing.
    private static let linuxRereadsFloatsAsDoubles =
        "Linux Foundation may write a suite out in the background and read it back, after which a Float reads as "
        + "the Double it widens to (\"12.34000015258789\"); which one a test sees depends on timing"

    static let all: [StoreSemanticsCase] = [
        .init("bool of a missing key is false", read: { "\($0.bool(forKey: "missing"))" }, expected: "false"),
        .init("integer of a missing key is 0", read: { "\($0.integer(forKey: "missing"))" }, expected: "0"),
        .init("double of a missing key is 0", read: { "\($0.double(forKey: "missing"))" }, expected: "0.0"),
        .init("float of a missing key is 0", read: { "\($0.float(forKey: "missing"))" }, expected: "0.0"),
        .init("string of a missing key is nil", read: { "\($0.string(forKey: "missing") as Any)" }, expected: "nil"),
        .init("object of a missing key is nil", read: { "\($0.object(forKey: "missing") as Any)" }, expected: "nil"),
        .init(
            "integer of the string \"5\" is 5", arrange: { $0.set("5", forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "5"),
        .init(
            "integer of \" 12abc\" reads the leading number", arrange: { $0.set(" 12abc", forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "12"),
        .init(
            "integer of a non-numeric string is 0", arrange: { $0.set("abc", forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "0"),
        .init(
            "integer of 3.7 is 3", arrange: { $0.set(3.7, forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "3"),
        .init(
            "integer of -2.5 is -2", arrange: { $0.set(-2.5, forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "-2"),
        .init(
            "integer of true is 1", arrange: { $0.set(true, forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "1"),
        .init(
            "double of the string \"2.5\" is 2.5", arrange: { $0.set("2.5", forKey: "k") },
            read: { "\($0.double(forKey: "k"))" }, expected: "2.5"),
        .init(
            "double of true is 1", arrange: { $0.set(true, forKey: "k") },
            read: { "\($0.double(forKey: "k"))" }, expected: "1.0"),
        .init(
            "float of the string \"1.5\" is 1.5", arrange: { $0.set("1.5", forKey: "k") },
            read: { "\($0.float(forKey: "k"))" }, expected: "1.5"),
        .init(
            "bool of \"YES\" is true", arrange: { $0.set("YES", forKey: "k") },
            read: { "\($0.bool(forKey: "k"))" }, expected: "true"),
        .init(
            "bool of \"true\" is true", arrange: { $0.set("true", forKey: "k") },
            read: { "\($0.bool(forKey: "k"))" }, expected: "true"),
        .init(
            "bool of \"no\" is false", arrange: { $0.set("no", forKey: "k") },
            read: { "\($0.bool(forKey: "k"))" }, expected: "false"),
        .init(
            "bool of \"0\" is false", arrange: { $0.set("0", forKey: "k") },
            read: { "\($0.bool(forKey: "k"))" }, expected: "false"),
        .init(
            "bool of the integer 5 is true", arrange: { $0.set(5, forKey: "k") },
            read: { "\($0.bool(forKey: "k"))" }, expected: "true"),
        .init(
            "bool of 0.0 is false", arrange: { $0.set(0.0, forKey: "k") },
            read: { "\($0.bool(forKey: "k"))" }, expected: "false"),
        .init(
            "string of the integer 5 is \"5\"", arrange: { $0.set(5, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"5\")"),
        .init(
            "string of 3.7 is \"3.7\"", arrange: { $0.set(3.7, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"3.7\")"),
        .init(
            "data of a string is nil", arrange: { $0.set("text", forKey: "k") },
            read: { "\($0.data(forKey: "k") as Any)" }, expected: "nil"),
        .init(
            "data round-trips", arrange: { $0.set(Data([1, 2, 3]), forKey: "k") },
            read: { "\($0.data(forKey: "k").map { Array($0) } as Any)" }, expected: "Optional([1, 2, 3])"),
        .init(
            "stringArray of strings returns them", arrange: { $0.set(["a", "b"], forKey: "k") },
            read: { "\($0.stringArray(forKey: "k") as Any)" }, expected: "Optional([\"a\", \"b\"])"),
        .init(
            "stringArray of a mixed array is nil", arrange: { $0.set(["a", 1] as [Any], forKey: "k") },
            read: { "\($0.stringArray(forKey: "k") as Any)" }, expected: "nil"),
        .init(
            "array of a string is nil", arrange: { $0.set("a", forKey: "k") },
            read: { "\($0.array(forKey: "k") as Any)" }, expected: "nil"),
        .init(
            "dictionary round-trips", arrange: { $0.set(["x": 1], forKey: "k") },
            read: { "\(($0.dictionary(forKey: "k")?["x"] as? Int) as Any)" }, expected: "Optional(1)"),
        .init(
            "url of a path string is a file URL with ~ expanded", arrange: { $0.set("~/notes", forKey: "k") },
            read: { "\($0.url(forKey: "k")?.path == NSString(string: "~/notes").expandingTildeInPath)" }, expected: "true"),
        // UserDefaults' registration domain is per process, not per suite: each case registers
        // a key no other case reads, or parallel cases would see each other's defaults.
        .init(
            "a registered default is returned by integer", arrange: { $0.register(defaults: ["registered.int": 7]) },
            read: { "\($0.integer(forKey: "registered.int"))" }, expected: "7"),
        .init(
            "a registered string default is coerced like a stored one", arrange: { $0.register(defaults: ["registered.string": "9"]) },
            read: { "\($0.integer(forKey: "registered.string"))" }, expected: "9"),
        .init(
            "a stored value hides the registered default",
            arrange: {
                $0.register(defaults: ["registered.hidden": 7])
                $0.set(1, forKey: "registered.hidden")
            },
            read: { "\($0.integer(forKey: "registered.hidden"))" }, expected: "1"),
        .init(
            "removing the stored value shows the registered default again",
            arrange: {
                $0.register(defaults: ["registered.shown": 7])
                $0.set(1, forKey: "registered.shown")
                $0.removeObject(forKey: "registered.shown")
            },
            read: { "\($0.integer(forKey: "registered.shown"))" }, expected: "7"),
        .init(
            "removeObject removes the value",
            arrange: {
                $0.set("v", forKey: "k")
                $0.removeObject(forKey: "k")
            },
            read: { "\($0.object(forKey: "k") as Any)" }, expected: "nil"),
        .init(
            "dictionaryRepresentation holds registered and stored keys",
            arrange: {
                $0.register(defaults: ["registered.listed": 1])
                $0.set(2, forKey: "stored")
            },
            read: { store in
                let all = store.dictionaryRepresentation()
                return "\(all["registered.listed"] as? Int as Any) \(all["stored"] as? Int as Any)"
            },
            expected: "Optional(1) Optional(2)"),
        // NSNumber bridging of object(forKey:) (SE-0170: a conversion succeeds only when exact).
        .init(
            "object of a stored 2.5 is nil as? Int (not exact)", arrange: { $0.set(2.5, forKey: "k") },
            read: { "\($0.object(forKey: "k") as? Int as Any)" }, expected: "nil"),
        .init(
            "object of a stored 5 is nil as? Bool (only 0 and 1 are Booleans)", arrange: { $0.set(5, forKey: "k") },
            read: { "\($0.object(forKey: "k") as? Bool as Any)" }, expected: "nil"),
        .init(
            "object of a stored true is 1 as? Int", arrange: { $0.set(true, forKey: "k") },
            read: { "\($0.object(forKey: "k") as? Int as Any)" }, expected: "Optional(1)", linuxDiffers: linuxHandsOutSwiftValues),
        .init(
            "object of a stored 2.0 is 2 as? Int (exact)", arrange: { $0.set(2.0, forKey: "k") },
            read: { "\($0.object(forKey: "k") as? Int as Any)" }, expected: "Optional(2)", linuxDiffers: linuxHandsOutSwiftValues),
        .init(
            "object of a stored 1 is true as? Bool", arrange: { $0.set(1, forKey: "k") },
            read: { "\($0.object(forKey: "k") as? Bool as Any)" }, expected: "Optional(true)", linuxDiffers: linuxHandsOutSwiftValues),
        .init(
            "object of a stored 5 is 5.0 as? Double", arrange: { $0.set(5, forKey: "k") },
            read: { "\($0.object(forKey: "k") as? Double as Any)" }, expected: "Optional(5.0)", linuxDiffers: linuxHandsOutSwiftValues),
        .init(
            "array elements are NSNumbers too: [1] reads 1.0 as? Double", arrange: { $0.set([1], forKey: "k") },
            read: { "\($0.array(forKey: "k")?.first as? Double as Any)" }, expected: "Optional(1.0)", linuxDiffers: linuxHandsOutSwiftValues
        ),
        .init(
            "a registered NSNumber(value: true) reads back as Bool true",
            arrange: { $0.register(defaults: ["registered.nsbool": NSNumber(value: true)]) },
            read: { "\($0.object(forKey: "registered.nsbool") as? Bool as Any)" }, expected: "Optional(true)"),
        .init(
            "set(UInt64.max) is accepted and reads back as UInt64", arrange: { $0.set(UInt64.max as Any?, forKey: "k") },
            read: { "\($0.object(forKey: "k") as? UInt64 as Any)" }, expected: "Optional(18446744073709551615)"),
        .init(
            "integer of UInt64.max is -1, NSNumber's integerValue", arrange: { $0.set(UInt64.max as Any?, forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "-1",
            linuxDiffers: "Linux Foundation answers 0; Apple's integer(forKey:) gives NSNumber.integerValue, the low 64 bits"),
        .init(
            "string of 2.0 is \"2\", NSNumber's stringValue", arrange: { $0.set(2.0, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"2\")",
            linuxDiffers: "Linux Foundation formats the Swift Double as \"2.0\"; Apple returns NSNumber's stringValue, \"2\""),
        .init(
            "string of 0.1 is \"0.1\"", arrange: { $0.set(0.1, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"0.1\")"),
        .init(
            "string of true is \"1\"", arrange: { $0.set(true, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"1\")"),
        .init(
            "bool of 2.5 is true", arrange: { $0.set(2.5, forKey: "k") },
            read: { "\($0.bool(forKey: "k"))" }, expected: "true"),
        .init(
            "integer of the string \"2.9\" is 2", arrange: { $0.set("2.9", forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "2"),
        // Registered values are coerced like stored ones (swift-corelibs-foundation's tests pin
        // the same for Boolean, integer and double strings).
        .init(
            "a registered \"YES\" is true by bool", arrange: { $0.register(defaults: ["registered.yes": "YES"]) },
            read: { "\($0.bool(forKey: "registered.yes"))" }, expected: "true"),
        .init(
            "a registered \"12.34\" is 12.34 by double", arrange: { $0.register(defaults: ["registered.double": "12.34"]) },
            read: { "\($0.double(forKey: "registered.double"))" }, expected: "12.34"),
        .init(
            "a registered Data reads back by data", arrange: { $0.register(defaults: ["registered.data": Data([7])]) },
            read: { "\($0.data(forKey: "registered.data").map { Array($0) } as Any)" }, expected: "Optional([7])"),
        // The conversions swift-corelibs-foundation's TestUserDefaults pins, one per case.
        .init(
            "a registered NSNumber 5 is 5 by integer", arrange: { $0.register(defaults: ["registered.nsnumber": NSNumber(value: 5)]) },
            read: { "\($0.integer(forKey: "registered.nsnumber"))" }, expected: "5"),
        .init(
            "a registered NSString is a String by string", arrange: { $0.register(defaults: ["registered.nsstring": "hello" as NSString]) },
            read: { "\($0.string(forKey: "registered.nsstring") as Any)" }, expected: "Optional(\"hello\")"),
        .init(
            "a registered file URL is returned by url",
            arrange: { $0.register(defaults: ["registered.url": URL(fileURLWithPath: "/hello/world")]) },
            read: { "\($0.url(forKey: "registered.url")?.path as Any)" }, expected: "Optional(\"/hello/world\")"),
        .init(
            "a set NSString reads back by string", arrange: { $0.set("hello" as NSString, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"hello\")"),
        .init(
            "a set NSData reads back by data", arrange: { $0.set(NSData(bytes: [0, 1, 2, 3, 4] as [UInt8], length: 5), forKey: "k") },
            read: { "\($0.data(forKey: "k").map { Array($0) } as Any)" }, expected: "Optional([0, 1, 2, 3, 4])"),
        .init(
            "a set file URL reads back by url", arrange: { $0.set(URL(fileURLWithPath: "/hello/world"), forKey: "k") },
            read: { "\($0.url(forKey: "k")?.path as Any)" }, expected: "Optional(\"/hello/world\")"),
        .init(
            "integer of the Float 12.34 is 12", arrange: { $0.set(12.34 as Float, forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "12"),
        .init(
            "float of true is 1", arrange: { $0.set(true, forKey: "k") },
            read: { "\($0.float(forKey: "k"))" }, expected: "1.0"),
        .init(
            "float of 42 is 42", arrange: { $0.set(42, forKey: "k") },
            read: { "\($0.float(forKey: "k"))" }, expected: "42.0"),
        .init(
            "float of the Double 12.34 is 12.34", arrange: { $0.set(12.34, forKey: "k") },
            read: { "\($0.float(forKey: "k"))" }, expected: "12.34"),
        .init(
            "float of the string \"1234\" is 1234", arrange: { $0.set("1234", forKey: "k") },
            read: { "\($0.float(forKey: "k"))" }, expected: "1234.0"),
        .init(
            "double of the Float 12.34 is the Float widened", arrange: { $0.set(12.34 as Float, forKey: "k") },
            read: { "\($0.double(forKey: "k") == Double(12.34 as Float))" }, expected: "true"),
        .init(
            "double of 42 is 42", arrange: { $0.set(42, forKey: "k") },
            read: { "\($0.double(forKey: "k"))" }, expected: "42.0"),
        .init(
            "string of 42 is \"42\"", arrange: { $0.set(42, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"42\")"),
        .init(
            "string of the Float 12.34 is \"12.34\"", arrange: { $0.set(12.34 as Float, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"12.34\")",
            linuxDiffers: linuxRereadsFloatsAsDoubles, linuxDifferenceIsIntermittent: true),
        .init(
            "string of the Double 12.34 is \"12.34\"", arrange: { $0.set(12.34, forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "Optional(\"12.34\")"),
        .init(
            "a set value replaces the previous one",
            arrange: {
                $0.set("a", forKey: "k")
                $0.set(2, forKey: "k")
            },
            read: { "\($0.integer(forKey: "k")) \($0.string(forKey: "k") as Any)" }, expected: "2 Optional(\"2\")"),
        .init(
            "an Encodable value round-trips as JSON data", arrange: { try? $0.set(encoded: ["b", "a"], forKey: "k") },
            read: { "\((try? $0.decoded([String].self, forKey: "k")) as Any)" }, expected: "Optional([\"b\", \"a\"])"),
    ]
}
