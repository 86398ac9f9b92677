import Foundation

/// An error of booktag's library: what went wrong in words both faces show (no flag, command or
/// form field in them), its class, and what the reader can change, typed, for each face to word.
///
/// The command line turns `kind` into an exit status and words `advice` with its options; serve
/// turns `kind` into an HTTP status and words `advice` with its forms.
public protocol BookTagError: LocalizedError, Sendable {
    /// The class: which exit status or HTTP status the failure gets.
    var kind: BookTagFailure.Kind { get }
    /// What the reader can do about it, when the message alone does not say.
    var advice: Advice? { get }
}

extension BookTagError {
    /// Most errors say all there is to say.
    public var advice: Advice? { nil }
}
