import Foundation

/// Chooses a collage's geometry. Without a size, cells are 200×300 and the image follows from
/// the count; with one, the image is exactly that size and the columns and rows are those that
/// make the covers largest for their count and shape.
public struct CollagePlanner: Sendable {
    /// The image's exact size; `nil`: 200×300 cells.
    public var size: CollageSize?
    /// Covers per row, fixed; `nil`: chosen.
    public var columns: Int?
    /// A grid or justified rows.
    public var layout: CollageLayout
    /// Whole covers or filled cells.
    public var fit: CollageFit
    /// Lines of label under each cover (0 without labels).
    public var labelLines: Int
    /// Whether a caption band goes over the covers.
    public var showsTitle: Bool
    /// Leaves a band under the covers for the tag's numbers, and charts when `statsHaveCharts`.
    public var showsStats: Bool
    /// Whether the stats band has room for the two charts.
    public var statsHaveCharts: Bool
    /// Whether the stats band has room for the reading calendar too.
    public var statsHaveCalendar: Bool
    /// Tries every row count for justified rows instead of stopping where no later one can win
    /// (tests compare the two).
    var triesEveryRowCount = false

    /// A planner for these options.
    public init(
        size: CollageSize?, columns: Int?, layout: CollageLayout, fit: CollageFit, labelLines: Int, showsTitle: Bool,
        showsStats: Bool = false,
        statsHaveCharts: Bool = true, statsHaveCalendar: Bool = false
    ) {
        self.showsStats = showsStats
        self.statsHaveCharts = statsHaveCharts
        self.statsHaveCalendar = statsHaveCalendar
        self.size = size
        self.columns = columns
        self.layout = layout
        self.fit = fit
        self.labelLines = labelLines
        self.showsTitle = showsTitle
    }

    /// Natural cells, about a cover's 2:3.
    static let cellWidth = 200, cellHeight = 300
    /// The shape a collage is planned for when the covers' own cannot be read.
    static let typicalAspect = 2.0 / 3.0
    /// Smaller covers than this are not a collage: the plan is refused.
    static let minimumCover = 8

    /// Spacing and text sizes, fixed for natural cells and proportional to a sized canvas.
    struct Metrics {
        var margin: Int, gap: Int, titleBand: Int, bottomMargin: Int
        /// The stats band (0 without stats), above the bottom margin.
        var statsBand: Int
        /// Everything under the covers: the stats band and the bottom margin.
        var bottom: Int { statsBand + bottomMargin }
        var titlePixels: Double, labelPixels: Double, creditPixels: Double
        var labelLineHeight: Int

        init(size: CollageSize?, showsTitle: Bool, showsStats: Bool, charts: Bool, calendar: Bool = false) {
            if let size {
                let side = Double(min(size.width, size.height))
                margin = max(8, Int((side * 0.025).rounded()))
                gap = max(4, Int((side * 0.012).rounded()))
                titlePixels = min(120, max(14, side * 0.035))
                labelPixels = min(40, max(9, side * 0.013))
                creditPixels = min(36, max(8, side * 0.01))
            } else {
                margin = 24
                gap = 16
                titlePixels = 30
                labelPixels = 13
                creditPixels = 12
            }
            titleBand = showsTitle ? Int((titlePixels * 2.1).rounded()) : 0
            bottomMargin = max(margin, Int((creditPixels * 1.8).rounded()))
            labelLineHeight = Int((labelPixels * 1.4).rounded(.up))
            // A fifth of a sized image's height (a story poster: 1080×1920 gives 403), or room
            // for a headline, a line and two charts under natural cells; without charts, the
            // two lines. The reading calendar adds its 7 rows of days (a story poster: 250 more;
            // a square one, where the days are narrower, 205).
            let tall = size.map { $0.height > $0.width * 3 / 2 } ?? true
            let share = (charts ? 0.21 : 0.08) + (calendar ? (tall ? 0.13 : 0.19) : 0)
            statsBand =
                showsStats
                ? (size.map { Int((Double($0.height) * share).rounded()) }
                    ?? ((charts ? 230 : 90) + (calendar ? 170 : 0)))
                : 0
        }
    }

    /// `aspects`: each cover's width ÷ height, in order (`nil` when unknown).
    public func plan(aspects given: [Double?]) throws(CollageOptionError) -> CollagePlan {
        let aspects = given.map { aspect in
            aspect.flatMap { $0.isFinite && $0 > 0.05 && $0 < 20 ? $0 : nil } ?? Self.typicalAspect
        }
        let metrics = Metrics(
            size: size, showsTitle: showsTitle, showsStats: showsStats, charts: statsHaveCharts,
            calendar: statsHaveCalendar)
        let labelBand = labelLines > 0 ? labelLines * metrics.labelLineHeight + metrics.gap / 2 : 0
        var plan: CollagePlan
        switch layout {
        case .grid: plan = try grid(count: aspects.count, aspects: aspects, metrics: metrics, labelBand: labelBand)
        case .rows: plan = try rows(aspects: aspects, metrics: metrics, labelBand: labelBand)
        }
        guard plan.width <= CollageSize.maximumSide, plan.height <= CollageSize.maximumSide,
            plan.width * plan.height <= CollageSize.maximumPixels
        else { throw .sizeOutOfRange("\(plan.width)x\(plan.height)") }
        if showsTitle {
            plan.title = CollagePlan.Rect(
                x: metrics.margin, y: metrics.margin, width: plan.width - 2 * metrics.margin,
                height: Int(metrics.titlePixels * 1.5))
            let thickness = max(2, Int(metrics.titlePixels / 14))
            plan.rule = CollagePlan.Rect(
                x: metrics.margin, y: metrics.margin + metrics.titleBand - thickness - metrics.gap / 2,
                width: plan.width - 2 * metrics.margin,
                height: thickness)
        }
        if showsStats {
            plan.stats = CollagePlan.Rect(
                x: metrics.margin, y: plan.height - metrics.bottom + metrics.gap,
                width: plan.width - 2 * metrics.margin,
                height: metrics.statsBand - metrics.gap)
        }
        let creditHeight = Int((metrics.creditPixels * 1.4).rounded(.up))
        plan.credit = CollagePlan.Rect(
            x: metrics.margin, y: plan.height - (metrics.bottomMargin + creditHeight) / 2,
            width: plan.width - 2 * metrics.margin,
            height: creditHeight)
        return plan
    }

