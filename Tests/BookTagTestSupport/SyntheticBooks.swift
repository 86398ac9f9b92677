import BookTag
import Foundation

/// Synthetic books and covers for store tests: no network, no real images needed, because
/// the store only reads image headers.
public enum SyntheticBooks {
    /// PNG bytes with a valid signature and IHDR of the given size, and `seed` making the
    /// content (and so the content hash) distinct. Not decodable pixels: the store never decodes.
    public static func pngCover(width: Int = 300, height: Int = 450, seed: String) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] {
            bytes += [
                UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
            ]
        }
        bytes += [8, 2, 0, 0, 0, 0, 0, 0, 0]
        bytes += Array("synthetic cover: \(seed)".utf8)
        return Data(bytes)
    }

    /// Set `number` of a tag: `count` books whose titles name the set, ids `idBase + k`, each
    /// with its own cover unless `sharedCoverSeed` makes them all the same image.
    public static func set(_ number: Int, count: Int = 12, idBase: Int = 1_000_000, sharedCoverSeed: String? = nil)
        -> [GatheredBook]
    {
        (0..<count).map { k in
            let id = idBase + number * 1000 + k
            let work = SearchWork(
                workID: id + 500_000, id: .goodreads(id), title: "set \(number) book \(k)", authorID: 42,
                authorName: "Synthetic Author", imageURL: "https://images.example/books/\(id)m/\(id).jpg",
                averageRating: 4.0, ratingsCount: 100 + k, originalPublicationYear: 2000 + k)
            return GatheredBook(work: work, cover: pngCover(seed: sharedCoverSeed ?? "book \(id)"))
        }
    }

    /// The set number a stored title belongs to (`set N book k` → N).
    public static func setNumber(ofTitle title: String) -> Int? {
        let parts = title.split(separator: " ")
        guard parts.count == 4, parts[0] == "set" else { return nil }
        return Int(parts[1])
    }
}
