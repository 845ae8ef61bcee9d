/// Comparisons for the Seams module; filled in with that module.
let seamsComparisons: [Comparison] = []
