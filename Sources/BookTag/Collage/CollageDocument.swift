/// The document both HTML collages are, a tag's page and the gallery of tags: one skeleton, so
/// both carry the same Content-Security-Policy, viewport and referrer rules.
struct CollageDocument {
    /// Plain text; escaped here.
    var title: String
    /// The page's `lang`: the language of its words.
    var language = "en"
    /// The page's CSS.
    var style: String
    /// Markup for the header, already escaped.
    var header: String
    /// Markup between the header and the main part (a tag's numbers), already escaped.
    var preface = ""
    /// Markup for the main part, already escaped.
    var main: String

    func html() -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language.htmlEscaped)">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(CollagePage.contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>\(title.htmlEscaped) · booktag</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header>\(header)</header>
        \(preface)<main>
        \(main)</main>
        </body>
        </html>

        """
    }
}
