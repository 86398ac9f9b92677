import Foundation

/// Why a collage could not be made.
public enum CollageError: BookTagError, Equatable {
    /// The canvas could not be allocated.
    case outOfMemory
    /// libpng or libjpeg failed, with their message.
    case encodingFailed(String)
    /// The tag holds no books to draw.
    case noBooks(String)
    /// A system library (libpng, libjpeg, Pango…) could not be opened; the package to install is named.
    case libraryMissing(String)
}

extension CollageError {
    /// What a collage cannot be drawn from, or written as.
    public var kind: BookTagFailure.Kind {
        .data
    }

    public var errorDescription: String? {
        switch self {
        case .outOfMemory: "not enough memory to draw the collage"
        case .encodingFailed(let format): "the collage could not be written as \(format.uppercased())"
        case .noBooks(let tag): "the tag \"\(tag)\" has no books to draw"
        case .libraryMissing(let reason): "cannot draw collages: \(reason)"
        }
    }
}
