import BookTag
import Foundation
import HTTPTypes
import Hummingbird

/// `/dav/`: the WebDAV folder KOReader's statistics "Cloud sync" syncs with, as much of WebDAV
/// (RFC 4918) as that client uses. `PROPFIND` shows the folder as an empty collection, so it can
/// be chosen; `GET statistics.sqlite3` is 404, so the device merges nothing and deletes nothing
/// of its own; `PUT statistics.sqlite3` takes the device's whole database, streamed to disk under
/// a cap, checked to be KOReader's and stored as the device's readings before it is answered,
/// then imported as a job. Every other name is 403.
struct DAVController: Sendable {
    let store: BookStore
    let workspace: Workspace
    let uploads: UploadFolder
    let syncs: DeviceSyncJobs
    let work: ServeWork
    /// The most an upload may be: `maximumBytes`, less in tests.
    var limit = Self.maximumBytes

    /// The one file a device may send.
    static let fileName = "statistics.sqlite3"
    /// The most a statistics database may be (SPEC: 256 MiB).
    static let maximumBytes = 256 * 1024 * 1024

    static let propfind = HTTPRequest.Method("PROPFIND")!

    func addRoutes(to dav: RouterGroup<ServeContext>) {
        for path in ["", "**"] {
            dav.on(RouterPath(path), method: Self.propfind, use: propfind)
            dav.get(RouterPath(path), use: get)
            dav.head(RouterPath(path), use: get)
            dav.put(RouterPath(path), use: put)
            for method in [HTTPRequest.Method.post, .delete, .patch, .options] {
                dav.on(RouterPath(path), method: method, use: notAllowed)
            }
            for name in ["MKCOL", "MOVE", "COPY", "LOCK", "UNLOCK", "PROPPATCH"] {
                dav.on(RouterPath(path), method: HTTPRequest.Method(name)!, use: notAllowed)
            }
        }
    }

    /// What the path under `/dav` names: the folder, the statistics file, or something else.
    enum Target: Equatable {
        case folder, statistics, other
    }

    static func target(_ request: Request) -> Target {
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts.first == "dav" { parts.removeFirst() }
        switch parts {
        case []: return .folder
        case [fileName]: return .statistics
        default: return .other
        }
    }

    @Sendable func propfind(_ request: Request, context: ServeContext) async throws -> Response {
        // The body (which properties) is not needed: the answer is the same for all of them.
        _ = try? await request.body.collect(upTo: 64 * 1024)
        guard Self.target(request) == .folder else {
            return Self.text(
                .notFound, "nothing is here but the folder: sync to \(context.publicAddress.path("/dav/"))")
        }
        let depth = request.headers[.depth]?.trimmingCharacters(in: .whitespaces).lowercased() ?? "infinity"
        guard ["0", "1", "infinity"].contains(depth) else {
            return Self.text(.badRequest, "Depth must be 0, 1 or infinity")
        }
        let href = Self.escaped(context.publicAddress.path("/dav/"))
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:multistatus xmlns:d="DAV:">
            <d:response>
            <d:href>\(href)</d:href>
            <d:propstat>
            <d:prop>
            <d:displayname>booktag</d:displayname>
            <d:resourcetype><d:collection/></d:resourcetype>
            <d:getlastmodified>\(Self.httpDate(Date()))</d:getlastmodified>
            </d:prop>
            <d:status>HTTP/1.1 200 OK</d:status>
            </d:propstat>
            </d:response>
            </d:multistatus>

            """
        var headers = HTTPFields()
        headers[.contentType] = "application/xml; charset=utf-8"
        return Response(
            status: .init(code: 207, reasonPhrase: "Multi-Status"), headers: headers,
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// Nothing is ever read back: booktag keeps the readings, the device keeps its own.
    @Sendable func get(_ request: Request, context: ServeContext) async throws -> Response {
        switch Self.target(request) {
        case .statistics:
            Self.text(.notFound, "booktag keeps the readings; there is nothing to merge")
        case .folder:
            Self.text(.methodNotAllowed, "this is a WebDAV folder for KOReader's statistics: use PROPFIND")
        case .other:
            Self.text(.notFound, "nothing is here but \(Self.fileName)")
        }
    }

    @Sendable func put(_ request: Request, context: ServeContext) async throws -> Response {
        guard Self.target(request) == .statistics else {
            return Self.text(.forbidden, "only \(Self.fileName), KOReader's statistics, can be sent here")
        }
        guard let device = context.device else { throw ServeError(.unauthorized, "sign in as a device") }
        let file = try await uploads.receive(
            request.body, declaredLength: request.headers[.contentLength].flatMap(Int.init), limit: limit)
        defer { unlink(file.path) }
        let firstSync = try store.devices().first { $0.name == device.name }?.lastSyncAt == nil
        let sync = DeviceSync(workspace: workspace, store: store)
        _ = try await work.read { try sync.receive(file, from: device) }
        do {
            // Writing and reading the devices' union takes a moment: off the request threads.
            let syncs = syncs
            _ = try await work.read { try syncs.sync() }
        } catch {
            // The readings are kept: the next sync imports them. The device is told it went well.
            context.logger.warning("the devices' sync could not start: \(ServeError(error).message)")
        }
        return Response(status: firstSync ? .created : .noContent)
    }

    @Sendable func notAllowed(_ request: Request, context: ServeContext) async throws -> Response {
        var response = Self.text(.methodNotAllowed, "this folder takes PROPFIND, GET and PUT of \(Self.fileName)")
        response.headers[.allow] = "PROPFIND, GET, HEAD, PUT"
        return response
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

extension HTTPField.Name {
    static let depth = Self("Depth")!
}
