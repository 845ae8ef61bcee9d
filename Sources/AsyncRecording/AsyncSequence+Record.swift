extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Starts recording this sequence.
    ///
    /// A shorthand for ``AsyncRecorder/init(_:label:)``.
    ///
    /// ```swift
    /// let recorder = BookImporter().importBooks(["Dune", "Emma"]).record()
    /// ```
    ///
    /// - Parameter label: How failure messages name the source; defaults to the sequence's type.
    /// - Returns: A recorder already iterating the sequence.
    public func record(label: String? = nil) -> AsyncRecorder<Element> {
        AsyncRecorder(self, label: label)
    }
}
