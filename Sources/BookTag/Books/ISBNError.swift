import Foundation

/// Why a string is not an ISBN.
public enum ISBNError: BookTagError, Equatable {
    /// Nothing was given.
    case empty
    /// A character other than a digit, a hyphen, a space or a final X.
    case invalidCharacter(String)
    /// Neither 10 nor 13 digits.
    case wrongLength(Int)
    /// An X anywhere but the last place of an ISBN-10.
    case misplacedX
    /// The check digit does not match: a typo.
    case badChecksum(String)
    /// 13 digits that are not a book's (not 978 or 979).
    case notABookNumber(String)
}

extension ISBNError {
    /// A bad argument.
    public var kind: BookTagFailure.Kind {
        .usage
    }

    public var errorDescription: String? {
        switch self {
        case .empty:
            "no ISBN given: pass a 10- or 13-digit ISBN"
        case .invalidCharacter(let character):
            "an ISBN holds only digits, hyphens and spaces (and X as the last of 10), not \"\(character.debugDescription.dropFirst().dropLast())\""
        case .wrongLength(let count):
            "an ISBN has 10 or 13 digits, not \(count)\(count > 13 ? " or more" : "")"
        case .misplacedX:
            "X can only be the check digit of a 10-digit ISBN"
        case .badChecksum(let digits):
            "\(digits) fails the ISBN checksum: check for a mistyped digit"
        case .notABookNumber(let digits):
            "\(digits) is a valid EAN-13 but not an ISBN (ISBNs start with 978 or 979)"
        }
    }
}
