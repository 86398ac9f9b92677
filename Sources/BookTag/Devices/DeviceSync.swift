import Foundation

/// A device's statistics received and made into the reader's record: the upload is checked to be
/// KOReader's statistics database and replaces what that device sent before (`receive`, quick,
/// before the device is answered); then the union of every device's readings is imported as
/// one file would be (`run`), making the tags `koreader read`, `koreader currently-reading` and
/// `koreader YYYY` (config `devices.tagPrefix`). With no internet the books get drawn covers,
/// which a later sync that reaches Open Library replaces.
public struct DeviceSync: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore

    /// The use case over `store`, in `workspace`.
    public init(workspace: Workspace, store: BookStore) {
        self.workspace = workspace
        self.store = store
    }

    /// What one upload held.
    public struct Received: Sendable, Equatable {
        /// Books in the device's database.
        public var books: Int
        /// Its reading rows kept (rows no device could have written are skipped).
        public var rows: Int
    }

    /// Reads `file` as KOReader's statistics and keeps it as `device`'s readings, replacing what
    /// it sent before, in one transaction. What is not KOReader's statistics is refused
    /// (`ExportError`, `.data`) with nothing stored; so is a device removed meanwhile.
    public func receive(_ file: URL, from device: DeviceRegistry.Signed) throws -> Received {
        guard KOReaderReader.isStatistics(file) else {
            throw BookTagFailure(
                .data, "that is not KOReader's statistics database (statistics.sqlite3); nothing was stored")
        }
        let books: [KOReaderBook]
        do {
            (books, _) = try KOReaderReader.readBooks(file, scratch: store.home.dataFolder, timeZone: .current)
        } catch let error as ExportError {
            // Named as the device names it, never by where the home keeps the upload.
            throw error.naming(file, as: "statistics.sqlite3")
        }
        guard try store.replaceDeviceReadings(device: device.id, books: books, at: Date()) else {
            throw BookTagFailure(.notFound, "the device \(device.name) was removed; nothing was stored")
        }
        return Received(books: books.count, rows: books.reduce(0) { $0 + $1.rows.count })
    }

    /// The union of every device's readings, planned as an import: the tags it will make.
    public func plan(configuration: BookTagConfiguration) throws -> (plan: ImportLibrary.Plan, union: URL) {
        let union = store.home.dataFolder.appendingPathComponent(".devices-\(UUID().uuidString).sqlite3")
        do {
            try DeviceReadings(store: store).writeUnion(to: union)
            var request = ImportRequest(file: union, format: .koreader, prefix: configuration.deviceTagPrefix)
            request.yearTags = true
            request.name = "the devices' readings"
            return (try ImportLibrary(workspace: workspace, store: store).plan(request), union)
        } catch {
            Self.removeUnion(union)
            throw error
        }
    }

    /// Imports the union `plan` made, then removes the union's file; a `currently-reading` or
    /// `read` tag the readings no longer fill is removed.
    public func run(
        _ plan: ImportLibrary.Plan, union: URL, configuration: BookTagConfiguration, nightMode: Bool,
        progress: ProgressHandler? = nil
    ) async throws -> ImportReport {
        defer { Self.removeUnion(union) }
        let (_, report) = try await ImportLibrary(workspace: workspace, store: store).run(
            plan, configuration: configuration, nightMode: nightMode, progress: progress)
        let made = Set(plan.tags.map(\.name.key))
        for shelf in ["currently-reading", "read"] {
            let name = try TagName("\(configuration.deviceTagPrefix) \(shelf)")
            guard !made.contains(name.key), let tag = try store.tag(name), tag.origin?.libraryFormat == .koreader
            else { continue }
            _ = try RemoveTag(store: store).run(name, nightMode: nightMode)
        }
        return report
    }

    /// Plans and runs the sync of every device's readings, as the command line would.
    public func syncAll(configuration: BookTagConfiguration, nightMode: Bool, progress: ProgressHandler? = nil)
        async throws -> ImportReport
    {
        let (plan, union) = try plan(configuration: configuration)
        return try await run(plan, union: union, configuration: configuration, nightMode: nightMode, progress: progress)
    }

    private static func removeUnion(_ file: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(file.path + suffix) }
    }
}
