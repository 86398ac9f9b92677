import BookTag
import Foundation
import HTTPTypes
import Hummingbird

/// The devices' own door into serve, beside the token's: a device signs in with its name and
/// password, as Basic auth (KOReader's WebDAV client sends it unasked) or as the progress sync's
/// `x-auth-user` and `x-auth-key` headers (the password's MD5), never with serve's token. A
/// wrong name or password is 401 and changes nothing; ten failures a minute from one address
/// hold it off for a minute (429). Errors are answered in the protocol's own form: plain text
/// for WebDAV, `{"message"}` with `Content-Type: application/json` for the progress sync.
struct DeviceMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    enum Form: Sendable {
        case webDAV, progressSync
    }

    let form: Form
    let access: ServeAccess
    let registry: DeviceRegistry
    let signIns: DeviceSignIns

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            let address = clientAddress(request, context: context)
            if let seconds = signIns.heldOff(address) {
                var response = refusal(
                    ServeError(.tooManyRequests, "too many wrong passwords from this address: try again in a minute"))
                response.headers[.retryAfter] = String(seconds)
                return response
            }
            guard let (user, credential) = credentials(request) else {
                return refusal(ServeError(.unauthorized, "this address is for booktag's devices: sign in with one"))
            }
            let signed: DeviceRegistry.Signed?
            switch credential {
            case .password(let password): signed = try registry.signIn(user: user, password: password)
            case .key(let key): signed = try registry.signIn(user: user, key: key)
            }
            guard let signed else {
                signIns.failed(address)
                return refusal(ServeError(.unauthorized, "wrong device name or password"))
            }
            var context = context
            context.device = signed
            return try await next(request, context)
        } catch {
            return refusal(ServeError(error, logging: request, to: context.logger))
        }
    }

    private enum Credential {
        case password(String)
        case key(String)
    }

    private func credentials(_ request: Request) -> (String, Credential)? {
        switch form {
        case .webDAV:
            guard let header = request.headers[.authorization], header.lowercased().hasPrefix("basic "),
                let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
            else { return nil }
            return (String(text[..<colon]), .password(String(text[text.index(after: colon)...])))
        case .progressSync:
            guard let user = request.headers[.xAuthUser], let key = request.headers[.xAuthKey] else { return nil }
            return (user, .key(key))
        }
    }

    /// The address failures are counted against: the peer, or through a trusted proxy the
    /// address it says it forwarded for.
    private func clientAddress(_ request: Request, context: Context) -> String {
        let peer = context.peer ?? "unknown"
        guard access.trusts(peer), let forwarded = request.headers[.xForwardedFor] else { return peer }
        return forwarded.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? peer
    }

    /// `error` in the protocol's form.
    func refusal(_ error: ServeError) -> Response {
        var headers = HTTPFields()
        let body: String
        switch form {
        case .webDAV:
            headers[.contentType] = "text/plain; charset=utf-8"
            body = error.message + "\n"
        case .progressSync:
            headers[.contentType] = "application/json"
            body = JSONFragment(["message": error.message]).json
        }
        if error.status == .unauthorized {
            headers[.wwwAuthenticate] = #"Basic realm="booktag devices", charset="UTF-8""#
        }
        return Response(status: error.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

extension HTTPField.Name {
    static let xAuthUser = Self("x-auth-user")!
    static let xAuthKey = Self("x-auth-key")!
    static let xForwardedFor = Self("X-Forwarded-For")!
}
