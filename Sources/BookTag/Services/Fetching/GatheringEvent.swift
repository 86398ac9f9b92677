/// Progress while gathering, for the command to show.
public enum GatheringEvent: Sendable, Equatable {
    /// A search page arrived; `withCovers` of its `works` may have real covers.
    case page(number: Int, works: Int, withCovers: Int, totalPages: Int)
    /// A cover was downloaded and is real; `found` of `wanted` so far.
    case coverKept(title: String, found: Int, wanted: Int)
    /// A result was passed over.
    case coverSkipped(title: String, reason: String)
}
