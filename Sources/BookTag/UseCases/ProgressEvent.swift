/// Everything a long operation (add, reroll, drop --replace, import, stats --fetch) tells whoever
/// shows its progress, in one stream: the gathering's and the import's own events, what the
/// network layer saw, and notes for the reader. The terminal line, the import line and serve's
/// events only format it (`ProgressState` holds what they show).
public enum ProgressEvent: Sendable, Equatable {
    /// A search page, a kept cover, a skipped result.
    case gathering(GatheringEvent)
    /// An export's books looked up, covers downloaded, reused or skipped.
    case importing(ExportImporter.Event)
    /// A cover image arrived (any, before it is checked).
    case coverDownloaded
    /// Waiting `seconds` for the API's next turn; turns are `interval` seconds apart.
    case waiting(seconds: Double, interval: Double)
    /// A request failed in a way worth another try, after `seconds`.
    case retrying(seconds: Double)
    /// The details of a book whose page count is unknown are being fetched (`stats --fetch`).
    case fetchingDetails(book: Int, of: Int)
    /// A cover's largest form is being asked of its source, for print (`collage --print`).
    case fetchingLargestCover(cover: Int, of: Int)
    /// A request and how it went, for `--verbose` (the key already masked).
    case request(String)
    /// Something the reader should know that is not an error (a source chosen for them, …).
    case note(String)
    /// Something the reader should fix that did not stop the work (an unknown key in config.json).
    case warning(String)
}

/// The receiver of a `ProgressEvent` stream; it may be called from any task.
public typealias ProgressHandler = @Sendable (ProgressEvent) -> Void
