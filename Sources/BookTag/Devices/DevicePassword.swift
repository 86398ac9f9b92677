import Crypto
import Foundation

/// A device's password: random, typed once on an e-reader's keyboard, so lowercase letters and
/// digits in four groups of four with no look-alikes (no `l`, `o`, `0` or `1`): 32 symbols, 80
/// bits. It is kept only as a salted hash of its MD5, since KOReader's progress sync sends that
/// MD5 as its key and the WebDAV sync sends the password itself: both reduce to the same hash.
public enum DevicePassword {
    /// The symbols a password is made of.
    static let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
    /// Four groups of four symbols.
    static let groups = 4
    static let groupLength = 4

    /// The entropy of one password, in bits (80).
    public static var bits: Int { groups * groupLength * 5 }

    /// A new password, such as `k7ve-m2xq-9tpa-hd3w`.
    public static func make() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<groups).map { _ in
            String((0..<groupLength).map { _ in alphabet[Int(random.next(upperBound: UInt32(alphabet.count)))] })
        }.joined(separator: "-")
    }

    /// The key KOReader's progress sync sends for `password`: its MD5, as lowercase hexadecimal.
    public static func syncKey(_ password: String) -> String {
        hex(Insecure.MD5.hash(data: Data(password.utf8)))
    }

    /// A new salt, 16 random bytes as hexadecimal.
    static func salt() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(format: "%016llx", random.next() as UInt64) }.joined()
    }

    /// What the store keeps of a device whose key (`syncKey`) is `key`.
    static func hash(key: String, salt: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data(key.lowercased().utf8), using: SymmetricKey(data: Data(salt.utf8)))
        return hex(mac)
    }

    /// Whether `key` is the key whose hash is `hash`, in time that does not depend on where
    /// they differ.
    static func matches(key: String, salt: String, hash: String) -> Bool {
        let computed = Array(self.hash(key: key, salt: salt).utf8)
        let kept = Array(hash.utf8)
        guard computed.count == kept.count else { return false }
        var difference: UInt8 = 0
        for index in computed.indices { difference |= computed[index] ^ kept[index] }
        return difference == 0
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
