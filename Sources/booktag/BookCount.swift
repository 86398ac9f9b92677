import ArgumentParser

/// `--count`: a number of books, or `all` (a shelf's or an export's every covered book).
enum BookCount: Equatable, ExpressibleByArgument {
    case all
    case books(Int)

    init?(argument: String) {
        if argument.lowercased() == "all" {
            self = .all
        } else if let number = Int(argument), number > 0 {
            self = .books(number)
        } else {
            return nil
        }
    }

    /// For the gatherer: `Int.max` is every book.
    var wanted: Int {
        switch self {
        case .all: Int.max
        case let .books(number): number
        }
    }
}
