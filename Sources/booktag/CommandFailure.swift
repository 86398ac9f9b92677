/// A failure the command reports as one `error:` line with an exit status for its class.
struct CommandFailure: Error {
    /// Exit statuses, one per class of failure (documented in README.md).
    enum Status: Int32 {
        case usage = 64
        case data = 65
        case notFound = 66
    }

    let status: Status
    let message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}
