import ArgumentParser
import BookTag

/// `--source goodreads|openlibrary`; help lists the choices.
extension SourceKind: ExpressibleByArgument {}

/// `--format goodreads|storygraph`; help lists the choices.
extension LibraryFormat: ExpressibleByArgument {}
