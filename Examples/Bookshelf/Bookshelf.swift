// The sample app domain lands with the examples issue.
