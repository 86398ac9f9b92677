import BookTag
import Foundation
import Hummingbird
import ServiceLifecycle

/// Library exports sent to `serve`, written as they arrive to files under the home's `uploads/`
/// (never held whole in memory), each removed when its import ends. A file is named after the
/// process that wrote it, so a server starting up removes what a killed one left, and nothing
/// of a server still running beside it.
struct UploadFolder: Sendable {
    let folder: URL
    /// The most an upload may be.
    static let maximumBytes = 50 * 1024 * 1024

    init(home: BookTagHome) {
        folder = home.uploadsFolder
    }

    /// One file being received (by one request's task at a time).
    final class Writer: @unchecked Sendable {
        let url: URL
        /// The most this file may be.
        let limit: Int
        private let descriptor: Int32
        private(set) var bytes = 0
        private var closed = false

        fileprivate init(folder: URL, limit: Int) throws {
            self.limit = limit
            try BookTagHome.createFolder(folder)
            url = folder.appendingPathComponent("upload-\(getpid())-\(ServeAccess.randomHex(words: 2))")
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw ServeError(
                    .internalServerError,
                    "cannot keep the upload in \(folder.path): \(String(cString: strerror(errno)))")
            }
        }

        /// Appends `buffer`; over the cap, 413 (the caller removes the file).
        func write(_ buffer: ByteBuffer) throws {
            bytes += buffer.readableBytes
            guard bytes <= limit else { throw UploadFolder.tooLarge(limit) }
            try buffer.withUnsafeReadableBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else {
                        throw ServeError(
                            .internalServerError, "cannot keep the upload: \(String(cString: strerror(errno)))")
                    }
                    offset += written
                }
            }
        }

        /// Closes the file, keeping it.
        func finish() {
            guard !closed else { return }
            closed = true
            close(descriptor)
        }

        /// Closes and removes the file.
        func discard() {
            finish()
            unlink(url.path)
        }

        deinit { finish() }
    }

    static func tooLarge(_ limit: Int = maximumBytes) -> ServeError {
        ServeError(.contentTooLarge, "the file is larger than \(limit / 1024 / 1024) MiB; nothing was stored")
    }

    static var stopping: ServeError {
        ServeError(
            .serviceUnavailable, "booktag serve is stopping: send the file again once it is back; nothing was stored")
    }

    /// A new file to receive into.
    func writer(limit: Int = maximumBytes) throws -> Writer { try Writer(folder: folder, limit: limit) }

    /// Writes `body` to a new file and returns it; an upload over the cap (declared or sent) is
    /// 413, one cut off or empty 400, and leaves no file.
    func receive(_ body: RequestBody, declaredLength: Int?, limit: Int = maximumBytes) async throws -> URL {
        if let declaredLength, declaredLength > limit { throw Self.tooLarge(limit) }
        let writer = try writer(limit: limit)
        do {
            do {
                try await Self.stream(body) { try writer.write($0) }
            } catch let error as ServeError {
                throw error
            } catch is CancellationError {
                throw UploadFolder.stopping
            } catch {
                throw ServeError(.badRequest, "the upload was cut off before its end; nothing was stored")
            }
            guard writer.bytes > 0 else {
                throw ServeError(.badRequest, "the upload is empty: send the export file as the body")
            }
            writer.finish()
            return writer.url
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Hands every buffer of `body` to `consume`, and gives up when the server is asked to stop:
    /// a body half sent (a phone gone quiet) must not hold a stopping server open.
    static func stream(_ body: RequestBody, _ consume: @escaping @Sendable (ByteBuffer) throws -> Void) async throws {
        try await cancelWhenGracefulShutdown {
            for try await buffer in body { try consume(buffer) }
            // A body cut short by the stop may end like a whole one: it is not.
            try Task.checkCancellation()
        }
    }

    /// Removes files that servers no longer running left behind (a `kill -9` mid-upload).
    func sweep() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            let parts = name.split(separator: "-")
            guard parts.count == 3, parts[0] == "upload", let pid = Int32(parts[1]) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }

    /// A file name as a person gave it, safe to show: its last path component, without control
    /// characters, at most 120 characters; "the uploaded file" when nothing is left.
    static func displayName(_ raw: String?) -> String {
        let last = (raw ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(
            String.UnicodeScalarView(
                last.unicodeScalars.filter {
                    $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
                })
        ).trimmingCharacters(in: .whitespaces)
        return clean.isEmpty || clean == "." || clean == ".." ? "the uploaded file" : String(clean.prefix(120))
    }
}
