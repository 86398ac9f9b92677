/// The name `TagMaker` had up to 0.4.0, kept so that code written against it still builds.
@available(*, deprecated, renamed: "TagMaker")
public typealias TagLibrary = TagMaker
