import Foundation

/// Why a string cannot be a tag.
public enum TagNameError: BookTagError, Equatable {
    /// Nothing but whitespace.
    case empty
    /// A control character.
    case controlCharacter(String)
    /// Over 100 characters.
    case tooLong(Int)
}

extension TagNameError {
    /// A bad argument.
    public var kind: BookTagFailure.Kind {
        .usage
    }

    public var errorDescription: String? {
        switch self {
        case .empty:
            "a tag cannot be empty: give a word such as fantasy"
        case .controlCharacter(let code):
            "a tag cannot contain control characters (found \(code))"
        case .tooLong(let count):
            "a tag can have at most \(TagName.maximumLength) characters, this one has \(count)"
        }
    }
}
