// Tests for KeyValueStoreInterface land with the module's issue.
