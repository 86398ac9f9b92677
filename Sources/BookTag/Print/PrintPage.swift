/// A print's page in drawing units (``PrintOptions/unitsPerInch``): its whole size, bleed
/// included, and where covers and text may go.
struct PrintPage: Equatable {
    var width: Int
    var height: Int
    var content: CollagePlan.Rect

    init(_ options: PrintOptions) {
        (width, height) = options.pageUnits
        content = options.contentUnits
    }
}
