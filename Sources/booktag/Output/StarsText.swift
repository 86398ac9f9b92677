import Foundation

/// The reader's own stars as they gave them ("4.5/5", in their locale's digits).
enum StarsText {
    /// Kept out of line: the number format's type is looked up at run time when a function that
    /// uses it starts, whether or not it formats anything (a fifth of `show`'s text samples for a
    /// book the reader never rated), so only a book with stars pays for it.
    @inline(never)
    static func text(_ stars: Double) -> String {
        "\(stars.formatted(.number.precision(.fractionLength(0...2))))/5"
    }
}
