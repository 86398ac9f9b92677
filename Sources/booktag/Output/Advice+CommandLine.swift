import BookTag

extension Advice {
    /// The advice in the command line's words: the end of an `error:` line, with its options.
    var commandLineWords: String {
        switch self {
        case .rerollInstead(let tag): ": use 'booktag reroll \(tag)' for other books"
        case .listTheTags: ": 'booktag list' shows the tags you have"
        case .seeTheBooks: " (see 'booktag books')"
        case .removeTheTag: ": 'booktag remove' deletes a tag"
        case .recordAgain: ": record it again with --record"
        case .anotherYear: ": try another --year"
        case .importTheExportAgain: ": booktag import FILE"
        case .importTheLibrary: " (booktag import FOLDER)"
        case .importTheExportForTheYear: " (for a library export: booktag import FILE --year YYYY)"
        case .workFromARecording: ", or use --replay DIR to work from a recording"
        case .dropWithoutReplacing: ": drop without --replace, or import the export again"
        case .prefixTheTags(let format, let example):
            ": name the \(format) tags with --prefix TEXT (\"\(example)\" becomes \"TEXT \(example)\") or one tag with --tag"
        case .nameTheTag: " (name the tag with --tag)"
        case .nameTheFormat: "; name the format with --format if it is one of them"
        case .replaceTheHome: ": restore into an empty home, or give --replace to put the backup in its place"
        }
    }
}
