import Foundation

extension CoverSearch {
    /// `works`, those without an image given Open Library's cover (by ISBN, then title and author):
    /// what the sources that list a reader's books (Hardcover, BookWyrm) do for a book they have no image of.
    func fillingCovers(of works: [SearchWork]) async throws -> [SearchWork] {
        let missing = works.filter { $0.imageURL == nil }
        guard !missing.isEmpty else { return works }
        let asked = missing.map {
            CoverSearch.Book(
                key: $0.id.value, isbn13: $0.details?.isbn13, isbn10: $0.details?.isbn, title: $0.title,
                author: $0.authorName)
        }
        let found = try await matches(for: asked)
        return works.map { work in
            guard work.imageURL == nil, let match = found[work.id.value],
                let url = OpenLibraryDecoder.coverURL(id: match.coverID, base: client.coversURL)
            else { return work }
            var covered = work
            covered.imageURL = url
            covered.details?.imageURL = url
            return covered
        }
    }
}
