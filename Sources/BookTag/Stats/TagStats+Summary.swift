import Foundation

extension TagStats {
    /// The numbers readers share first, in one line: "45 books · 14,023 pages · my stars 4.10".
    /// What is unknown says so (pages, unless the time read is known); pages known for only some
    /// books say for how many.
    public var headline: String {
        guard let time else { return bookHeadline }
        return bookHeadline + " · " + time.headline(in: words)
    }

    /// The headline without the time read: the poster sets the time on a line of its own.
    var bookHeadline: String {
        var parts = [words.plural("%s book", "%s books", books)]
        if let total = pages.total {
            parts.append(
                pages.known < books
                    ? words.plural(
                        "%1$s page (known for %2$s of %3$s)", "%1$s pages (known for %2$s of %3$s)", total,
                        words.number(total), words.number(pages.known), words.number(books))
                    : words.plural("%s page", "%s pages", total))
        } else if time == nil {
            // A year with its time read (audiobooks, most often) says how long instead.
            parts.append(words("pages unknown"))
        }
        if let mine = ratings.mine {
            parts.append(words("my stars %s", words.decimal(mine)))
        } else if let average = ratings.average {
            parts.append(words("rated %s", words.decimal(average)))
        }
        return parts.joined(separator: " · ")
    }

    /// The books that stand out: "shortest: Title (96 pages) · longest: Title (1,104 pages)", else
    /// the highest rated; `nil` when nothing is known.
    public var highlights: String? {
        var parts: [String] = []
        if let shortest = pages.shortest, let longest = pages.longest, shortest.id != longest.id {
            let (short, long) = (Int(shortest.value), Int(longest.value))
            parts.append(
                words.plural(
                    "shortest: %1$s (%2$s page)", "shortest: %1$s (%2$s pages)", short, shortest.title,
                    words.number(short)))
            parts.append(
                words.plural(
                    "longest: %1$s (%2$s page)", "longest: %1$s (%2$s pages)", long, longest.title, words.number(long)))
        } else if let highest = ratings.highest {
            parts.append(words("highest rated: %1$s (%2$s)", highest.title, words.decimal(highest.value)))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// How the books were read, where the library says: "12 paper · 8 ebooks · 3 audiobooks ·
    /// moods: reflective, emotional · pace: mostly medium"; `nil` when no book's format, mood or
    /// pace is known.
    public var habits: String? {
        var parts: [String] = []
        if let formats {
            parts.append(
                [
                    (formats.paper, words.plural("%s on paper", "%s on paper", formats.paper)),
                    (formats.ebook, words.plural("%s ebook", "%s ebooks", formats.ebook)),
                    (formats.audio, words.plural("%s audiobook", "%s audiobooks", formats.audio)),
                ]
                .filter { $0.0 > 0 }.map(\.1).joined(separator: " · "))
        }
        if let moods, !moods.isEmpty {
            parts.append(words("moods: %s", moods.prefix(3).map(\.mood).joined(separator: ", ")))
        }
        if let pace {
            let most = [
                (words("pace: mostly slow"), pace.slow), (words("pace: mostly medium"), pace.medium),
                (words("pace: mostly fast"), pace.fast),
            ].max { $0.1 < $1.1 }
            if let most, most.1 > 0 { parts.append(most.0) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The charts worth drawing: books per month and stars given, each only when it has a book,
    /// and the minutes read by hour of the day where a device recorded them.
    public var charts: [(title: String, labels: [String], counts: [Int])] {
        var charts: [(String, [String], [Int])] = []
        if let months, months.contains(where: { $0 > 0 }) {
            charts.append(
                (
                    datesAreShelved ? words("books per month shelved") : words("books per month"), words.monthInitials,
                    months
                ))
        }
        if let stars = ratings.stars, stars.contains(where: { $0 > 0 }) {
            charts.append((words("stars given"), (1...5).map { words.number($0) + "★" }, stars))
        }
        if let time, time.hours.contains(where: { $0 > 0 }) {
            // 24 bars: labelled every six hours, counted in whole minutes.
            let labels = (0..<24).map { $0 % 6 == 0 ? words.number($0) : "" }
            charts.append(
                (words("minutes read by hour of the day"), labels, time.hours.map { Int((Double($0) / 60).rounded()) }))
        }
        return charts
    }
}
