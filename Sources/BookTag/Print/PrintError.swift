import Foundation

/// Why a collage could not be printed.
public enum PrintError: BookTagError, Equatable {
    /// No paper has this name.
    case unknownPaper(String)
    /// A bleed below zero, above the most shops ask for, or not a number.
    case badBleed(Double)
    /// Print writes a PDF, or a PNG or JPEG at 300 ppi; not HTML.
    case notPrintable(String)
    /// cairo failed while writing the PDF (out of memory).
    case pdfFailed
    /// The PDF cairo wrote was not one booktag can add the page's boxes to.
    case unexpectedPDF(String)

    /// A paper, bleed or format asked for is a usage error; cairo failing is the data's.
    public var kind: BookTagFailure.Kind {
        switch self {
        case .unknownPaper, .badBleed, .notPrintable: .usage
        case .pdfFailed, .unexpectedPDF: .data
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownPaper(let name):
            "unknown paper \"\(name)\": use one of \(PrintPaper.all.map(\.name).joined(separator: ", "))"
        case .badBleed(let bleed):
            "bleed \(bleed.formatted()) mm is not between 0 and \(Int(PrintOptions.maximumBleedMillimetres)) mm"
        case .notPrintable(let format):
            "a print is a PDF, PNG or JPEG, not \(format)"
        case .pdfFailed:
            "the PDF could not be written: out of memory"
        case .unexpectedPDF(let reason):
            "the PDF cairo wrote could not be given its trim and bleed boxes: \(reason)"
        }
    }
}
