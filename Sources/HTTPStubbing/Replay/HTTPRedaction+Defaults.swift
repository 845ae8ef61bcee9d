extension HTTPRedaction {
    /// Removes the credentials real APIs carry, by name and by format, and URL user info.
    ///
    /// The names, which the guide lists, are those secret scanners and record-and-replay recipes
    /// name: headers such as `Authorization`, `Cookie`, `X-Api-Key` and `X-Amz-Security-Token`;
    /// query items such as `api_key`, `access_token` and `X-Amz-Signature`; JSON keys at any
    /// depth and form fields such as `password`, `client_secret`, `refresh_token` and
    /// `private_key`. Names compare ignoring case, `-`, `_` and `.`. To extend it, chain
    /// `redacting…` calls; to leave a name out, remove it from a copy's set; ``none`` turns
    /// redaction off.
    public static let `default`: HTTPRedaction = {
        var redaction = HTTPRedaction(urlUserInfo: true, credentialFormats: true)
        redaction.headers = defaultHeaders
        redaction.queryItems = defaultQueryItems
        redaction.jsonFields = defaultFields
        redaction.formFields = defaultFields
        return redaction
    }()

    /// The headers `default` redacts: credentials, cookies, session and CSRF tokens, cloud
    /// session tokens, and the API key headers of widely used services.
    static let defaultHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie",
        "x-api-key", "api-key", "x-auth-token", "x-access-token", "x-session-token", "x-refresh-token",
        "x-csrf-token", "x-xsrf-token", "x-amz-security-token", "x-goog-api-key", "private-token",
        "x-vault-token", "ocp-apim-subscription-key", "x-functions-key", "x-shopify-access-token",
        "x-algolia-api-key", "dd-api-key", "dd-application-key", "x-client-secret",
    ]

    /// The query items `default` redacts: API keys, OAuth tokens and secrets, passwords, and the
    /// signatures and credentials of pre-signed cloud storage URLs.
    static let defaultQueryItems: Set<String> = [
        "api_key", "key", "access_token", "token", "auth", "auth_token", "id_token", "refresh_token",
        "session_token", "client_secret", "password", "secret", "signature", "sig",
        "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token", "X-Goog-Signature", "X-Goog-Credential",
    ]

    /// The JSON keys and form fields `default` redacts: passwords, OAuth tokens and client
    /// secrets, API keys and secrets, and private keys.
    static let defaultFields: Set<String> = [
        "password", "passwd", "passphrase", "current_password", "new_password", "old_password",
        "secret", "client_secret", "client_assertion", "api_key", "api_secret", "access_token", "refresh_token",
        "id_token", "token", "auth_token", "session_token", "jwt", "private_key", "secret_key",
        "secret_access_key", "aws_secret_access_key",
    ]
}
