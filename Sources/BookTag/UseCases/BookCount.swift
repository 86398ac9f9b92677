/// How many books a tag should hold: a number, or `all` (a shelf's or an export's every covered
/// book).
public enum BookCount: Equatable, Sendable {
    /// Every book with a cover.
    case all
    /// This many books with covers.
    case books(Int)

    /// `all`, or a number above zero; anything else is `nil`.
    public init?(parsing text: String) {
        if text.lowercased() == "all" {
            self = .all
        } else if let number = Int(text), number > 0 {
            self = .books(number)
        } else {
            return nil
        }
    }

    /// For the gatherer: `Int.max` is every book.
    public var wanted: Int {
        switch self {
        case .all: Int.max
        case .books(let number): number
        }
    }
}
