import BookTagCLI

// booktag: every command that works from the store. Commands that go online continue in
// booktag-online (see `Online` in BookTagCLI), so no network code is loaded here.
CommandLineRun.main()
