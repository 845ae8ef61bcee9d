import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

/// The cover presenter's callback API under XCTest: no expectation, fulfill or wait lines.
final class CompletionHandlerCoverPresenterTests: XCTestCase {
    private var loader: CoverLoaderStub!
    private var presenter: CoverPresenter!
    private let dune = Book.make { $0.title = "Dune" }

    override func setUp() {
        super.setUp()
        loader = CoverLoaderStub()
        presenter = CoverPresenter(loader: loader)
    }

    override func tearDown() {
        loader.expectNoOtherCalls()
        super.tearDown()
    }

    func test_showCover_loaderDeliversImage_callsBackWithImage() async {
        loader.loadCoverSpy.holdCompletions()
        let done = CompletionRecorder<CoverState>()
        presenter.showCover(for: dune.id, completion: done.handler)

        loader.loadCoverSpy.completeLast(with: .success(Data([0xFF, 0xD8])))

        let state = await done.value()
        XCTAssertEqual(state, .image(Data([0xFF, 0xD8])))
        loader.loadCoverSpy.expectCalledOnce(with: dune.id)
    }

    func test_showCover_loaderReturnsNoBytes_callsBackWithPlaceholder() async {
        loader.loadCoverSpy.returns(.success(Data()))
        let done = CompletionRecorder<CoverState>()

        presenter.showCover(for: dune.id, completion: done.handler)

        let state = await done.value()
        XCTAssertEqual(state, .placeholder)
        loader.loadCoverSpy.expectCalled(times: 1)
    }
}
