import Dispatch
import Foundation
import Synchronization
import BookTag

/// Runs a command's async work from synchronous `run()`, with Ctrl-C (SIGINT) and SIGTERM
/// cancelling it: the library checks for cancellation before it stores anything, so an
/// interrupted `add` or `reroll` leaves the store and the collage as they were. A second
/// signal ends the process at once.
enum AsyncRun {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let task = Task.detached { try await body() }
        let interrupted = Atomic<Bool>(false)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if interrupted.exchange(true, ordering: .sequentiallyConsistent) {
                    _exit(128 + number)
                }
                task.cancel()
            }
            source.resume()
            return source
        }
        let finished = DispatchSemaphore(value: 0)
        let result = Locked<Result<T, any Error>?>(nil)
        Task.detached {
            let outcome = await task.result
            result.withLock { $0 = outcome }
            finished.signal()
        }
        finished.wait()
        for source in sources { source.cancel() }
        let outcome = result.withLock { $0 }!
        switch outcome {
        case let .success(value):
            return value
        case let .failure(error):
            if interrupted.load(ordering: .sequentiallyConsistent) {
                throw CommandFailure(.interrupted, "interrupted: nothing was changed")
            }
            throw error
        }
    }
}
