// Tests for TestBuilders land with the module's issue.
