import Foundation

/// Covers an import has in hand (read from a library or downloaded) but not written yet. They are
/// written out together, one staging batch, so the store's intent log takes one transaction for
/// many files; and the batch is bounded by count and by bytes, so an import never holds more than
/// a few megabytes of images however many books it has.
struct PendingCovers {
    /// One cover waiting: its bytes, the title its file is named after, the book it settles and
    /// how (what the settled state records beside the file).
    struct Cover {
        var data: Data
        var title: String
        var book: Int32
        var state: (CoverFile) -> SettledCovers.State
    }

    /// Covers held before they are written.
    let count: Int
    /// Bytes held before they are written, whichever of this and `count` comes first.
    let bytes: Int
    private var covers: [Cover] = []
    private var held = 0

    init(count: Int, bytes: Int) {
        self.count = count
        self.bytes = bytes
    }

    /// How many are waiting.
    var waiting: Int { covers.count }

    /// Adds `cover`; true when the batch is full and is to be written.
    mutating func add(_ cover: Cover) -> Bool {
        covers.append(cover)
        held += cover.data.count
        return covers.count >= count || held >= bytes
    }

    /// Stages every waiting cover's file and settles its book; `written` hears of each, in order.
    mutating func write(to staging: CoverStaging, settling settled: SettledCovers, written: (Cover) -> Void = { _ in })
        throws
    {
        guard !covers.isEmpty else { return }
        let files = try staging.stage(covers.map { ($0.data, $0.title) })
        for (cover, file) in zip(covers, files) {
            try settled.settle(cover.book, cover.state(file))
            written(cover)
        }
        covers.removeAll(keepingCapacity: true)
        held = 0
    }
}
