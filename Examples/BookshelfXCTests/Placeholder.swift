// Example suites land with the examples issue.
