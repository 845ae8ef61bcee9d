// The TestDoubles module. Its types land with the module's issue.
