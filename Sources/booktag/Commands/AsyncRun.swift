import BookTag
import Foundation
import Synchronization
import UnixSignals

/// Runs a command's async work with Ctrl-C (SIGINT) and SIGTERM cancelling it: the library
/// checks for cancellation before it stores anything, so an interrupted `add` or `reroll`
/// leaves the store and the collage as they were. A second signal ends the process at once.
enum AsyncRun {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let interrupted = Atomic<Bool>(false)
        let work = Task { try await body() }
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        let watcher = Task {
            for await signal in signals {
                if interrupted.exchange(true, ordering: .sequentiallyConsistent) { _exit(128 + signal.rawValue) }
                work.cancel()
            }
        }
        defer { watcher.cancel() }
        switch await work.result {
        case .success(let value):
            return value
        case .failure(let error):
            if interrupted.load(ordering: .sequentiallyConsistent) {
                throw CommandFailure(.interrupted, "interrupted: nothing was changed")
            }
            throw error
        }
    }
}
