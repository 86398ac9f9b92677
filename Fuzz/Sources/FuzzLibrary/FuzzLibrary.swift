import CFuzzDriver
import Foundation
import FuzzSupport

@testable import BookTag

/// Each library export reader on any file, as `import` reads a reader's file: byte 0 picks the
/// format (or recognition by content, as `import` does without `--format`, or a Calibre library
/// whose `metadata.db` is the rest); the rest is the file, written to a temporary folder because
/// the readers read from files. Each book read is checked for what the importer relies on; a
/// refusal is an `ExportError` or a failure message. Then an EPUB's cover, as `import --books`
/// reads it, a stored cover's JPEG frame, as a print reads it, and last a backup's store, as
/// `restore` checks it: one the check lets through is one every read of the store takes.

let folder = ScratchFolder.url

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let file = folder.appendingPathComponent("export")
    _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes: start + 1, count: count - 1))
    var books = 0
    let body: (ImportedBook) throws -> Void = { book in
        books += 1
        precondition(!book.key.isEmpty, "a book without a key")
        _ = ImportedBook.shelfNames(book.shelves)
    }
    let readers: [(URL, (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary] = [
        ExportReader.read, StoryGraphReader.read, LibraryThingReader.read, LibraryThingJSONReader.read,
        LibraryThingLegacyReader.read, ReadingLogReader.read,
    ]
    // Readers added since the corpus was made come after the Calibre pick, so its seeds keep
    // their meaning (6: recognition, 7: Calibre).
    let later: [(URL, (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary] = [
        BookWyrmExportReader.read,
        { file, body in
            // KOReader's statistics: every interval kept is one a device could have written.
            try KOReaderReader.read(file, scratch: folder) { book in
                for interval in book.intervals {
                    precondition(interval.seconds > 0 && interval.seconds <= 86_400, "\(interval.seconds) s kept")
                    precondition((0..<24).contains(interval.hour) && CalendarDay(interval.day) != nil, "\(interval)")
                }
                try body(book)
            }
        },
        { file, _ in
            // An EPUB, as `import --books` opens it: a cover is an image within the size cap.
            let epub = folder.appendingPathComponent("book.epub")
            try? FileManager.default.removeItem(at: epub)
            try FileManager.default.copyItem(at: file, to: epub)
            if let cover = EPUBCover.cover(of: epub) {
                precondition(
                    cover.count <= EPUBCover.maximumBytes && ImageInfo(cover) != nil, "a cover that is not one")
            }
            return LibraryCSV.Summary(rows: 0)
        },
        { file, _ in
            // A stored cover as a print reads it (`JPEGFrame`): when its own bytes go into the PDF,
            // the frame's size is the one the store recorded, or the cover would be drawn distorted.
            let data = try Data(contentsOf: file)
            if let frame = JPEGFrame(data), frame.embedsAsIs, let info = ImageInfo(data), info.format == .jpeg {
                precondition(info.width == frame.width && info.height == frame.height, "\(frame) against \(info)")
            }
            return LibraryCSV.Summary(rows: 0)
        },
        { file, _ in
            try readCheckedStore(file)
            return LibraryCSV.Summary(rows: 0)
        },
        { file, _ in
            try syncDevice(file)
            return LibraryCSV.Summary(rows: 0)
        },
    ]
    let pick = Int(start.load(as: UInt8.self)) % (readers.count + 2 + later.count)
    if pick >= readers.count + 2 {
        if let summary = try? later[pick - readers.count - 2](file, body) {
            precondition(summary.rows >= books || pick == readers.count + 1 + later.count, "more books than rows")
        }
    } else if pick == readers.count + 1 {
        // A Calibre library: the bytes are its metadata.db. Every cover it names stays inside it.
        let library = folder.appendingPathComponent("Calibre Library", isDirectory: true)
        try? FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: library.appendingPathComponent("metadata.db").path,
            contents: Data(bytes: start + 1, count: count - 1))
        _ = try? CalibreReader.read(library) { book in
            books += 1
            if let cover = book.coverFile?.standardizedFileURL.path {
                precondition(
                    cover.hasPrefix(library.standardizedFileURL.path + "/"), "a cover outside the library: \(cover)")
            }
        }
    } else if pick == readers.count {
        if let format = try? LibraryFormat.detect(file), format != .calibre, let summary = try? format.read(file, body)
        {
            precondition(summary.rows >= books, "more books than rows: \(summary.rows) < \(books)")
        }
    } else if let summary = try? readers[pick](file, body) {
        precondition(summary.rows >= books, "more books than rows: \(summary.rows) < \(books)")
    }
    return 0
}

/// `file` as an e-reader's upload to serve's `/dav/`: received as a device's readings (or refused
/// with nothing stored), the devices' union written, and the sync's import planned from it. The
/// union never holds more rows than were received, and a refusal leaves no reading behind.
func syncDevice(_ file: URL) throws {
    let home = BookTagHome(folder: folder.appendingPathComponent("device-home", isDirectory: true))
    try? FileManager.default.removeItem(at: home.dataFolder)
    let workspace = Workspace(home: home, network: { _ in throw FetchError.cannotReach(host: "the fuzzer's network") })
    let store = try workspace.openStore()
    let registry = DeviceRegistry(store: store)
    let (_, password) = try registry.add("fuzz")
    guard let device = try registry.signIn(user: "fuzz", password: password) else {
        preconditionFailure("a device just added cannot sign in")
    }
    let sync = DeviceSync(workspace: workspace, store: store)
    guard let received = try? sync.receive(file, from: device) else {
        var kept = 0
        try store.eachDeviceReading(books: { _, _, _, _, _, _ in kept += 1 }, rows: { _, _, _, _, _, _ in kept += 1 })
        precondition(kept == 0, "a refused upload left \(kept) readings")
        return
    }
    let union = folder.appendingPathComponent("union.sqlite3")
    let written = try DeviceReadings(store: store).writeUnion(to: union)
    precondition(written.rows <= received.rows && written.books <= received.books, "\(written) from \(received)")
    if let (plan, file) = try? sync.plan(configuration: BookTagConfiguration()) {
        unlink(file.path)
        precondition(plan.tags.allSatisfy { $0.rows.count <= received.books }, "more books than the device sent")
    }
}

/// `file` as a restored home's store: when `StoreCheck` passes it (and migrates it), the reads
/// the commands make (`list`, `books`, `show`, `stats`, a print's covers, the strips) must not stop
/// on any row; they may throw.
func readCheckedStore(_ file: URL) throws {
    let home = BookTagHome(folder: folder.appendingPathComponent("home", isDirectory: true))
    try? FileManager.default.removeItem(at: home.dataFolder)
    try home.createFolders()
    try FileManager.default.copyItem(at: file, to: home.databaseFile)
    guard (try? StoreCheck.checkAndMigrate(home.databaseFile.path)) != nil else { return }
    let store = try BookStore.open(home: home)
    for tag in try store.tags() {
        guard let name = try? TagName(tag.name) else { continue }
        for entry in try store.books(of: name) {
            _ = try store.book(id: entry.book.bookID)
            _ = try store.tagNames(containing: entry.book.bookID)
        }
        _ = try? store.stats(of: name)
        _ = try? store.largestCoverPaths(of: name)
        _ = try? store.coversWantingLargest(of: name, limit: 12)
    }
    _ = try store.coverStrips(first: 12)
}

/// The executable's entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("FuzzLibrary_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    booktag_run_fuzzer(argc, argv)
}
