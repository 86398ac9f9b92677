import BookTag
import Foundation
import Hummingbird

/// `/backup`: the tags page's "Download a backup", the same file `booktag backup` writes. It is
/// written into the uploads folder under a name the next start sweeps if the server dies, then
/// unlinked as soon as it is open, and sent from the open file.
struct BackupController: Sendable {
    let store: BookStore
    let work: ServeWork

    func addRoutes(to router: RouterGroup<ServeContext>) {
        router.get("/backup", use: download)
    }

    @Sendable func download(_ request: Request, context: ServeContext) async throws -> Response {
        let store = store
        let folder = store.home.uploadsFolder
        let file = folder.appendingPathComponent("upload-\(getpid())-backup\(ServeAccess.randomHex(words: 2)).zip")
        let handle = try await work.read {
            try BookTagHome.createFolder(folder)
            try HomeBackup(store: store).write(to: file)
            defer { unlink(file.path) }
            return try FileHandle(forReadingFrom: file)
        }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        let day = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withFullDate])
        var headers = HTTPFields()
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"booktag-\(day).zip\""
        headers[.contentLength] = String(size)
        let body = ResponseBody(contentLength: Int(size)) { writer in
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 256 * 1024), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
