import BookTag
import Foundation

/// `/api/tags` as last encoded, kept while the store and the collages folder are unchanged:
/// on a 1,000-tag home the document costs 7 ms to build and a few microseconds to check. Any
/// booktag, this server or a command line, that commits to the store changes the database or
/// its write-ahead log, and any collage written or removed changes the folder, so the next request
/// builds it again.
final class TagListCache: Sendable {
    private struct Signature: Equatable {
        var files: [[Int]]
    }

    private let home: BookTagHome
    private let cached = Locked<(Signature, JSONFragment)?>(nil)

    init(home: BookTagHome) {
        self.home = home
    }

    func json(_ build: () throws -> JSONFragment) rethrows -> JSONFragment {
        let signature = Self.signature(home)
        if let (kept, json) = cached.withLock({ $0 }), kept == signature { return json }
        // Read after the signature: what is built is at least as new as what the signature saw.
        let json = try build()
        cached.withLock { $0 = (signature, json) }
        return json
    }

    private static func signature(_ home: BookTagHome) -> Signature {
        let paths = [home.databaseFile.path, home.databaseFile.path + "-wal", home.collagesFolder.path]
        return Signature(
            files: paths.map { path in
                var info = stat()
                guard stat(path, &info) == 0 else { return [-1] }
                return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
            })
    }
}
