import BookTag
import Foundation

/// A tag's numbers for people: the headline lines, then books per month and stars given as bars
/// of text. What is unknown says "unknown" (with how many books it was known for); charts with
/// nothing to show are left out.
struct StatsReport {
    let stats: TagStats
    let palette: Palette

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    var text: String {
        var lines: [String] = []
        let heading = Terminal.safe(stats.tag) + (stats.year.map { " · \($0)" } ?? "")
        lines.append(palette.paint(heading, .heading))
        lines.append(
            row("books", GroupedNumber.text(stats.books) + (stats.versusPrevious.map { " (\($0))" } ?? "")))
        if let previous = stats.previous {
            var parts = ["\(GroupedNumber.text(previous.books)) book\(previous.books == 1 ? "" : "s")"]
            if let pages = previous.pages { parts.append("\(GroupedNumber.text(pages)) pages") }
            if let mine = previous.mine { parts.append(String(format: "my stars %.2f", mine)) }
            lines.append(row("in \(previous.year)", parts.joined(separator: " · ")))
        }
        if let goal = stats.goal { lines.append(row("goal", goal.words)) }
        if let rereads = stats.rereads, rereads > 0 { lines.append(row("re-reads", GroupedNumber.text(rereads))) }
        let pages = stats.pages
        if let total = pages.total, let average = pages.average {
            let known = pages.known == stats.books ? "" : " (known for \(pages.known) of \(stats.books))"
            let borrowed =
                pages.fromOpenLibrary > 0
                ? " · \(GroupedNumber.text(pages.fromOpenLibrary)) counts from Open Library" : ""
            lines.append(
                row("pages", "\(GroupedNumber.text(total))\(known) · average \(GroupedNumber.text(average))\(borrowed)")
            )
        } else {
            lines.append(row("pages", "unknown"))
        }
        if let shortest = pages.shortest {
            lines.append(row("shortest", "\(GroupedNumber.text(Int(shortest.value))) pages: \(describe(shortest))"))
        }
        if let longest = pages.longest {
            lines.append(row("longest", "\(GroupedNumber.text(Int(longest.value))) pages: \(describe(longest))"))
        }
        let ratings = stats.ratings
        lines.append(row("average rating", ratings.average.map { String(format: "%.2f", $0) } ?? "unknown"))
        if let rated = ratings.rated {
            if let mine = ratings.mine {
                var text = String(format: "%.2f over %d rated book%@", mine, rated, rated == 1 ? "" : "s")
                if let versus = ratings.versusAverage { text += String(format: " (%+.2f against everyone's)", versus) }
                lines.append(row("my stars", text))
            } else {
                lines.append(row("my stars", "none given"))
            }
        }
        if let highest = ratings.highest {
            lines.append(row("highest rated", String(format: "%.2f: ", highest.value) + describe(highest)))
        }
        if stats.authors.distinct > 0 {
            let top = stats.authors.top.map { "\(Terminal.safe($0.name)) (\($0.books))" }.joined(separator: ", ")
            lines.append(row("authors", "\(GroupedNumber.text(stats.authors.distinct)) · most read: \(top)"))
        } else {
            lines.append(row("authors", "unknown"))
        }
        if let oldest = stats.published.oldest, let newest = stats.published.newest {
            lines.append(row("oldest", "\(Int(oldest.value)): \(describe(oldest))"))
            lines.append(row("newest", "\(Int(newest.value)): \(describe(newest))"))
        } else {
            lines.append(row("published", "unknown"))
        }
        if let formats = stats.formats {
            lines.append(row("formats", "paper \(formats.paper) · ebook \(formats.ebook) · audio \(formats.audio)"))
        }
        if let moods = stats.moods {
            lines.append(row("moods", moods.map { "\(Terminal.safe($0.mood)) (\($0.books))" }.joined(separator: ", ")))
        }
        if let pace = stats.pace {
            lines.append(row("pace", "slow \(pace.slow) · medium \(pace.medium) · fast \(pace.fast)"))
        }
        if let months = stats.months, months.contains(where: { $0 > 0 }) {
            lines.append("")
            lines.append(
                palette.paint(
                    stats.datesAreShelved
                        ? "books per month shelved (Open Library keeps no finish date)" : "books per month read",
                    .heading) + (stats.undated.map { $0 > 0 ? palette.paint(" (\($0) undated)", .muted) : "" } ?? ""))
            lines += bars(zip(Self.months, months).map { ($0, $1) })
        } else if stats.months != nil {
            lines.append(row("months read", "unknown"))
        }
        if let calendar = stats.calendar {
            lines.append("")
            lines.append(palette.paint("reading calendar", .heading) + palette.paint(" · " + calendar.summary, .muted))
            lines += CalendarText(calendar: calendar, palette: palette).lines
        } else if stats.year != nil, let note = stats.calendarNote {
            lines.append(row("calendar", String(note.drop { $0 != ":" }.dropFirst(2))))
        }
        lines += timeLines
        if let stars = ratings.stars, stars.contains(where: { $0 > 0 }) {
            lines.append("")
            lines.append(palette.paint("stars given", .heading))
            lines += bars(
                (1...5).reversed().map {
                    (String(repeating: "★", count: $0).padding(toLength: 5, withPad: " ", startingAt: 0), stars[$0 - 1])
                })
        }
        return lines.joined(separator: "\n")
    }

    func row(_ label: String, _ value: String) -> String {
        palette.paint(label.padding(toLength: 15, withPad: " ", startingAt: 0), .muted) + value
    }

    private func describe(_ mention: TagStats.Mention) -> String {
        Terminal.safe(mention.title) + (mention.author.map { " — " + Terminal.safe($0) } ?? "")
    }

    /// Bars scaled to the largest count, at most 30 cells: a label, the bar, the count.
    private func bars(_ values: [(label: String, count: Int)]) -> [String] {
        let largest = max(1, values.map(\.count).max() ?? 1)
        return values.map { label, count in
            let cells = count == 0 ? 0 : max(1, Int((Double(count) / Double(largest) * 30).rounded()))
            return "  \(label)  " + palette.paint(String(repeating: "█", count: cells), .accent)
                + (count > 0 ? " " : "") + "\(count)"
        }
    }
}
