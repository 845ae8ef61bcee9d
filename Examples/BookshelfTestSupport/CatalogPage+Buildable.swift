import Bookshelf
import TestSupportKit

// snippet: catalog-page-buildable
/// Catalog pages get the `with` and `variants` forms; a page has no
/// canonical value, so it adopts `Buildable` rather than `TestValue`.
extension CatalogPage: Buildable {}
// end-snippet
