import Foundation

/// Loads book covers through a completion handler, as many image SDKs do.
public protocol CoverLoading: AnyObject {
    /// Loads the cover image of a book and calls `completion` once with its bytes or an error.
    func loadCover(for id: Book.ID, completion: @escaping (Result<Data, any Error>) -> Void)
}

/// What the detail screen shows where the cover goes.
public enum CoverState: Equatable, Sendable {
    /// A grey placeholder, before the cover arrives or when it cannot be loaded.
    case placeholder
    /// The cover image, as its bytes.
    case image(Data)
}

/// Shows a book's cover: asks the loader and calls back with what the screen should show.
public final class CoverPresenter {
    /// What the screen shows now.
    public private(set) var state: CoverState = .placeholder

    private let loader: any CoverLoading

    /// Creates a presenter that loads covers with `loader`.
    ///
    /// - Parameter loader: Where covers come from.
    public init(loader: any CoverLoading) {
        self.loader = loader
    }

    /// Loads the cover of a book and calls `completion` with the state to show: the image, or the
    /// placeholder when loading fails or returns no bytes.
    ///
    /// - Parameters:
    ///   - id: The book whose cover to show.
    ///   - completion: Called once with the new state.
    public func showCover(for id: Book.ID, completion: @escaping (CoverState) -> Void) {
        loader.loadCover(for: id) { [weak self] result in
            let state: CoverState
            switch result {
            case let .success(bytes) where !bytes.isEmpty: state = .image(bytes)
            case .success, .failure: state = .placeholder
            }
            self?.state = state
            completion(state)
        }
    }
}
