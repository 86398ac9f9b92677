import BookTag
import Foundation
import HTTPTypes
import Hummingbird

/// `/kosync/`: KOReader's progress sync ("Custom sync server"), as its client speaks it. A
/// document's position is kept per document and read back by any device; accounts are made
/// with `booktag devices add`, never by the client. Every answer is `Content-Type:
/// application/json` exactly: KOReader has mis-read answers with a charset.
struct KOSyncController: Sendable {
    let store: BookStore
    let work: ServeWork

    func addOpenRoutes(to group: RouterGroup<ServeContext>) {
        group.post("users/create", use: create)
    }

    func addRoutes(to group: RouterGroup<ServeContext>) {
        group.get("users/auth", use: authorize)
        group.put("syncs/progress", use: update)
        group.get("syncs/progress/:document", use: read)
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(
            status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: JSONFragment(value).json)))
    }

    @Sendable func create(_ request: Request, context: ServeContext) async throws -> Response {
        Self.json(
            ["message": "booktag makes devices itself: run 'booktag devices add NAME' and sign in with its password"],
            status: .forbidden)
    }

    @Sendable func authorize(_ request: Request, context: ServeContext) async throws -> Response {
        Self.json(["authorized": "OK"])
    }

    /// What the client sends: its position in one document.
    struct Update: Decodable {
        var document: String
        var progress: String
        var percentage: Double
        var device: String
        var deviceID: String

        enum CodingKeys: String, CodingKey {
            case document, progress, percentage, device
            case deviceID = "device_id"
        }
    }

    @Sendable func update(_ request: Request, context: ServeContext) async throws -> Response {
        guard let device = context.device else { throw ServeError(.unauthorized, "sign in as a device") }
        let body = try await request.body.collect(upTo: ServeContext.maximumBody)
        guard let update = try? JSONDecoder().decode(Update.self, from: Data(buffer: body)) else {
            throw ServeError(
                .badRequest, "send {\"document\", \"progress\", \"percentage\", \"device\", \"device_id\"} as JSON")
        }
        guard let document = Self.document(update.document) else {
            throw ServeError(.badRequest, "the document must be KOReader's document key (letters and digits)")
        }
        guard update.percentage.isFinite, (0...1).contains(update.percentage), update.progress.utf8.count <= 4096,
            update.device.utf8.count <= 200, update.deviceID.utf8.count <= 200
        else {
            throw ServeError(.badRequest, "the percentage must be between 0 and 1, and the texts short")
        }
        let timestamp = Int64(Date().timeIntervalSince1970)
        let progress = ReadingProgress(
            document: document, progress: update.progress, percentage: update.percentage,
            device: Self.clean(update.device), deviceID: Self.clean(update.deviceID), deviceName: device.name,
            timestamp: timestamp)
        try await work.read { try store.saveProgress(progress) }
        return Self.json(Answer(document: document, timestamp: timestamp))
    }

    struct Answer: Encodable {
        var document: String
        var timestamp: Int64
    }

    struct Position: Encodable {
        var document: String
        var progress: String
        var percentage: Double
        var device: String
        var deviceID: String
        var timestamp: Int64

        enum CodingKeys: String, CodingKey {
            case document, progress, percentage, device, timestamp
            case deviceID = "device_id"
        }
    }

    @Sendable func read(_ request: Request, context: ServeContext) async throws -> Response {
        guard let document = Self.document(try context.parameters.require("document")) else {
            throw ServeError(.badRequest, "the document must be KOReader's document key (letters and digits)")
        }
        guard let kept = try await work.read({ try store.progress(document: document) }) else {
            return Self.json([String: String]())
        }
        return Self.json(
            Position(
                document: kept.document, progress: kept.progress, percentage: kept.percentage, device: kept.device,
                deviceID: kept.deviceID, timestamp: kept.timestamp))
    }

    /// A document key as KOReader makes it (an MD5, in hexadecimal), in lower case; `nil` for
    /// anything else.
    static func document(_ text: String) -> String? {
        guard (1...64).contains(text.utf8.count),
            text.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        else { return nil }
        return text.lowercased()
    }

    /// A device's own words without control characters.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }
}
