import CSodium
import RosterModel

/// The secret half of an API token, over libsodium: made from its random bytes, kept only as a hash, and compared in
/// the same time whatever the bytes.
package enum TokenSecret {
    /// What every token starts with, so that one pasted where it does not belong (a log, a repository) is
    /// recognised as rosterdb's.
    package static let prefix = "rdb_"
    /// Random bytes in a token: 256 bits, beyond any guessing.
    static let randomBytes = 32

    /// libsodium set up once per process, before its first use (its random source is chosen there); false when
    /// it could not be (no source of randomness), which no token may then be made or checked without.
    private static let isReady: Bool = sodium_init() >= 0

    /// A new token: the prefix and 32 random bytes in base64url without padding (43 characters).
    static func generate() throws -> String {
        try checkReady()
        var bytes = [UInt8](repeating: 0, count: randomBytes)
        randombytes_buf(&bytes, bytes.count)
        defer { sodium_memzero(&bytes, bytes.count) }
        let variant = Int32(sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        var text = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        _ = sodium_bin2base64(&text, text.count, bytes, bytes.count, variant)
        return prefix + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The hash a token is kept as: BLAKE2b-256 (`crypto_generichash`) without a key, in lower-case hex. A fast,
    /// unsalted hash is enough here, unlike for a password: a token holds 256 random bits, so a stolen hash cannot
    /// be reversed by trying candidates, however fast each try. It is also what a presented token is looked up by.
    static func hash(_ token: String) throws -> String {
        try checkReady()
        var digest = [UInt8](repeating: 0, count: Int(crypto_generichash_BYTES))
        let bytes = Array(token.utf8)
        _ = crypto_generichash(&digest, digest.count, bytes, UInt64(bytes.count), nil, 0)
        var hex = [CChar](repeating: 0, count: digest.count * 2 + 1)
        _ = sodium_bin2hex(&hex, hex.count, digest, digest.count)
        return String(decoding: hex.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether two hashes are the same, compared in a time that does not depend on where they differ.
    static func same(_ first: String, _ second: String) -> Bool {
        let (a, b) = (Array(first.utf8), Array(second.utf8))
        return a.count == b.count && sodium_memcmp(a, b, a.count) == 0
    }

    private static func checkReady() throws {
        guard isReady else { throw TokenError.noRandomness }
    }
}
