import BookTag

/// A failure the command reports as one `error:` line with an exit status for its class.
struct CommandFailure: Error {
    /// Exit statuses, one per class of failure (documented in README.md).
    enum Status: Int32 {
        case usage = 64
        case data = 65
        case notFound = 66
        case store = 74
    }

    let status: Status
    let message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

extension CommandFailure {
    /// Runs `body`, turning library errors into a failure of the right class.
    static func checking<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CommandFailure {
            throw error
        } catch let error as StoreError {
            if case .tagNotFound = error { throw CommandFailure(.notFound, error.localizedDescription) }
            throw CommandFailure(.store, error.localizedDescription)
        } catch let error as TagNameError {
            throw CommandFailure(.usage, error.localizedDescription)
        } catch {
            throw CommandFailure(.data, error.localizedDescription)
        }
    }
}
