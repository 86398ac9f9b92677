/// What a reader can change after a refusal, named by what it means, not by how a face asks it:
/// the command line words it with its options, serve with its forms.
public enum Advice: Sendable, Equatable {
    /// The tag exists: reroll it for other books.
    case rerollInstead(tag: String)
    /// No such tag: the list of tags shows which there are.
    case listTheTags
    /// No such book in the tag: its list of books shows positions, ids and ISBNs.
    case seeTheBooks
    /// Dropping every book: remove the tag instead.
    case removeTheTag
    /// A recording lacks an answer: record it again.
    case recordAgain
    /// No book of the listing falls in the year asked for: ask for another.
    case anotherYear
    /// A tag made from an export gets new books by importing the export again.
    case importTheExportAgain
    /// A Calibre library is imported from its folder, never searched.
    case importTheLibrary
    /// A year is for a shelf; a library export's year comes from importing it.
    case importTheExportForTheYear
    /// No Goodreads key: work from a recording instead.
    case workFromARecording
    /// A tag from an export cannot be refilled: drop without replacing, or import again.
    case dropWithoutReplacing
    /// An import's tags clash with another source's: put `TEXT` before the tags made from
    /// `format`'s shelves (`example` shows one), or make one tag of a chosen name.
    case prefixTheTags(format: String, example: String)
    /// An import's one tag clashes with another source's: name it otherwise.
    case nameTheTag
    /// The file's format was not recognised by its content: name it.
    case nameTheFormat
    /// A restore into a home that holds one: restore into an empty home, or replace it.
    case replaceTheHome
}
