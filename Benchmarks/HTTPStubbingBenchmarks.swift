/// Comparisons for the HTTPStubbing module; filled in with that module.
let httpStubbingComparisons: [Comparison] = []
