import BookTagCLI
import BookTagHTTP

// booktag-online: the same command tree as booktag, with the network client and the server,
// which booktag hands commands that go online to.
Online.acceptHandOver()
Online.parts = OnlineParts(
    transport: { environment, userAgent in try HTTPClientTransport(environment: environment, userAgent: userAgent) },
    serve: { command in try ServeCommand.run(command) }
)
CommandLineRun.main()
