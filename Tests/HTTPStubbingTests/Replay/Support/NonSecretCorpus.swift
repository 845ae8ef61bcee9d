/// Random-looking data real APIs return that is no secret: the credential scan and the default
/// redaction must leave every byte of it as it is.
enum NonSecretCorpus {
    static let etag = #"W/"5d41402abc4b2a76b9719d911017c592""#
    /// A GraphQL-style pagination cursor (base64 of "cursor:v2:…").
    static let cursor = "Y3Vyc29yOnYyOpK5MjAyNC0wMS0wMVQwMDowMDowMFo"
    static let json = """
        {"commits":[{"sha":"3f786850e387550fdab836ed7e6dc881de23001b","node_id":"C_kwDOABCD12NAKDNmNzg2ODUwZTM4NzU1MGZkYWI4MzZlZDdlNmRjODgxZGUyMzAwMWI",\
        "id":"f47ac10b-58cc-4372-a567-0e02b2c3d479","checksum":"sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",\
        "md5":"d41d8cd98f00b204e9800998ecf8427e","request_id":"req_8a7b6c5d4e3f2a1b","trace":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",\
        "avatar":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",\
        "publishable_key":"pk_live_51H8abcDEFghiJKLmnoPQRstu","tree":"4b825dc642cb6eb9a060e54bf8d69288fbee4904"}],\
        "page_info":{"end_cursor":"\(cursor)","has_next_page":true},\
        "keys":[{"kty":"RSA","kid":"2024-01","use":"sig","alg":"RS256","e":"AQAB",\
        "n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"}]}
        """
}
