import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// KOReader's two sync clients, request for request, as its own code makes them (read in
/// KOReader's `frontend/apps/cloudstorage/webdavapi.lua` and `syncservice.lua`, the statistics
/// plugin's `onSync`, and the kosync plugin's client; no code taken): not a generic WebDAV or
/// HTTP client, so that what serve answers is what an unmodified e-reader gets.
struct KOReaderStandIn {
    let client: any TestClientProtocol
    /// What the reader typed as the server's address, e.g. `/booktag/dav/` (the test client
    /// needs no host).
    let davAddress: String
    /// The progress sync's "custom sync server", e.g. `/booktag/kosync`.
    let syncServer: String
    let user: String
    let password: String

    /// Basic auth, sent unasked on every request (no Digest).
    private var basic: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// `address` and `path` joined as KOReader joins them: one slash between, none doubled.
    static func joined(_ address: String, _ path: String) -> String {
        let address = address.hasSuffix("/") ? String(address.dropLast()) : address
        let path = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return address + "/" + path
    }

    enum Failure: Error, CustomStringConvertible {
        /// What KOReader shows: "Could not fetch server's content", "Something went wrong".
        case shown(String, status: HTTPResponse.Status)
        var description: String {
            switch self {
            case .shown(let message, let status): "\(message) (HTTP \(status.code))"
            }
        }
    }

    /// Choosing the sync folder: `PROPFIND address/` with `Depth: 1` and the client's XML body.
    /// KOReader needs a 2xx whose body it scans for prefixed elements (`<d:response>`,
    /// `<D:href>`), else it shows "Could not fetch server's content". Returns the hrefs it found.
    func chooseFolder() async throws -> [String] {
        let body = """
            <?xml version="1.0"?>
            <a:propfind xmlns:a="DAV:"><a:prop><a:resourcetype/></a:prop></a:propfind>
            """
        let response = try await client.execute(
            uri: Self.joined(davAddress, "/"), method: HTTPRequest.Method("PROPFIND")!,
            headers: [.authorization: basic, .init("Depth")!: "1", .contentType: "application/xml"],
            body: ByteBuffer(string: body))
        let text = String(buffer: response.body)
        guard (200..<300).contains(response.status.code),
            text.range(of: "<[^:>/ ]+:response>", options: .regularExpression) != nil
        else { throw Failure.shown("Could not fetch server's content", status: response.status) }
        var hrefs: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "<[^:>/ ]+:href>", options: .regularExpression),
            let close = rest[open.upperBound...].range(of: "</")
        {
            hrefs.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return hrefs
    }

    /// "Sync now" of the statistics: `GET folder/statistics.sqlite3` (200: the client keeps the
    /// ETag and would merge the server's copy into its own; 404: a first sync, nothing merged),
    /// then `PUT` of the whole database with `Content-Length` and, when it had an ETag,
    /// `If-Match`; a 412 starts over. Returns the PUT's status; any other failure is what
    /// KOReader shows as "Something went wrong".
    @discardableResult
    func syncStatistics(_ database: URL) async throws -> HTTPResponse.Status {
        let path = Self.joined(davAddress, "statistics.sqlite3")
        for _ in 0..<3 {
            let got = try await client.execute(uri: path, method: .get, headers: [.authorization: basic])
            var etag: String?
            switch got.status.code {
            case 200: etag = got.headers[.eTag]
            case 404: etag = nil
            default: throw Failure.shown("Something went wrong", status: got.status)
            }
            if got.status.code == 200 {
                // KOReader would now merge this copy into its own database, deleting what the
                // server's copy lacks: booktag must never answer 200 here.
                Issue.record("serve answered the statistics GET with 200: the device would merge and delete")
            }
            let data = try Data(contentsOf: database)
            var headers: HTTPFields = [.authorization: basic, .contentLength: String(data.count)]
            if let etag { headers[.ifMatch] = etag }
            let put = try await client.execute(uri: path, method: .put, headers: headers, body: ByteBuffer(bytes: data))
            if put.status.code == 412 { continue }
            guard (200..<300).contains(put.status.code) else {
                throw Failure.shown("Something went wrong: \(String(buffer: put.body))", status: put.status)
            }
            return put.status
        }
        throw Failure.shown("Something went wrong", status: .preconditionFailed)
    }

    /// The progress sync's headers: the user, the MD5 of the password, KOReader's media type.
    private var syncHeaders: HTTPFields {
        [
            .xAuthUserForTests: user,
            .xAuthKeyForTests: md5Hex(password),
            .accept: "application/vnd.koreader.v1+json",
        ]
    }

    /// One progress-sync request; the reply's `Content-Type` must be exactly JSON's, which
    /// KOReader's client needs to parse it.
    private func syncRequest(_ path: String, method: HTTPRequest.Method, json: String? = nil) async throws -> (
        HTTPResponse.Status, [String: Any]
    ) {
        var headers = syncHeaders
        if json != nil { headers[.contentType] = "application/json" }
        let response = try await client.execute(
            uri: Self.joined(syncServer, path), method: method, headers: headers,
            body: json.map { ByteBuffer(string: $0) })
        #expect(response.headers[.contentType] == "application/json", "\(path): \(response.headers)")
        let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
        return (response.status, object)
    }

    /// "Login": `GET /users/auth`.
    func authorize() async throws -> (HTTPResponse.Status, [String: Any]) {
        try await syncRequest("/users/auth", method: .get)
    }

    /// "Register": `POST /users/create` with the user name and the password's MD5.
    func register() async throws -> (HTTPResponse.Status, [String: Any]) {
        try await syncRequest(
            "/users/create", method: .post,
            json: #"{"username": "\#(user)", "password": "\#(md5Hex(password))"}"#)
    }

    /// Pushing the position in a document.
    func updateProgress(document: String, progress: String, percentage: Double, device: String, deviceID: String)
        async throws -> (HTTPResponse.Status, [String: Any])
    {
        let body = try JSONSerialization.data(withJSONObject: [
            "document": document, "progress": progress, "percentage": percentage, "device": device,
            "device_id": deviceID,
        ])
        return try await syncRequest("/syncs/progress", method: .put, json: String(decoding: body, as: UTF8.self))
    }

    /// Pulling the position in a document.
    func getProgress(document: String) async throws -> (HTTPResponse.Status, [String: Any]) {
        try await syncRequest("/syncs/progress/\(document)", method: .get)
    }
}

extension HTTPField.Name {
    static let xAuthUserForTests = Self("x-auth-user")!
    static let xAuthKeyForTests = Self("x-auth-key")!
}

/// MD5 as lowercase hexadecimal, as KOReader's `md5.sumhexa` gives it.
func md5Hex(_ text: String) -> String {
    Insecure.MD5.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
}
