/// A book of a set about to be stored whose cover file is already written (and in the intent
/// log), so that large sets need not hold every cover's bytes at once.
struct StagedBook: Sendable {
    var work: SearchWork
    var file: CoverFile
}
