// Tests for Fixtures land with the module's issue.
