// Tests for HTTPStubbing land with the module's issue.
