extension DispatchQueueInterface where Self == ImmediateDispatchQueue {
    /// A queue that runs every block at once, delayed ones included.
    ///
    /// Including `asyncAfter`.
    ///
    /// ```swift
    /// let viewModel = BookSearchViewModel(queue: .immediate) { _ in [] }
    /// ```
    public static var immediate: ImmediateDispatchQueue { ImmediateDispatchQueue() }

    /// A main-queue double that runs every block at once and says it is the main queue.
    ///
    /// It answers `isMainQueue == true`.
    public static var immediateMain: ImmediateDispatchQueue {
        ImmediateDispatchQueue(label: "main (immediate)", isMainQueue: true)
    }
}

extension DispatchQueueInterface where Self == ManualDispatchQueue {
    /// A new queue with virtual time that runs blocks only when the test says.
    ///
    /// ```swift
    /// let queue: ManualDispatchQueue = .manual
    /// ```
    public static var manual: ManualDispatchQueue { ManualDispatchQueue() }

    /// A new main-queue double with virtual time that says it is the main queue.
    ///
    /// It answers `isMainQueue == true`.
    public static var manualMain: ManualDispatchQueue {
        ManualDispatchQueue(label: "main (manual)", isMainQueue: true)
    }
}
