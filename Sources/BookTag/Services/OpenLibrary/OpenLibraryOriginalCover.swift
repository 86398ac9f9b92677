import Foundation

/// Open Library's covers come in three sizes named by a suffix (`-S`, `-M`, `-L`: about 500 px
/// tall at most); the same address without the suffix is the image as it was uploaded, often
/// several times larger, which is what a print wants.
enum OpenLibraryOriginalCover {
    /// The original of a sized cover address (`…/b/id/8739161-L.jpg?default=false` →
    /// `…/b/id/8739161.jpg?default=false`), on whatever covers server the address names;
    /// `nil` for an address of another shape.
    static func address(of imageURL: String) -> String? {
        guard var components = URLComponents(string: imageURL),
            ["http", "https"].contains(components.scheme?.lowercased() ?? ""),
            components.percentEncodedPath.range(
                of: #"/b/(id|olid|isbn)/[^/]+-[SML]\.jpg$"#, options: .regularExpression)
                != nil
        else { return nil }
        var path = components.percentEncodedPath
        path.replaceSubrange(path.index(path.endIndex, offsetBy: -6)..., with: ".jpg")  // "-L.jpg"
        components.percentEncodedPath = path
        return components.string
    }
}
