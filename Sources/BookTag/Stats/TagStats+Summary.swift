import Foundation

extension TagStats {
    /// Books per month, as the image and the page label their bars.
    public static let monthInitials = ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"]

    /// The numbers readers share first, in one line: "45 books · 14,023 pages · my stars 4.10".
    /// What is unknown says so (pages, unless the time read is known); pages known for only some
    /// books say for how many.
    public var headline: String {
        guard let time else { return bookHeadline }
        return bookHeadline + " · " + time.headline
    }

    /// The headline without the time read: the poster sets the time on a line of its own.
    var bookHeadline: String {
        var parts = ["\(GroupedNumber.text(books)) book\(books == 1 ? "" : "s")"]
        if let total = pages.total {
            parts.append(
                "\(GroupedNumber.text(total)) pages"
                    + (pages.known < books ? " (known for \(pages.known) of \(books))" : ""))
        } else if time == nil {
            // A year with its time read (audiobooks, most often) says how long instead.
            parts.append("pages unknown")
        }
        if let mine = ratings.mine {
            parts.append(String(format: "my stars %.2f", mine))
        } else if let average = ratings.average {
            parts.append(String(format: "rated %.2f", average))
        }
        return parts.joined(separator: " · ")
    }

    /// The books that stand out: "shortest: Title (96 pages) · longest: Title (1,104 pages)", else
    /// the highest rated; `nil` when nothing is known.
    public var highlights: String? {
        var parts: [String] = []
        if let shortest = pages.shortest, let longest = pages.longest, shortest.id != longest.id {
            parts.append("shortest: \(shortest.title) (\(GroupedNumber.text(Int(shortest.value))) pages)")
            parts.append("longest: \(longest.title) (\(GroupedNumber.text(Int(longest.value))) pages)")
        } else if let highest = ratings.highest {
            parts.append(String(format: "highest rated: %@ (%.2f)", highest.title, highest.value))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// How the books were read, where the library says: "12 paper · 8 ebook · 3 audio · moods:
    /// reflective, emotional · pace: mostly medium"; `nil` when no book's format, mood or pace is known.
    public var habits: String? {
        var parts: [String] = []
        if let formats {
            parts.append(
                [("paper", formats.paper), ("ebook", formats.ebook), ("audio", formats.audio)]
                    .filter { $0.1 > 0 }.map { "\(GroupedNumber.text($0.1)) \($0.0)" }.joined(separator: " · "))
        }
        if let moods, !moods.isEmpty { parts.append("moods: " + moods.prefix(3).map(\.mood).joined(separator: ", ")) }
        if let pace {
            let most = [("slow", pace.slow), ("medium", pace.medium), ("fast", pace.fast)].max { $0.1 < $1.1 }
            if let most, most.1 > 0 { parts.append("pace: mostly \(most.0)") }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The charts worth drawing: books per month and stars given, each only when it has a book,
    /// and the minutes read by hour of the day where a device recorded them.
    public var charts: [(title: String, labels: [String], counts: [Int])] {
        var charts: [(String, [String], [Int])] = []
        if let months, months.contains(where: { $0 > 0 }) {
            charts.append((datesAreShelved ? "books per month shelved" : "books per month", Self.monthInitials, months))
        }
        if let stars = ratings.stars, stars.contains(where: { $0 > 0 }) {
            charts.append(("stars given", ["1★", "2★", "3★", "4★", "5★"], stars))
        }
        if let time, time.hours.contains(where: { $0 > 0 }) {
            // 24 bars: labelled every six hours, counted in whole minutes.
            let labels = (0..<24).map { $0 % 6 == 0 ? String($0) : "" }
            charts.append(
                ("minutes read by hour of the day", labels, time.hours.map { Int((Double($0) / 60).rounded()) }))
        }
        return charts
    }
}
