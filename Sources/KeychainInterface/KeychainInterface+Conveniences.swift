import Foundation

extension KeychainInterface {
    /// Adds an item with the Security framework's default accessibility.
    ///
    /// That is ``KeychainAccessibility/whenUnlocked``.
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Throws: ``KeychainError/duplicateItem`` if the item exists.
    public func add(_ data: Data, account: String, in scope: KeychainScope) throws(KeychainError) {
        try add(data, account: account, in: scope, accessibility: .whenUnlocked)
    }

    /// Stores data, updating the item if it exists and adding it otherwise: the explicit upsert.
    ///
    /// An existing item keeps its accessibility.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let scope = KeychainScope(service: "com.bookshelf.auth")
    /// let token = "abc"
    /// try keychain.set(Data(token.utf8), account: "access-token", in: scope)
    /// ```
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - account: The account.
    ///   - scope: The scope.
    ///   - accessibility: The accessibility of a newly added item.
    public func set(
        _ data: Data,
        account: String,
        in scope: KeychainScope,
        accessibility: KeychainAccessibility = .whenUnlocked
    ) throws(KeychainError) {
        do {
            try update(data, account: account, in: scope)
        } catch .itemNotFound {
            try add(data, account: account, in: scope, accessibility: accessibility)
        }
    }

    /// Reads an item's data, or nothing if there is none; other errors are thrown.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The data, or `nil`.
    public func readIfPresent(account: String, in scope: KeychainScope) throws(KeychainError) -> Data? {
        do {
            return try read(account: account, in: scope)
        } catch .itemNotFound {
            return nil
        }
    }

    /// Whether an item exists.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: `true` if reading it succeeds.
    public func contains(account: String, in scope: KeychainScope) throws(KeychainError) -> Bool {
        try readIfPresent(account: account, in: scope) != nil
    }

    /// Deletes an item if it exists; a missing item is not an error.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    public func deleteIfPresent(account: String, in scope: KeychainScope) throws(KeychainError) {
        do {
            try delete(account: account, in: scope)
        } catch .itemNotFound {
            return
        }
    }

    /// Stores a string as UTF-8 (upsert).
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let scope = KeychainScope(service: "com.bookshelf.auth")
    /// try keychain.set("s3cr3t", account: "password", in: scope)
    /// ```
    ///
    /// - Parameters:
    ///   - string: The secret.
    ///   - account: The account.
    ///   - scope: The scope.
    ///   - accessibility: The accessibility of a newly added item.
    public func set(
        _ string: String,
        account: String,
        in scope: KeychainScope,
        accessibility: KeychainAccessibility = .whenUnlocked
    ) throws(KeychainError) {
        try set(Data(string.utf8), account: account, in: scope, accessibility: accessibility)
    }

    /// Reads a UTF-8 string; a missing item throws itemNotFound, as reading data does.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let scope = KeychainScope(service: "com.bookshelf.auth")
    /// try keychain.set("s3cr3t", account: "password", in: scope)
    /// let password: String = try keychain.readString(
    ///     account: "password", in: scope)
    /// ```
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The string.
    /// - Throws: ``KeychainError/itemNotFound`` if there is no item;
    ///   ``KeychainError/unexpectedData(_:)`` if the bytes are not UTF-8.
    public func readString(account: String, in scope: KeychainScope) throws(KeychainError) -> String {
        try Self.utf8String(from: read(account: account, in: scope), account: account, scope: scope)
    }

    /// Reads a UTF-8 string, or nothing if there is no item; other errors are thrown.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let scope = KeychainScope(service: "com.bookshelf.auth")
    /// let password: String? = try keychain.readStringIfPresent(
    ///     account: "password", in: scope)  // nil
    /// ```
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The string, or `nil` if there is no item.
    /// - Throws: ``KeychainError/unexpectedData(_:)`` if the bytes are not UTF-8.
    public func readStringIfPresent(account: String, in scope: KeychainScope) throws(KeychainError) -> String? {
        guard let data = try readIfPresent(account: account, in: scope) else { return nil }
        return try Self.utf8String(from: data, account: account, scope: scope)
    }

    private static func utf8String(from data: Data, account: String, scope: KeychainScope) throws(KeychainError) -> String {
        guard let string = String(data: data, encoding: .utf8) else {
            throw .unexpectedData("the item for account '\(account)' in \(scope) is not UTF-8 text (\(data.count) bytes)")
        }
        return string
    }

    /// Stores an encodable value as JSON, updating or adding the item.
    ///
    /// It writes the JSON data as `set(_:account:in:accessibility:)` writes data.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let scope = KeychainScope(service: "com.bookshelf.auth")
    /// let credentials = AuthTokens(accessToken: "abc", refreshToken: "def")
    /// try keychain.set(encoded: credentials, account: "credentials", in: scope)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - account: The account.
    ///   - scope: The scope.
    ///   - accessibility: The accessibility of a newly added item.
    /// - Throws: ``KeychainError/unexpectedData(_:)`` if encoding fails.
    public func set<Value: Encodable>(
        encoded value: Value,
        account: String,
        in scope: KeychainScope,
        accessibility: KeychainAccessibility = .whenUnlocked
    ) throws(KeychainError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw .unexpectedData("could not encode \(Value.self) for account '\(account)': \(error)")
        }
        try set(data, account: account, in: scope, accessibility: accessibility)
    }

    /// Reads a decodable value stored as JSON; a missing item throws itemNotFound, as reading data does.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let scope = KeychainScope(service: "com.bookshelf.auth")
    /// try keychain.set(
    ///     encoded: AuthTokens(accessToken: "abc", refreshToken: "def"),
    ///     account: "credentials", in: scope)
    /// let tokens = try keychain.read(
    ///     AuthTokens.self, account: "credentials", in: scope)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The value.
    /// - Throws: ``KeychainError/itemNotFound`` if there is no item;
    ///   ``KeychainError/unexpectedData(_:)`` if the data does not decode.
    public func read<Value: Decodable>(
        _ type: Value.Type,
        account: String,
        in scope: KeychainScope
    ) throws(KeychainError) -> Value {
        try Self.decoded(Value.self, from: read(account: account, in: scope), account: account, scope: scope)
    }

    /// Reads a decodable value stored as JSON, or nothing if there is no item; other errors are thrown.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let scope = KeychainScope(service: "com.bookshelf.auth")
    /// let tokens = try keychain.readIfPresent(
    ///     AuthTokens.self, account: "credentials", in: scope)  // nil
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The value, or `nil` if there is no item.
    /// - Throws: ``KeychainError/unexpectedData(_:)`` if the data does not decode.
    public func readIfPresent<Value: Decodable>(
        _ type: Value.Type,
        account: String,
        in scope: KeychainScope
    ) throws(KeychainError) -> Value? {
        guard let data = try readIfPresent(account: account, in: scope) else { return nil }
        return try Self.decoded(Value.self, from: data, account: account, scope: scope)
    }

    private static func decoded<Value: Decodable>(
        _ type: Value.Type,
        from data: Data,
        account: String,
        scope: KeychainScope
    ) throws(KeychainError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw .unexpectedData("the item for account '\(account)' in \(scope) is not a JSON \(Value.self): \(error)")
        }
    }
}
