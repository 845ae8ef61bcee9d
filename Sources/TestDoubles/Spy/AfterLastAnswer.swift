/// What a spy does when it is called again after the last answer of a sequence.
///
/// The sequence is the one given to
/// [`returns(inOrder:afterLast:)`](<doc:MethodSpy/returns(inOrder:afterLast:fileID:filePath:line:column:)>).
public enum AfterLastAnswer: Sendable, Equatable {
    /// Keep giving the last answer, the default.
    ///
    /// `returns(inOrder: [a, b])` answers `a, b, b, b, …`.
    case repeatLast
    /// Report a failure naming the method and how many answers there were, then return or
    /// throw the spy's fallback.
    case reportFailure
}
