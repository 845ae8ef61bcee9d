/// Finds where bytes stop being valid UTF-8.
enum UTF8Validation {
    /// The offset of the first byte that is not part of a valid UTF-8 sequence, or `nil` when all
    /// of `bytes` is valid UTF-8.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