    func emptyPlan(width: Int, height: Int, metrics: Metrics, columns: Int, rows: Int, fills: Bool)
        -> CollagePlan
    {
        CollagePlan(
            width: width, height: height, cells: [], title: nil, rule: nil,
            credit: CollagePlan.Rect(x: 0, y: 0, width: 0, height: 0),
            titlePixels: metrics.titlePixels, labelPixels: metrics.labelPixels, creditPixels: metrics.creditPixels,
            labelLines: labelLines,
            columns: columns, rows: rows, fillsFrames: fills)
    }

    // MARK: - Grid

    private func grid(count: Int, aspects: [Double], metrics: Metrics, labelBand: Int) throws(CollageOptionError)
        -> CollagePlan
    {
        let top = metrics.margin + metrics.titleBand
        guard let size else {
            let columns = max(1, min(columns ?? 4, count))
            let rows = (count + columns - 1) / columns
            let width = 2 * metrics.margin + columns * Self.cellWidth + (columns - 1) * metrics.gap
            let height = top + rows * (Self.cellHeight + labelBand) + (rows - 1) * metrics.gap + metrics.bottom
            var plan = emptyPlan(
                width: width, height: height, metrics: metrics, columns: columns, rows: rows, fills: fit == .cover)
            plan.cells = (0..<count).map { index in
                let x = metrics.margin + (index % columns) * (Self.cellWidth + metrics.gap)
                let y = top + (index / columns) * (Self.cellHeight + labelBand + metrics.gap)
                return cell(
                    x: x, y: y, width: Self.cellWidth, height: Self.cellHeight, labelBand: labelBand, metrics: metrics)
            }
            return plan
        }
        let areaWidth = size.width - 2 * metrics.margin
        let areaHeight = size.height - top - metrics.bottom
        let aspect = Self.median(aspects)
        // The columns that make the covers largest (fixed when asked).
        var best: (columns: Int, rows: Int, cellWidth: Double, cellHeight: Double, area: Double)?
        for columns in columns.map({ [$0] }) ?? Array(1...max(1, count)) {
            let rows = (count + columns - 1) / columns
            let cellWidth = Double(areaWidth - (columns - 1) * metrics.gap) / Double(columns)
            let cellHeight = Double(areaHeight - (rows - 1) * metrics.gap - rows * labelBand) / Double(rows)
            guard cellWidth >= 1, cellHeight >= 1 else { continue }
            let coverWidth = min(cellWidth, cellHeight * aspect)
            let area = coverWidth * coverWidth / aspect
            if area > best?.area ?? 0 { best = (columns, rows, cellWidth, cellHeight, area) }
        }
        guard let best, min(best.cellWidth, best.cellHeight) >= Double(Self.minimumCover) else {
            throw .tooManyForSize(count: count, size: size.description)
        }
        // Contain: cells take the covers' shape and the grid is centred. Cover: cells fill the area.
        let cellWidth: Int
        let cellHeight: Int
        if fit == .cover {
            (cellWidth, cellHeight) = (Int(best.cellWidth), Int(best.cellHeight))
        } else {
            let coverWidth = min(best.cellWidth, best.cellHeight * aspect)
            (cellWidth, cellHeight) = (max(1, Int(coverWidth)), max(1, Int(coverWidth / aspect)))
        }
        let usedColumns = min(best.columns, count)
        let gridWidth = usedColumns * cellWidth + (usedColumns - 1) * metrics.gap
        let gridHeight = best.rows * (cellHeight + labelBand) + (best.rows - 1) * metrics.gap
        let left = metrics.margin + (areaWidth - gridWidth) / 2
        let gridTop = top + max(0, (areaHeight - gridHeight) / 2)
        var plan = emptyPlan(
            width: size.width, height: size.height, metrics: metrics, columns: usedColumns, rows: best.rows,
            fills: fit == .cover)
        plan.cells = (0..<count).map { index in
            let x = left + (index % best.columns) * (cellWidth + metrics.gap)
            let y = gridTop + (index / best.columns) * (cellHeight + labelBand + metrics.gap)
            return cell(x: x, y: y, width: cellWidth, height: cellHeight, labelBand: labelBand, metrics: metrics)
        }
        return plan
    }

    func cell(x: Int, y: Int, width: Int, height: Int, labelBand: Int, metrics: Metrics) -> CollagePlan.Cell {
        let frame = CollagePlan.Rect(x: x, y: y, width: width, height: height)
        guard labelBand > 0 else { return CollagePlan.Cell(frame: frame, label: nil) }
        return CollagePlan.Cell(
            frame: frame,
            label: CollagePlan.Rect(
                x: x, y: y + height + metrics.gap / 2, width: width, height: labelBand - metrics.gap / 2))
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return typicalAspect }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
