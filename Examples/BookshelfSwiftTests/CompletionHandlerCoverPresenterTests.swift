import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

/// The cover presenter's callback API, tested with a completion spy and a completion recorder.
@Suite("CoverPresenter through its completion handler")
struct CompletionHandlerCoverPresenterTests {
    let loader = CoverLoaderStub()
    let presenter: CoverPresenter
    let dune = Book.make { $0.title = "Dune" }

    init() {
        presenter = CoverPresenter(loader: loader)
    }

    // snippet: completion-handler-test
    @Test("showCover calls back with the image once the loader delivers it")
    func showCoverDeliversImage() async {
        loader.loadCoverSpy.holdCompletions()
        let done = CompletionRecorder<CoverState>()
        presenter.showCover(for: dune.id, completion: done.handler)

        loader.loadCoverSpy.completeLast(with: .success(Data([0xFF, 0xD8])))

        #expect(await done.value() == .image(Data([0xFF, 0xD8])))
        loader.loadCoverSpy.expectCalledOnce(with: dune.id)
        loader.expectNoOtherCalls()
    }
    // end-snippet

    @Test("showCover calls back with the placeholder when the loader fails")
    func showCoverFailureShowsPlaceholder() async {
        loader.loadCoverSpy.returns(.failure(URLError(.notConnectedToInternet)))
        let done = CompletionRecorder<CoverState>()

        presenter.showCover(for: dune.id, completion: done.handler)

        #expect(await done.value() == .placeholder)
        #expect(presenter.state == .placeholder)
    }
}
