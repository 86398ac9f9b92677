import Foundation

extension CollageRenderer {
    /// A stand-in for a cover that cannot be drawn; returns texts with characters no font has.
    func drawTile(
        _ title: String, in frame: CollagePlan.Rect, pixels: Double, theme: CollageTheme, on canvas: any CollageSurface
    ) -> [String] {
        canvas.fill(frame, color: theme.tile)
        let inset = max(2, frame.width / 12)
        let box = CollagePlan.Rect(
            x: frame.x + inset, y: frame.y + inset, width: frame.width - 2 * inset, height: frame.height - 2 * inset)
        let unknown = CollageText.draw(
            title, in: box, pixels: pixels, maxLines: 6, color: theme.secondaryText, centered: true, on: canvas)
        return unknown > 0 ? [title] : []
    }

    /// The title, the rule, the credit and the labels; returns texts with characters no font has.
    func drawText(
        title: String?, credit: String?, covers: [CollageCover], plan: CollagePlan, labels: [CollageLabel],
        theme: CollageTheme, words: Words = .english, on canvas: any CollageSurface
    ) -> [String] {
        var unreadable: [String] = []
        if let title, let box = plan.title {
            if CollageText.draw(title, in: box, pixels: plan.titlePixels, color: theme.text, centered: true, on: canvas)
                > 0
            {
                unreadable.append(title)
            }
        }
        if let rule = plan.rule { canvas.fill(rule, color: theme.accent) }
        if let credit {
            CollageText.draw(
                credit, in: plan.credit, pixels: plan.creditPixels, alignment: .end, color: theme.secondaryText,
                centered: true, on: canvas)
        }
        guard !labels.isEmpty else { return unreadable }
        let lineHeight = Int((plan.labelPixels * 1.4).rounded(.up))
        for (cover, cell) in zip(covers, plan.cells) {
            // A label outside the band being drawn is not laid out (nor its lines made).
            guard let label = cell.label, canvas.holds(label) else { continue }
            for (index, line) in cover.labelLines(labels, words: words).enumerated() where !line.isEmpty {
                let box = CollagePlan.Rect(
                    x: label.x, y: label.y + index * lineHeight, width: label.width, height: lineHeight)
                let color = index == 0 && labels.contains(.title) ? theme.text : theme.secondaryText
                if CollageText.draw(line, in: box, pixels: plan.labelPixels, color: color, on: canvas) > 0 {
                    unreadable.append(line)
                }
            }
        }
        return unreadable
    }
}
