// Tests for DispatchQueueInterface land with the module's issue.
