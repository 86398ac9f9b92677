/// What an add or a reroll did, and the report both faces show of it.
public struct TagGathered: Sendable {
    /// What the tag maker did.
    public let outcome: TagMaker.Outcome
    /// What both faces show.
    public let report: TagResult
    /// How many books with covers were wanted.
    public let wanted: Int
}
