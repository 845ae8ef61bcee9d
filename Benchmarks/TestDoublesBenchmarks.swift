/// Comparisons for the TestDoubles module; filled in with that module.
let testDoublesComparisons: [Comparison] = []
