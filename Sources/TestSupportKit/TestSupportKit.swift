@_exported import DispatchQueueInterface
@_exported import Fixtures
@_exported import HTTPStubbing
@_exported import KeyValueStoreInterface
@_exported import KeychainInterface
@_exported import TestBuilders
@_exported import TestDoubles
@_exported import TestSupportCore
