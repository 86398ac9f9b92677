import Foundation

/// The e-readers allowed to sync into `serve` (`booktag devices`): adding one makes its
/// password, which is shown once and kept only as a salted hash; removing one revokes it at
/// once, for a server already running too, since every request is checked against the store.
public struct DeviceRegistry: Sendable {
    /// The home's store.
    public let store: BookStore

    /// The registry of `store`.
    public init(store: BookStore) {
        self.store = store
    }

    /// Adds a device named `name`; returns it with its new password (the only time it is seen).
    public func add(_ name: String) throws -> (device: Device, password: String) {
        let name = try Device.checkName(name)
        let password = DevicePassword.make()
        let salt = DevicePassword.salt()
        let hash = DevicePassword.hash(key: DevicePassword.syncKey(password), salt: salt)
        guard let device = try store.addDevice(name: name, salt: salt, keyHash: hash, at: Date()) else {
            throw BookTagFailure(
                .usage,
                "a device named \(name) exists: remove it first ('booktag devices remove \(name)') or choose another name"
            )
        }
        return (device, password)
    }

    /// Every device, by name.
    public func list() throws -> [Device] { try store.devices() }

    /// Revokes `name`; the readings it sent stay.
    public func remove(_ name: String) throws {
        guard try store.removeDevice(name.trimmingCharacters(in: .whitespaces)) else {
            throw BookTagFailure(.notFound, "no device is named \(name): 'booktag devices list' lists them")
        }
    }

    /// A device that proved who it is: its id in the store and its name.
    public struct Signed: Sendable, Equatable {
        let id: Int64
        /// Its name.
        public let name: String
    }

    /// The device named `user` when `password` is its password (WebDAV's Basic auth).
    public func signIn(user: String, password: String) throws -> Signed? {
        try signIn(user: user, key: DevicePassword.syncKey(password))
    }

    /// The device named `user` when `key` is its password's MD5 (the progress sync's header).
    public func signIn(user: String, key: String) throws -> Signed? {
        guard let credentials = try store.deviceCredentials(user) else {
            // As long as a known name takes: a wrong name and a wrong password look alike.
            _ = DevicePassword.matches(key: key, salt: "0000000000000000", hash: "")
            return nil
        }
        guard DevicePassword.matches(key: key, salt: credentials.salt, hash: credentials.keyHash) else { return nil }
        return Signed(id: credentials.id, name: credentials.name)
    }
}
