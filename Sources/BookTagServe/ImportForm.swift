import BookTag
import Foundation
import Hummingbird
import MultipartKit

/// The import page's form (`multipart/form-data`, as a browser sends a file): its text fields,
/// each at most 1 KiB, and its file, streamed to the upload folder as it arrives.
struct ImportForm {
    /// The text fields by name.
    var fields: [String: String] = [:]
    /// The received file and the name the browser gave it.
    var file: URL?
    var fileName: String?

    /// Reads the form from `request`, its file into `uploads`; on any refusal the file is gone.
    static func receive(_ request: Request, uploads: UploadFolder) async throws -> ImportForm {
        guard let type = request.headers[.contentType], let boundary = Self.boundary(of: type) else {
            throw ServeError(.unsupportedMediaType, "the import form sends multipart/form-data with a boundary")
        }
        if let length = request.headers[.contentLength].flatMap(Int.init),
            length > UploadFolder.maximumBytes + 64 * 1024
        {
            throw UploadFolder.tooLarge()
        }
        let reader = Reader(boundary: boundary, uploads: uploads)
        do {
            do {
                try await UploadFolder.stream(request.body) { try reader.execute($0) }
            } catch let error as ServeError {
                throw error
            } catch is CancellationError {
                throw UploadFolder.stopping
            } catch {
                throw ServeError(.badRequest, "the upload was cut off or is not a well-formed form; nothing was stored")
            }
            return try reader.finish()
        } catch {
            reader.discard()
            throw error
        }
    }

    /// The parser and what it has read so far (used by one request's task at a time).
    private final class Reader: @unchecked Sendable {
        private let parser: MultipartParser
        private let uploads: UploadFolder
        private var form = ImportForm()
        private var headers: [String: String] = [:]
        private var text: [UInt8] = []
        private var writer: UploadFolder.Writer?
        private var failure: ServeError?
        private var finishedFile = false

        init(boundary: String, uploads: UploadFolder) {
            parser = MultipartParser(boundary: boundary)
            self.uploads = uploads
            parser.onHeader = { [unowned self] name, value in headers[name.lowercased()] = value }
            parser.onBody = { [unowned self] buffer in body(buffer) }
            parser.onPartComplete = { [unowned self] in partComplete() }
        }

        func execute(_ buffer: ByteBuffer) throws {
            try parser.execute(buffer)
            if let failure { throw failure }
        }

        /// The whole form, its file kept.
        func finish() throws -> ImportForm {
            guard let writer, finishedFile, writer.bytes > 0 else {
                throw ServeError(.badRequest, "choose a library export file to import")
            }
            writer.finish()
            form.file = writer.url
            return form
        }

        func discard() { writer?.discard() }

        private func body(_ buffer: ByteBuffer) {
            guard failure == nil else { return }
            let disposition = ImportForm.parameters(headers["content-disposition"] ?? "")
            if disposition["name"] == "file", disposition["filename"] != nil {
                do {
                    if writer == nil { writer = try uploads.writer() }
                    try writer!.write(buffer)
                } catch {
                    failure = ServeError(error)
                }
            } else {
                text += buffer.readableBytesView
                if text.count > 1024 {
                    failure = ServeError(.badRequest, "a field of the import form is longer than 1 KiB")
                }
            }
        }

        private func partComplete() {
            let disposition = ImportForm.parameters(headers["content-disposition"] ?? "")
            if let name = disposition["name"] {
                if name == "file", let fileName = disposition["filename"] {
                    form.fileName = fileName
                    finishedFile = writer != nil
                } else if form.fields[name] == nil {
                    form.fields[name] = String(decoding: text, as: UTF8.self)
                }
            }
            headers = [:]
            text = []
        }
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    static func boundary(of contentType: String) -> String? {
        let parts = contentType.split(separator: ";", maxSplits: 1)
        guard parts.first?.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data", parts.count == 2
        else { return nil }
        guard let boundary = parameters(String(parts[1]))["boundary"], !boundary.isEmpty, boundary.count <= 70 else {
            return nil
        }
        return boundary
    }

    /// `a=1; b="two"` as a dictionary (names lowercased, quotes taken off).
    static func parameters(_ header: String) -> [String: String] {
        var result: [String: String] = [:]
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            }
            result[pair[0].trimmingCharacters(in: .whitespaces).lowercased()] = value
        }
        return result
    }
}
