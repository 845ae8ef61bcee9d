// Tests for TestSupportCore.
