import Foundation

/// Answers every request from a recording folder, with no network. A request the recording
/// does not hold is a clear error naming it (key redacted).
public struct ReplayTransport: HTTPTransport {
    /// The recording.
    public let folder: URL
    private let entries: [String: Recording.Entry]

    /// Reads the recording's index; an error if `folder` is not a recording.
    public init(folder: URL) throws {
        self.folder = folder
        let indexFile = folder.appendingPathComponent(Recording.indexFileName)
        let index: Recording.Index
        do {
            index = try JSONDecoder().decode(Recording.Index.self, from: FileBytes.read(indexFile))
        } catch let error as DecodingError {
            throw FetchError.recording(
                "\(indexFile.path) is not a booktag recording index (\(error.localizedDescription))")
        } catch {
            throw FetchError.recording("cannot read \(indexFile.path): is \(folder.path) a recording booktag made?")
        }
        var entries: [String: Recording.Entry] = [:]
        for entry in index.entries {
            guard Recording.isSafeFile(entry.file) else {
                throw FetchError.recording("\(indexFile.path) names a file outside the recording: \(entry.file)")
            }
            entries[entry.url] = entry
        }
        self.entries = entries
    }

    public func send(_ request: HTTPRequest, sent: @escaping @Sendable () -> Void) async throws -> HTTPResponse {
        try Task.checkCancellation()
        sent()
        guard let entry = entries[Recording.key(for: request)] else {
            throw FetchError.notRecorded(url: request.url.redactingAPIKey)
        }
        let body: Data
        do {
            body = try FileBytes.read(folder.appendingPathComponent(entry.file))
        } catch {
            throw FetchError.recording("\(entry.file) is missing from \(folder.path)")
        }
        return HTTPResponse(status: entry.status, headers: entry.headers, body: body)
    }
}
