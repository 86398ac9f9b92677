import BookTagCLI
import BookTagHTTP

/// The command line closes a run's connections through `ClosableTransport`.
extension HTTPClientTransport: ClosableTransport {}
