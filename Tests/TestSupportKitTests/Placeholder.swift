// Tests for TestSupportKit land with the module's issue.
