/// Comparisons for the Fixtures module; filled in with that module.
let fixturesComparisons: [Comparison] = []
