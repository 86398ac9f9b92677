/// Where work that holds a thread for long runs (a collage drawn): in place by default. A server
/// passes a pool of its own, so that the threads answering its requests are never held by it.
public protocol BlockingWork: Sendable {
    /// Runs `work` and answers what it returns.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value
}

/// Blocking work on the caller's thread: the command line's choice, which answers no one else.
public struct InPlace: BlockingWork {
    /// Work runs where it is called.
    public init() {}

    public func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try work()
    }
}

extension BlockingWork where Self == InPlace {
    /// On the caller's thread.
    public static var inPlace: InPlace { InPlace() }
}
