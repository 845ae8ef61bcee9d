// `Locked`, the package's one lock box, lives in a production-safe module so the seams can use it
// too; test code gets it from TestSupportCore as before.
@_exported import LockedValue
