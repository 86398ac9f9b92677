import Foundation

extension ExportImporter {
    /// Draws a cover (`DrawnCover`) for each book among the first `wanted` of `rows` that has
    /// none anywhere, so that a reader's tag keeps every book it should; returns how many were
    /// drawn. A book no service could name becomes a book of the reader's library
    /// (`SourceKind.library`), named by its title and author. Covers are drawn one at a time (each
    /// deflated on every core): two at once held two 600 × 900 canvases, the largest part of
    /// `booktag serve`'s memory during an import.
    func drawMissingCovers(
        _ rows: ImportedRows, wanted: Int, format: LibraryFormat, settled: SettledCovers, staging: CoverStaging
    ) throws -> Int {
        // Only where each book is: what was settled of it is read again as it is drawn (a tag of
        // 10,000 coverless books held their titles twice over).
        // Two files of one book (KOReader keeps a row per file) are one book: drawn once.
        var missing: [(index: Int32, book: Int32)] = []
        var counted = 0
        var seen = Set<Int32>()
        var identities = Set<BookID>()
        for index in 0..<rows.count where counted < wanted {
            let book = rows.book(index)
            guard seen.insert(book).inserted else { continue }
            if settled.hasCover(book) {
                counted += 1
            } else if case .missing(let known, let named)? = try settled.state(book) {
                let row = try Self.row(index, of: rows, named: named)
                let identity = known ?? row.identity ?? Self.libraryIdentity(of: row, format: format)
                guard identities.insert(identity).inserted else { continue }
                missing.append((Int32(index), book))
                counted += 1
            }
        }
        var pending = PendingCovers(count: stagingBatch, bytes: stagingBytes)
        for entry in missing {
            guard case .missing(let known, let named)? = try settled.state(entry.book) else { continue }
            let row = try Self.row(Int(entry.index), of: rows, named: named)
            guard let data = try? DrawnCover.png(title: row.title, author: row.author) else { continue }
            let identity = known ?? row.identity ?? Self.libraryIdentity(of: row, format: format)
            let cover = PendingCovers.Cover(data: data, title: row.title, book: entry.book) { file in
                var file = file
                file.drawn = true
                return .file(file, identity: identity, url: nil, named: named)
            }
            if pending.add(cover) { try pending.write(to: staging, settling: settled) }
        }
        try pending.write(to: staging, settling: settled)
        return missing.count
    }

    /// Row `index` of `rows`, with the title and author a service `named` it by, if any.
    static func row(_ index: Int, of rows: ImportedRows, named: SettledCovers.Named?) throws -> ImportedBook {
        var row = try rows.row(index)
        if let named {
            row.title = named.title
            row.author = named.author
        }
        return row
    }

    /// The identity of a book only the reader's file names: the format and a digest of its title
    /// and author (and ISBN, when the file gives one), the same at every import of the file.
    static func libraryIdentity(of row: ImportedBook, format: LibraryFormat) -> BookID {
        let name = [row.title, row.author ?? "", row.isbn13 ?? ""].joined(separator: "\u{1F}")
        return BookID(source: .library, value: "\(format.rawValue)-" + SHA256Digest.hex(of: Data(name.utf8)).prefix(20))
    }
}
