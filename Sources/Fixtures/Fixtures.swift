// The Fixtures module. Its types land with the module's issue.
