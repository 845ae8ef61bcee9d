#if compiler(>=6.1)
import Bookshelf
import DispatchQueueInterface
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupportKit

/// The package's Swift Testing traits: each gives the test a value through a task-local and
/// checks it when the test's body returns. XCTest cases use the scoped functions instead.
@Suite("Traits")
struct TraitsBookshelfTests {
    // snippet: trait-http-stubs
    @Test("books(page:) decodes the stubbed page", .httpStubs)
    func booksDecodesStubbedPage() async throws {
        let stubs = try #require(HTTPStubRegistry.current)
        let page = CatalogPage(books: [], nextPage: nil)
        stubs.stub(
            .get("/books").query(["page": "1"]),
            with: .json(page, encoder: CatalogAPIClient.encoder))
        let client = CatalogAPIClient(
            baseURL: try #require(URL(string: "https://api.bookshelf.example")),
            session: stubs.session)

        let loaded = try await client.books(
            page: 1, token: AuthToken(value: "abc123"))

        #expect(loaded == page)
    }  // a request no stub answered would fail this test here
    // end-snippet

    // snippet: trait-isolated-user-defaults
    @Test("Onboarding stays completed after a relaunch", .isolatedUserDefaults)
    func onboardingSurvivesRelaunch() throws {
        let defaults = try #require(IsolatedUserDefaults.current).defaults

        ReadingSettings(store: defaults).hasCompletedOnboarding = true

        #expect(ReadingSettings(store: defaults).hasCompletedOnboarding)
    }
    // end-snippet

    // snippet: trait-leak-tracked
    @Test("A progress recorder is released with the test", .leakTracked)
    func progressRecorderIsReleased() async {
        let progress = BookImporter().importBooks(["Dune"]).record()
        LeakTracker.current?.track(progress)

        await progress.expectValues([1])
    }  // an object tracked above and still alive would fail this test
    // end-snippet

    // snippet: trait-end-of-test-checks
    @Test("A search after the pause leaves no work behind", .endOfTestChecks)
    func searchLeavesNoPendingWork() {
        let queue = ManualDispatchQueue(label: "main", isMainQueue: true)
            .checkedAtEndOfTest()
        let viewModel = BookSearchViewModel(queue: queue) { _ in [] }

        viewModel.queryChanged("dune")
        queue.advance(by: .milliseconds(300))

        #expect(viewModel.searches == ["dune"])
    }  // a block still queued, or a misuse, would fail this test
    // end-snippet
}
#endif
