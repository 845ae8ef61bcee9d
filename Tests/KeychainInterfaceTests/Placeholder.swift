// Tests for KeychainInterface land with the module's issue.
