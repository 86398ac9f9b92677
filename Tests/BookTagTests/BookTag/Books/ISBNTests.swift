import Testing

@testable import BookTag

@Suite struct ISBNTests {
    @Test(arguments: [
        ("0306406152", "9780306406157", "0306406152"),
        ("0-306-40615-2", "9780306406157", "0306406152"),
        ("978-0-306-40615-7", "9780306406157", "0306406152"),
        ("978 0 306 40615 7", "9780306406157", "0306406152"),
        ("080442957X", "9780804429573", "080442957X"),
        ("0-8044-2957-x", "9780804429573", "080442957X"),
        ("9791032300824", "9791032300824", nil),
        (" 0441172717 ", "9780441172719", "0441172717"),
    ])
    func acceptsBothFormsAndConverts(input: String, isbn13: String, isbn10: String?) throws {
        let isbn = try ISBN(input)
        #expect(isbn.isbn13 == isbn13)
        #expect(isbn.isbn10 == isbn10)
    }

    @Test func sameBookInEitherFormIsEqual() throws {
        #expect(try ISBN("0441172717") == ISBN("978-0-441-17271-9"))
    }

    @Test(arguments: [
        ("", ISBNError.empty),
        ("0306406153", .badChecksum("0306406153")),
        ("9780306406158", .badChecksum("9780306406158")),
        ("03064061", .wrongLength(8)),
        ("97803064061570", .wrongLength(14)),
        ("0306X06152", .misplacedX),
        ("978030640615X", .misplacedX),
        ("0306406152;rm", .invalidCharacter(";")),
        ("0306406152\u{1B}", .invalidCharacter("\u{1B}")),
        ("４４４", .invalidCharacter("４")),
        ("4006381333931", .notABookNumber("4006381333931")),
    ])
    func refusesWhatIsNotAnISBN(input: String, expected: ISBNError) {
        #expect(throws: expected) { try ISBN(input) }
    }

    @Test func errorsSayWhatToDo() {
        let message = ISBNError.badChecksum("0306406153").localizedDescription
        #expect(message == "0306406153 fails the ISBN checksum: check for a mistyped digit")
        #expect(!ISBNError.invalidCharacter("\u{1B}").localizedDescription.contains("\u{1B}"))
    }
}
