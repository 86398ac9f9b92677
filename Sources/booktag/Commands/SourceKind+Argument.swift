import ArgumentParser
import BookTag

/// `--source goodreads|openlibrary`; help lists the choices.
extension SourceKind: ExpressibleByArgument {}
