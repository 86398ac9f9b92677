import Foundation

/// Why a backup could not be written or restored; each says what to do, in one line.
public enum BackupError: BookTagError, Equatable {
    /// The file to write is a folder, a link, or a file that is not a booktag backup.
    case unsuitableDestination(path: String, reason: String)
    /// Writing failed (a full disk, a folder that cannot be written): nothing was left behind.
    case cannotWrite(path: String, reason: String)
    /// The file is not a whole, unchanged booktag backup.
    case notABackup(path: String, reason: String)
    /// The backup's store breaks what booktag's schema promises (damaged, or made by hand).
    case unusableStore(path: String, reason: String)
    /// The backup is of a later layout than this booktag reads.
    case newerFormat(path: String, version: Int)
    /// The home holds a store already, and `--replace` was not given.
    case homeNotEmpty(path: String)
    /// Restoring failed part way; the home is as it was.
    case cannotRestore(path: String, reason: String)

    /// A damaged or foreign file is bad data; a home in the way is a usage error; writing is the store's.
    public var kind: BookTagFailure.Kind {
        switch self {
        case .notABackup, .unusableStore, .newerFormat: .data
        case .unsuitableDestination, .homeNotEmpty: .usage
        case .cannotWrite, .cannotRestore: .store
        }
    }

    /// Where a home is in the way: restore elsewhere, or replace it (each face words how).
    public var advice: Advice? {
        if case .homeNotEmpty = self { return .replaceTheHome }
        return nil
    }

    public var errorDescription: String? {
        switch self {
        case .unsuitableDestination(let path, let reason): "cannot write a backup to \(path): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write the backup \(path): \(reason); nothing was left behind"
        case .notABackup(let path, let reason):
            "\(path) is not a whole booktag backup: \(reason); the home is unchanged"
        case .unusableStore(let path, let reason):
            "\(path) holds a store booktag cannot use: \(reason); the home is unchanged"
        case .newerFormat(let path, let version):
            "\(path) is a backup of layout \(version), made by a later booktag: restore it with that one"
        case .homeNotEmpty(let path): "\(path) already holds a home"
        case .cannotRestore(let path, let reason): "cannot restore into \(path): \(reason); the home is unchanged"
        }
    }
}
