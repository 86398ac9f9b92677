import BookTag

extension Advice {
    /// The advice in serve's words: the end of the line a page or `{"error"}` shows, with the
    /// pages' buttons and forms.
    var formWords: String {
        switch self {
        case .rerollInstead: ": reroll it for other books"
        case .listTheTags: ": the tags page lists the tags you have"
        case .seeTheBooks: " (see the tag's page)"
        case .removeTheTag: ": delete the tag instead"
        case .recordAgain: ": record it again"
        case .anotherYear: ": try another year"
        case .importTheExportAgain: ": import the export again on the import page"
        case .importTheLibrary: ": a library's folder is imported from the command line"
        case .importTheExportForTheYear: " (for a library export: the import page, with its year)"
        case .workFromARecording: ""
        case .dropWithoutReplacing: ": drop without replacing, or import the export again"
        case .prefixTheTags(let format, let example):
            ": name the \(format) tags with a prefix (\"\(example)\" becomes \"PREFIX \(example)\") or name one tag"
        case .nameTheTag: " (name the tag)"
        case .nameTheFormat: "; choose its format if it is one of them"
        case .replaceTheHome: ": restore into an empty home, or replace this one"
        }
    }
}
