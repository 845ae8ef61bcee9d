import Foundation

/// A keychain failure, mirroring the Security framework's status codes so that app error handling
/// is written once and tested on any platform.
///
/// The codes are the `OSStatus` values, defined here, so they exist on Linux too.
///
/// ```swift
/// let keychain: any KeychainInterface = KeychainFake()
/// let scope = KeychainScope(service: "com.bookshelf.auth")
/// let token = Data("abc".utf8)
/// do {
///     try keychain.add(token, account: "access-token", in: scope)
/// } catch .duplicateItem {
///     try keychain.update(token, account: "access-token", in: scope)
/// }
/// ```
public enum KeychainError: Error, Equatable, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// An item with the same identity already exists.
    ///
    /// The Security framework's `errSecDuplicateItem` (-25299).
    case duplicateItem
    /// No item matches.
    ///
    /// The Security framework's `errSecItemNotFound` (-25300).
    case itemNotFound
    /// The item is protected while the device is locked.
    ///
    /// The Security framework's `errSecInteractionNotAllowed` (-25308).
    case interactionNotAllowed
    /// The app is not entitled to the access group.
    ///
    /// The Security framework's `errSecMissingEntitlement` (-34018).
    case missingEntitlement
    /// Authentication, by passcode or biometry, failed.
    ///
    /// The Security framework's `errSecAuthFailed` (-25293).
    case authenticationFailed
    /// A parameter was not valid.
    ///
    /// The Security framework's `errSecParam` (-50).
    case badParameter
    /// The operation is not available, which is also what test doubles that must not be used throw.
    ///
    /// The Security framework's `errSecUnimplemented` (-4).
    case unimplemented
    /// The stored bytes could not be read as the requested type.
    ///
    /// The Security framework's `errSecDecode` (-26275).
    case unexpectedData(String)
    /// Any other status.
    case unhandledStatus(Int32)

    /// The Security status code for a duplicate item.
    package static let duplicateItemStatus: Int32 = -25299
    /// The Security status code for an item that was not found.
    package static let itemNotFoundStatus: Int32 = -25300
    /// The Security status code for interaction not allowed.
    package static let interactionNotAllowedStatus: Int32 = -25308
    /// The Security status code for a missing entitlement.
    package static let missingEntitlementStatus: Int32 = -34018
    /// The Security status code for failed authentication.
    package static let authenticationFailedStatus: Int32 = -25293
    /// The Security status code for a bad parameter.
    package static let badParameterStatus: Int32 = -50
    /// The Security status code for an unimplemented operation.
    package static let unimplementedStatus: Int32 = -4
    /// The Security status code for data that cannot be decoded.
    package static let decodeStatus: Int32 = -26275

    /// What a missing entitlement means and what to do about it, part of the error's description.
    ///
    /// The error is -34018: the access group is not in the app's entitlements, or the process has
    /// none at all, which is what unsigned `swift test` on macOS and simulator test bundles without
    /// a host app get.
    static let missingEntitlementAdvice =
        "the process is not entitled to this keychain access group, or has no keychain entitlement at all "
        + "(unsigned `swift test` on macOS and simulator test bundles without a host app get this); "
        + "sign the test bundle with a team, run the tests in a host app, use SystemKeychain(usesDataProtectionKeychain: false) "
        + "for an unsigned macOS tool, or inject KeychainFake in tests"

    /// Maps a Security status to an error.
    ///
    /// ```swift
    /// KeychainError(status: -25300) == .itemNotFound   // true
    /// ```
    ///
    /// - Parameter status: An `OSStatus` other than `errSecSuccess`.
    public init(status: Int32) {
        switch status {
        case Self.duplicateItemStatus: self = .duplicateItem
        case Self.itemNotFoundStatus: self = .itemNotFound
        case Self.interactionNotAllowedStatus: self = .interactionNotAllowed
        case Self.missingEntitlementStatus: self = .missingEntitlement
        case Self.authenticationFailedStatus: self = .authenticationFailed
        case Self.badParameterStatus: self = .badParameter
        case Self.unimplementedStatus: self = .unimplemented
        case Self.decodeStatus: self = .unexpectedData("status \(status)")
        default: self = .unhandledStatus(status)
        }
    }

    /// The Security status code this error stands for.
    public var status: Int32 {
        switch self {
        case .duplicateItem: Self.duplicateItemStatus
        case .itemNotFound: Self.itemNotFoundStatus
        case .interactionNotAllowed: Self.interactionNotAllowedStatus
        case .missingEntitlement: Self.missingEntitlementStatus
        case .authenticationFailed: Self.authenticationFailedStatus
        case .badParameter: Self.badParameterStatus
        case .unimplemented: Self.unimplementedStatus
        case .unexpectedData: Self.decodeStatus
        case .unhandledStatus(let status): status
        }
    }

    /// The error's name and status code.
    ///
    /// For example `itemNotFound (-25300)`.
    public var description: String {
        switch self {
        case .duplicateItem: "duplicateItem (\(status))"
        case .itemNotFound: "itemNotFound (\(status))"
        case .interactionNotAllowed: "interactionNotAllowed (\(status))"
        case .missingEntitlement: "missingEntitlement (\(status)): \(Self.missingEntitlementAdvice)"
        case .authenticationFailed: "authenticationFailed (\(status))"
        case .badParameter: "badParameter (\(status))"
        case .unimplemented: "unimplemented (\(status))"
        case .unexpectedData(let reason): "unexpectedData (\(status)): \(reason)"
        case .unhandledStatus: "unhandledStatus (\(status))"
        }
    }

    /// The error's description, so that localized descriptions and logs say what happened and, for
    /// a missing entitlement, what to do.
    ///
    /// The same text as ``description``, used by `localizedDescription`.
    public var errorDescription: String? { description }
}

extension KeychainError {
    /// What to do about the failure, where the package knows.
    ///
    /// `missingEntitlement` (-34018) is what the real keychain answers when the process has no
    /// keychain entitlement at all, as in unsigned `swift test` on macOS and in simulator test
    /// bundles without a host app, as well as for an access group the app is not entitled to.
    public var recoverySuggestion: String? {
        switch self {
        case .missingEntitlement:
            "The process is not entitled to this keychain access group. Add the group to the app's "
                + "keychain-access-groups entitlement. In tests: unsigned `swift test` on macOS and simulator test "
                + "bundles without a host app have no keychain entitlement at all, so sign the test target or give it "
                + "a host app, use SystemKeychain(usesDataProtectionKeychain: false) for an unsigned macOS tool, or "
                + "inject KeychainFake."
        case .interactionNotAllowed:
            "The item's accessibility does not allow reading it now (the device is locked, or has not been "
                + "unlocked since it started). Read it later, or store it with an accessibility that allows it."
        default:
            nil
        }
    }
}
