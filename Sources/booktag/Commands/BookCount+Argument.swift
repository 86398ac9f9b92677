import ArgumentParser
import BookTag

/// `--count 12` or `--count all`. Any whole number parses, so the library's rule (1–100) refuses
/// a wrong one in the same words on every face.
extension BookCount: ExpressibleByArgument {
    public init?(argument: String) {
        if argument.lowercased() == "all" {
            self = .all
        } else if let number = Int(argument) {
            self = .books(number)
        } else {
            return nil
        }
    }
}
