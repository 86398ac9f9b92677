import Foundation

/// For print: each cover's largest form, asked of its source once, one request at a time
/// through the throttle, and kept beside the cover screens use (an interrupted run keeps what
/// it fetched). `collage --print` runs it first unless told to stay offline.
public struct FetchLargestCovers: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore

    /// The use case over `store`, in `workspace`.
    public init(workspace: Workspace, store: BookStore) {
        self.workspace = workspace
        self.store = store
    }

    /// What a run did.
    public struct Outcome: Sendable, Equatable {
        /// Covers whose source was asked.
        public var asked = 0
        /// Of those, covers now kept larger.
        public var kept = 0
        /// Requests that failed (the network, the server): those covers are asked again next time.
        public var failed = 0
        /// Why the first of them failed.
        public var firstFailure: String?
        /// Covers not asked: the run stopped after `stopAfterFailures` failures in a row (the
        /// network or the server is down; each would wait its turn only to fail the same way).
        public var notAsked = 0

        /// Nothing asked yet.
        public init() {}
    }

    /// Failures in a row after which a run stops asking.
    public static let stopAfterFailures = 3

    /// Asks the sources of the books a print of `name` shows for the largest form of each cover
    /// not asked before. A source that answers with nothing larger (a 404, a smaller image, not an
    /// image, or one larger than a collage draws: `CollageRenderer.maximumCoverPixels`) is
    /// remembered as having none.
    public func run(_ name: TagName, progress: ProgressHandler? = nil) async throws -> Outcome {
        _ = try store.existingTag(name)
        let wanted = try store.coversWantingLargest(of: name, limit: CollageMaker.maximumCovers)
        var outcome = Outcome()
        guard !wanted.isEmpty else { return outcome }
        let configuration = try workspace.configuration(warningTo: progress)
        // Every largest form known today is Open Library's (`LargestCoverAddress`).
        let connection = try workspace.connect(.openlibrary, configuration: configuration, progress: progress)
        outcome = try await connection.closing {
            var outcome = Outcome()
            var failuresInARow = 0
            for (index, request) in wanted.enumerated() {
                if failuresInARow == Self.stopAfterFailures {
                    outcome.notAsked = wanted.count - index
                    break
                }
                progress?(.fetchingLargestCover(cover: index + 1, of: wanted.count))
                guard let url = URL(string: request.address) else { continue }
                let answer = try await connection.throttled(url) {
                    try await connection.covers.download(request.address)
                }
                outcome.asked += 1
                failuresInARow += 1
                switch answer {
                case .success(let data):
                    let larger = ImageInfo(data).map { info in
                        info.width > request.width && info.height > request.height
                            && info.width * info.height <= CollageRenderer.maximumCoverPixels
                    }
                    try store.keepLargestCover(of: request.path, larger == true ? data : nil, title: request.title)
                    if larger == true { outcome.kept += 1 }
                    failuresInARow = 0
                case .failure(.status(let status)) where status >= 500 || status == 429:
                    outcome.failed += 1
                    outcome.firstFailure = outcome.firstFailure ?? "HTTP \(status)"
                case .failure(.download(let why)):
                    outcome.failed += 1
                    outcome.firstFailure = outcome.firstFailure ?? why
                case .failure:
                    try store.keepLargestCover(of: request.path, nil, title: request.title)
                    failuresInARow = 0
                }
            }
            return outcome
        }
        _ = try? store.sweepCovers()
        return outcome
    }
}
