import Foundation

/// booktag's app icon, drawn by the collage's own canvas and PNG writer (no image file to ship):
/// six covers, two rows of three, on the day theme's paper, their colours the theme's. A
/// maskable icon keeps them inside the middle 60 %, the circle every launcher's mask leaves.
public enum AppIcon {
    /// The icon as a PNG, `size` pixels square (16 to 1,024).
    public static func png(size: Int, maskable: Bool = false, theme: CollageTheme = .day) throws -> Data {
        precondition((16...1024).contains(size), "an icon is 16 to 1,024 pixels")
        guard let canvas = CollageCanvas(width: size, height: size, background: theme.background) else {
            throw CollageError.outOfMemory
        }
        // The covers' area: 2:3 covers, three across, two down, with gaps a tenth of a cover.
        let box = Double(size) * (maskable ? 0.6 : 0.84)
        let coverWidth = box / 3.2
        let coverHeight = coverWidth * 1.5
        let gap = coverWidth * 0.1
        let gridHeight = coverHeight * 2 + gap
        let left = (Double(size) - box) / 2
        let top = (Double(size) - gridHeight) / 2
        let colours = [theme.accent, theme.text, theme.secondaryText, theme.secondaryText, theme.accent, theme.text]
        for row in 0..<2 {
            for column in 0..<3 {
                let x = left + Double(column) * (coverWidth + gap)
                let y = top + Double(row) * (coverHeight + gap)
                let cover = CollagePlan.Rect(
                    x: Int(x.rounded()), y: Int(y.rounded()), width: Int(coverWidth.rounded()),
                    height: Int(coverHeight.rounded()))
                canvas.fill(cover, color: colours[row * 3 + column])
                // A title band across each cover, in the paper's colour.
                let band = CollagePlan.Rect(
                    x: cover.x + cover.width / 6, y: cover.y + cover.height / 4, width: cover.width * 2 / 3,
                    height: max(1, cover.height / 10))
                canvas.fill(band, color: theme.tile)
            }
        }
        return try CollageRenderer().encode(canvas, format: .png, jpegQuality: 0)
    }
}
