import Foundation
import ZIPFoundation

/// The cover inside an EPUB: the image its package document names as the cover (EPUB 3's
/// `properties="cover-image"`, else EPUB 2's `<meta name="cover">`), read from the zip with
/// ZIPFoundation and checked to be an image booktag can draw. Anything else (not a zip, no
/// container, no cover, a cover too large or not an image) is no cover: the book then falls
/// through to Open Library and a drawn cover, as a book without a file does.
enum EPUBCover {
    /// A cover past this size is not one (a full-page scan is a few MiB).
    static let maximumBytes = 16 << 20
    /// `container.xml` and the package document are small; larger ones are not read.
    static let maximumDocumentBytes = 4 << 20

    /// The cover's bytes, or `nil`.
    static func cover(of file: URL) -> Data? {
        guard let archive = try? Archive(url: file, accessMode: .read, pathEncoding: nil),
            let container = read("META-INF/container.xml", from: archive, limit: maximumDocumentBytes),
            let packagePath = (try? XMLDocument(data: container))?.root?.child("rootfiles")?.child("rootfile")?
                .attribute("full-path"),
            let package = read(packagePath, from: archive, limit: maximumDocumentBytes),
            let href = coverReference(in: package)
        else { return nil }
        let folder = packagePath.split(separator: "/").dropLast().joined(separator: "/")
        let path = resolve(href.removingPercentEncoding ?? href, against: folder)
        guard let path, let data = read(path, from: archive, limit: maximumBytes), ImageInfo(data) != nil else {
            return nil
        }
        return data
    }

    /// The cover image's `href` in a package document.
    static func coverReference(in package: Data) -> String? {
        guard let root = (try? XMLDocument(data: package))?.root, let manifest = root.child("manifest") else {
            return nil
        }
        let items = manifest.children.filter { $0.hasName("item") }
        if let item = items.first(where: {
            ($0.attribute("properties") ?? "").split(separator: " ").contains("cover-image")
        }) {
            return item.attribute("href")
        }
        let named = root.child("metadata")?.children.first {
            $0.hasName("meta") && $0.attribute("name") == "cover"
        }?.attribute("content")
        guard let named else { return nil }
        return items.first { $0.attribute("id") == named }?.attribute("href")
    }

    /// `href` inside the zip, relative to the package document's folder; `nil` when it climbs out.
    static func resolve(_ href: String, against folder: String) -> String? {
        var parts = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
        for part in href.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// An entry's bytes, when it is a file of at most `limit` bytes that inflates as its header
    /// says (the size is checked as it is read, not only as declared).
    private static func read(_ path: String, from archive: Archive, limit: Int) -> Data? {
        guard let entry = archive[path], entry.type == .file, entry.uncompressedSize <= UInt64(limit) else {
            return nil
        }
        var data = Data()
        do {
            _ = try archive.extract(entry) { chunk in
                guard data.count + chunk.count <= limit else { throw CocoaError(.fileReadTooLarge) }
                data.append(chunk)
            }
        } catch {
            return nil
        }
        return data
    }
}
