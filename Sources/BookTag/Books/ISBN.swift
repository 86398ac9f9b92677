import Foundation

/// A checksum-validated ISBN, stored as its 13-digit form.
///
/// Users type ISBNs from book jackets and websites, with hyphens or spaces and in either
/// length; one value type accepts them all and makes both forms available, so stores and
/// lookups never compare differently formatted strings.
public struct ISBN: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 13 digits, without separators.
    public let isbn13: String

    /// Parses an ISBN-10 or ISBN-13; hyphens and spaces are ignored, an ISBN-10 may end in X.
    public init(_ text: String) throws(ISBNError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        var characters: [UInt8] = []
        for scalar in trimmed.unicodeScalars {
            switch scalar {
            case "0"..."9":
                characters.append(UInt8(scalar.value))
            case "X", "x":
                characters.append(UInt8(ascii: "X"))
            case "-", " ":
                continue
            default:
                throw .invalidCharacter(String(scalar))
            }
            guard characters.count <= 13 else { throw .wrongLength(characters.count) }
        }
        switch characters.count {
        case 10:
            guard !characters.dropLast().contains(UInt8(ascii: "X")) else { throw .misplacedX }
            guard Self.isValidISBN10(characters) else {
                throw .badChecksum(String(decoding: characters, as: UTF8.self))
            }
            isbn13 = Self.convertTo13(characters)
        case 13:
            guard !characters.contains(UInt8(ascii: "X")) else { throw .misplacedX }
            guard Self.isValidISBN13(characters) else {
                throw .badChecksum(String(decoding: characters, as: UTF8.self))
            }
            guard characters.starts(with: Array("978".utf8)) || characters.starts(with: Array("979".utf8)) else {
                throw .notABookNumber(String(decoding: characters, as: UTF8.self))
            }
            isbn13 = String(decoding: characters, as: UTF8.self)
        default:
            throw .wrongLength(characters.count)
        }
    }

    /// The 10-character form; `nil` for 979-prefixed numbers, which have none.
    public var isbn10: String? {
        guard isbn13.hasPrefix("978") else { return nil }
        let core = Array(isbn13.utf8.dropFirst(3).prefix(9))
        var sum = 0
        for (index, digit) in core.enumerated() {
            sum += Int(digit - UInt8(ascii: "0")) * (10 - index)
        }
        let check = (11 - sum % 11) % 11
        return String(decoding: core, as: UTF8.self) + (check == 10 ? "X" : String(check))
    }

    public var description: String { isbn13 }

    private static func isValidISBN10(_ characters: [UInt8]) -> Bool {
        var sum = 0
        for (index, character) in characters.enumerated() {
            let value = character == UInt8(ascii: "X") ? 10 : Int(character - UInt8(ascii: "0"))
            sum += value * (10 - index)
        }
        return sum % 11 == 0
    }

    private static func isValidISBN13(_ characters: [UInt8]) -> Bool {
        var sum = 0
        for (index, character) in characters.enumerated() {
            sum += Int(character - UInt8(ascii: "0")) * (index.isMultiple(of: 2) ? 1 : 3)
        }
        return sum % 10 == 0
    }

    private static func convertTo13(_ isbn10: [UInt8]) -> String {
        let core = Array("978".utf8) + isbn10.prefix(9)
        var sum = 0
        for (index, character) in core.enumerated() {
            sum += Int(character - UInt8(ascii: "0")) * (index.isMultiple(of: 2) ? 1 : 3)
        }
        let check = (10 - sum % 10) % 10
        return String(decoding: core, as: UTF8.self) + String(check)
    }
}
