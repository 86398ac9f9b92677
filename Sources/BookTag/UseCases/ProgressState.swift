import Foundation

/// What every progress display shows, folded from `ProgressEvent`s in this one place.
public struct ProgressState: Sendable, Equatable {
    /// Search pages read, and how many the source has.
    public var pages = 0
    /// The source's page count, once a page said it.
    public var totalPages = 0
    /// Books with real covers kept so far, and how many are wanted (`Int.max`: all).
    public var found = 0
    /// How many books with covers are wanted.
    public var wanted: Int
    /// Cover images that arrived.
    public var downloads = 0
    /// The wait for the API's next turn, until the next page or look-up arrives.
    public var waiting: Double?
    /// The wait before a retry, until the next page or look-up arrives.
    public var retrying: Double?
    /// An import's books looked up, and those with a cover found.
    public var lookedUp = 0
    /// An import's books with a cover found.
    public var covered = 0
    /// An import's covers downloaded (real ones only).
    public var imported = 0
    /// An import's covers already in the store.
    public var reused = 0
    /// An import's covers copied from the library (Calibre).
    public var copied = 0
    /// Results or books passed over.
    public var skipped = 0
    /// Covers drawn for books with none anywhere.
    public var drawn = 0

    /// Nothing yet, `wanted` books wanted.
    public init(wanted: Int) {
        self.wanted = wanted
    }

    /// The state after `event`.
    public mutating func apply(_ event: ProgressEvent) {
        switch event {
        case .gathering(.page(_, _, _, let totalPages)):
            pages += 1
            self.totalPages = totalPages
            waiting = nil
            retrying = nil
        case .gathering(.coverKept(_, let found, let wanted)):
            self.found = found
            self.wanted = wanted
        case .gathering(.coverSkipped):
            skipped += 1
        case .importing(.resolved(let books, let found)):
            lookedUp += books
            covered += found
            waiting = nil
            retrying = nil
        case .importing(.downloaded):
            imported += 1
        case .importing(.reused):
            reused += 1
        case .importing(.copied):
            copied += 1
        case .importing(.skipped):
            skipped += 1
        case .importing(.drawn(let books)):
            drawn += books
        case .importing(.unreachable):
            waiting = nil
            retrying = nil
        case .coverDownloaded:
            downloads += 1
        case .waiting(let seconds, _):
            waiting = seconds
            retrying = nil
        case .retrying(let seconds):
            retrying = seconds
        case .request, .note, .warning, .fetchingDetails, .fetchingLargestCover:
            break
        }
    }
}

extension ProgressState {
    /// Covers an import has in hand so far (downloaded, copied from the library or already
    /// stored), at most `wanted`: how far a progress bar is.
    public func coversInHand(of wanted: Int) -> Int {
        min(imported + copied + reused + drawn, wanted)
    }

    /// An import's progress in one line, as the command line and serve show it: covers copied
    /// from the library, found at Open Library and downloaded, already stored, skipped, and the
    /// wait for the API's next turn.
    public var importLine: String { importLine(in: .english) }

    /// The same in the reader's language (serve's import page).
    public func importLine(in words: Words) -> String {
        var parts: [String] = []
        if copied > 0 { parts.append(words("import: %s covers copied from the library", words.number(copied))) }
        if lookedUp > 0 || copied == 0 {
            let found = words("%1$s/%2$s covers found at Open Library", words.number(covered), words.number(lookedUp))
            parts += [
                parts.isEmpty ? words("import: %s", found) : found, words("%s downloaded", words.number(imported)),
            ]
        }
        if reused > 0 { parts.append(words("%s already stored", words.number(reused))) }
        parts.append(words("%s not found", words.number(skipped)))
        if drawn > 0 { parts.append(words("%s drawn", words.number(drawn))) }
        if let waiting = retrying ?? waiting {
            parts.append(words("waiting %s s for the API", words.decimal(waiting, digits: 1)))
        }
        return parts.joined(separator: " · ")
    }
}

/// A `ProgressState` shared by the tasks that report into it.
public final class ProgressTracker: Sendable {
    private let state: Locked<ProgressState>

    /// Nothing yet, `wanted` books wanted.
    public init(wanted: Int) {
        state = Locked(ProgressState(wanted: wanted))
    }

    /// Applies `event` and returns the state after it.
    @discardableResult
    public func record(_ event: ProgressEvent) -> ProgressState {
        state.withLock { state in
            state.apply(event)
            return state
        }
    }

    /// The state now.
    public var current: ProgressState { state.withLock { $0 } }
}
