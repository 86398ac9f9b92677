import Foundation

/// Makes real requests through `upstream` and writes each request and answer into a recording
/// folder, the API key redacted everywhere, including inside bodies (Goodreads echoes the key
/// in `<Request><key>`). Failures that bring no answer are not recorded. Open Library needs no
/// key: its answers are written as they came.
public final class RecordingTransport: HTTPTransport {
    /// Where the recording goes.
    public let folder: URL
    private let upstream: any HTTPTransport
    private let secret: String
    private let index: Locked<Recording.Index>

    /// Records what `upstream` answers into `folder`, the key redacted everywhere.
    public init(folder: URL, apiKey: String, upstream: any HTTPTransport) throws {
        self.folder = folder
        self.upstream = upstream
        self.secret = apiKey
        for sub in ["", "api", "covers"] {
            try BookTagHome.createFolder(folder.appendingPathComponent(sub, isDirectory: true))
        }
        let existing = try? JSONDecoder().decode(
            Recording.Index.self, from: FileBytes.read(folder.appendingPathComponent(Recording.indexFileName)))
        index = Locked(
            existing ?? Recording.Index(note: "Recorded by booktag \(BookTagVersion.current); the API key is redacted.")
        )
    }

    public func send(_ request: HTTPRequest, sent: @escaping @Sendable () -> Void) async throws -> HTTPResponse {
        let response = try await upstream.send(request, sent: sent)
        try save(request, response)
        return response
    }

    private func save(_ request: HTTPRequest, _ response: HTTPResponse) throws {
        let body = request.kind == .api ? redact(response.body) : response.body
        var headers = response.headers.filter { ["content-type", "retry-after", "location"].contains($0.key) }
        headers = headers.mapValues {
            secret.isEmpty ? $0 : $0.replacingOccurrences(of: secret, with: Recording.redacted)
        }
        let key = Recording.key(for: request)
        try index.withLock { index in
            let file =
                request.kind == .api
                ? "api/\(Self.slug(for: request.url, existing: index.entries.count))\(Self.fileExtension(apiBody: body))"
                : "covers/\(index.entries.count)-\(request.url.lastPathComponent.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }.suffix(40))"
            try AtomicFile.write(body, to: folder.appendingPathComponent(file))
            index.entries.removeAll { $0.url == key }
            index.entries.append(
                Recording.Entry(url: key, kind: request.kind, status: response.status, headers: headers, file: file))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try AtomicFile.write(encoder.encode(index), to: folder.appendingPathComponent(Recording.indexFileName))
        }
    }

    /// `body` with every occurrence of the key replaced.
    private func redact(_ body: Data) -> Data {
        guard !secret.isEmpty, let text = String(data: body, encoding: .utf8), text.contains(secret) else {
            return body
        }
        return Data(text.replacingOccurrences(of: secret, with: Recording.redacted).utf8)
    }

    /// A readable file name from the URL's path and query (without the key).
    static func slug(for url: URL, existing: Int) -> String {
        let query =
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .filter { $0.name != "key" && $0.name != "format" }
            .map { "\($0.name)-\($0.value ?? "")" } ?? []
        let raw = ([url.path] + query).joined(separator: "-").lowercased()
        let cleaned = raw.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        let collapsed = String(cleaned).split(separator: "-").joined(separator: "-")
        return "\(existing)-\(collapsed.prefix(80))"
    }

    private static func fileExtension(apiBody: Data) -> String {
        let first = apiBody.withUnsafeBytes { XMLDocument.skippingLeadingWhitespace($0).first }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return ".json" }
        switch BodySniffer.kind(of: apiBody) {
        case .markup: return ".xml"
        case .html: return ".html"
        case .text: return ".txt"
        }
    }
}
