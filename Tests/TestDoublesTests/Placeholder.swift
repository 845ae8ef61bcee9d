// Tests for TestDoubles land with the module's issue.
