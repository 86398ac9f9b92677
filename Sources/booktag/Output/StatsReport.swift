import BookTag
import Foundation

/// A tag's numbers for people: the headline lines, then books per month and stars given as bars
/// of text. What is unknown says "unknown" (with how many books it was known for); charts with
/// nothing to show are left out. Said in the reader's language (`stats.words`).
struct StatsReport {
    let stats: TagStats
    let palette: Palette

    var words: Words { stats.words }

    var text: String {
        var lines: [String] = []
        let heading = Terminal.safe(stats.tag) + (stats.year.map { " · \($0)" } ?? "")
        lines.append(palette.paint(heading, .heading))
        lines.append(
            row(words("books"), words.number(stats.books) + (stats.versusPrevious.map { " (\($0))" } ?? "")))
        if let previous = stats.previous {
            var parts = [words.plural("%s book", "%s books", previous.books)]
            if let pages = previous.pages { parts.append(words.plural("%s page", "%s pages", pages)) }
            if let mine = previous.mine { parts.append(words("my stars %s", words.decimal(mine))) }
            lines.append(row(words("in %s", String(previous.year)), parts.joined(separator: " · ")))
        }
        if let goal = stats.goal { lines.append(row(words("goal"), goal.words(in: words))) }
        if let rereads = stats.rereads, rereads > 0 { lines.append(row(words("re-reads"), words.number(rereads))) }
        lines += pageLines + ratingLines
        if stats.authors.distinct > 0 {
            let top = stats.authors.top.map { "\(Terminal.safe($0.name)) (\(words.number($0.books)))" }
                .joined(separator: ", ")
            lines.append(
                row(words("authors"), words("%1$s · most read: %2$s", words.number(stats.authors.distinct), top)))
        } else {
            lines.append(row(words("authors"), words("unknown")))
        }
        if let oldest = stats.published.oldest, let newest = stats.published.newest {
            lines.append(row(words("oldest"), "\(Int(oldest.value)): \(describe(oldest))"))
            lines.append(row(words("newest"), "\(Int(newest.value)): \(describe(newest))"))
        } else {
            lines.append(row(words("published"), words("unknown")))
        }
        if let formats = stats.formats {
            let read = [
                words.plural("%s on paper", "%s on paper", formats.paper),
                words.plural("%s ebook", "%s ebooks", formats.ebook),
                words.plural("%s audiobook", "%s audiobooks", formats.audio),
            ]
            lines.append(row(words("formats"), read.joined(separator: " · ")))
        }
        if let moods = stats.moods {
            lines.append(
                row(
                    words("moods"),
                    moods.map { "\(Terminal.safe($0.mood)) (\(words.number($0.books)))" }.joined(separator: ", ")))
        }
        if let pace = stats.pace {
            let speeds = [
                words("slow %s", words.number(pace.slow)), words("medium %s", words.number(pace.medium)),
                words("fast %s", words.number(pace.fast)),
            ]
            lines.append(row(words("pace"), speeds.joined(separator: " · ")))
        }
        if let months = stats.months, months.contains(where: { $0 > 0 }) {
            lines.append("")
            lines.append(
                palette.paint(
                    stats.datesAreShelved
                        ? words("books per month shelved (Open Library keeps no finish date)")
                        : words("books per month read"),
                    .heading)
                    + (stats.undated.map {
                        $0 > 0 ? palette.paint(" (" + words.plural("%s undated", "%s undated", $0) + ")", .muted) : ""
                    } ?? ""))
            lines += bars(zip(words.shortMonths, months).map { ($0, $1) })
        } else if stats.months != nil {
            lines.append(row(words("months read"), words("unknown")))
        }
        if let calendar = stats.calendar {
            lines.append("")
            lines.append(
                palette.paint(words("reading calendar"), .heading)
                    + palette.paint(" · " + calendar.summary(in: words), .muted))
            lines += CalendarText(calendar: calendar, palette: palette, words: words).lines
        } else if stats.year != nil, let note = stats.calendarNote {
            lines.append(row(words("calendar"), note))
        }
        lines += timeLines
        if let stars = stats.ratings.stars, stars.contains(where: { $0 > 0 }) {
            lines.append("")
            lines.append(palette.paint(words("stars given"), .heading))
            lines += bars(
                (1...5).reversed().map {
                    (String(repeating: "★", count: $0).padding(toLength: 5, withPad: " ", startingAt: 0), stars[$0 - 1])
                })
        }
        return lines.joined(separator: "\n")
    }

    private var pageLines: [String] {
        var lines: [String] = []
        let pages = stats.pages
        if let total = pages.total, let average = pages.average {
            var text = words.number(total)
            if pages.known != stats.books {
                text += " " + words("(known for %1$s of %2$s)", words.number(pages.known), words.number(stats.books))
            }
            text += " · " + words("average %s", words.number(average))
            if pages.fromOpenLibrary > 0 {
                text +=
                    " · "
                    + words.plural(
                        "%s count from Open Library", "%s counts from Open Library", pages.fromOpenLibrary)
            }
            lines.append(row(words("pages"), text))
        } else {
            lines.append(row(words("pages"), words("unknown")))
        }
        if let shortest = pages.shortest {
            lines.append(row(words("shortest"), pageCount(shortest) + ": " + describe(shortest)))
        }
        if let longest = pages.longest {
            lines.append(row(words("longest"), pageCount(longest) + ": " + describe(longest)))
        }
        return lines
    }

    private var ratingLines: [String] {
        var lines: [String] = []
        let ratings = stats.ratings
        lines.append(row(words("average rating"), ratings.average.map { words.decimal($0) } ?? words("unknown")))
        if let rated = ratings.rated {
            if let mine = ratings.mine {
                var text = words.plural(
                    "%1$s over %2$s rated book", "%1$s over %2$s rated books", rated, words.decimal(mine),
                    words.number(rated))
                if let versus = ratings.versusAverage {
                    let signed = (versus >= 0 ? "+" : "−") + words.decimal(abs(versus))
                    text += " " + words("(%s against everyone's)", signed)
                }
                lines.append(row(words("my stars"), text))
            } else {
                lines.append(row(words("my stars"), words("none given")))
            }
        }
        if let highest = ratings.highest {
            lines.append(row(words("highest rated"), words.decimal(highest.value) + ": " + describe(highest)))
        }
        return lines
    }

    private func pageCount(_ mention: TagStats.Mention) -> String {
        words.plural("%s page", "%s pages", Int(mention.value))
    }

    /// A label in a column as wide as 15 cells of a terminal (a CJK character takes two).
    func row(_ label: String, _ value: String) -> String {
        let padding = String(repeating: " ", count: max(1, 15 - DisplayWidth.of(label)))
        return palette.paint(label + padding, .muted) + value
    }

    private func describe(_ mention: TagStats.Mention) -> String {
        Terminal.safe(mention.title) + (mention.author.map { " — " + Terminal.safe($0) } ?? "")
    }

    /// Bars scaled to the largest count, at most 30 cells: a label, the bar, the count.
    private func bars(_ values: [(label: String, count: Int)]) -> [String] {
        let largest = max(1, values.map(\.count).max() ?? 1)
        let labelWidth = values.map { DisplayWidth.of($0.label) }.max() ?? 0
        return values.map { label, count in
            let cells = count == 0 ? 0 : max(1, Int((Double(count) / Double(largest) * 30).rounded()))
            let padded = label + String(repeating: " ", count: labelWidth - DisplayWidth.of(label))
            return "  \(padded)  " + palette.paint(String(repeating: "█", count: cells), .accent)
                + (count > 0 ? " " : "") + words.number(count)
        }
    }
}
