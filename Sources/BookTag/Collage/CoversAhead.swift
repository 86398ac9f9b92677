import Foundation

/// Which covers each band of a banded collage draws ahead of the band that first shows them.
///
/// Covers are most of a collage's decoding, and a band that reaches a new row of covers would
/// decode the whole row while the bands between rows only copy rows of covers already drawn:
/// then the drawing waits on the encoder through the light bands and the encoder waits on the
/// drawing in the heavy one. Drawn ahead, a band's share of the covers still to come (a row at
/// most) is decoded while the band before is encoded, so both cores stay busy throughout.
struct CoversAhead {
    /// For each band, the covers (indices into the plan's cells) it draws ahead, into
    /// `SpanningCovers`, for a later band.
    let schedule: [[Int]]

    /// Spreads the covers with an image (`drawable`) evenly over `bands`: each band draws ahead
    /// its share of those no band has drawn yet, the first in reading order, and none further
    /// ahead than the tallest cell below the band (so that at most a row of covers more is held).
    init(frames: [CollagePlan.Rect], drawable: [Bool], bands: [Range<Int>]) {
        guard bands.count > 1 else {
            schedule = bands.map { _ in [] }
            return
        }
        let covers = frames.indices.filter { drawable[$0] && frames[$0].width > 0 && frames[$0].height > 0 }
        let order = covers.sorted { (frames[$0].y, frames[$0].x) < (frames[$1].y, frames[$1].x) }
        let horizon = covers.map { frames[$0].height }.max() ?? 0
        var started = Set<Int>()
        var schedule: [[Int]] = []
        for (index, band) in bands.enumerated() {
            started.formUnion(covers.filter { frames[$0].y < band.upperBound })
            let share = (covers.count - started.count + bands.count - index - 1) / (bands.count - index)
            var ahead: [Int] = []
            for cover in order where ahead.count < share && !started.contains(cover) {
                guard frames[cover].y < band.upperBound + horizon else { break }
                ahead.append(cover)
                started.insert(cover)
            }
            schedule.append(ahead)
        }
        self.schedule = schedule
    }
}
