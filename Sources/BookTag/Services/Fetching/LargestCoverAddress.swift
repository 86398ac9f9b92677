/// Where a source keeps a larger cover than the one booktag stored for screens, for print.
///
/// Only Open Library sizes its covers down: its addresses drop their size suffix
/// (`OpenLibraryOriginalCover`). The other sources are already at their largest when stored:
/// Goodreads' image is downloaded without its size token (`CoverURL.downloadCandidates`),
/// Hardcover's and BookWyrm's image is the one uploaded, and a Calibre library's or an EPUB's
/// cover is its own file.
public enum LargestCoverAddress {
    /// The address of the largest form of the cover at `imageURL`, when it is larger than that.
    public static func address(for imageURL: String?) -> String? {
        guard let imageURL else { return nil }
        return OpenLibraryOriginalCover.address(of: imageURL)
    }
}
