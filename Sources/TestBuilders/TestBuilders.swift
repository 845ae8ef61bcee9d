// The TestBuilders module. Its types land with the module's issue.
