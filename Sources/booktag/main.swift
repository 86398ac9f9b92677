// booktag: the command line. Every command, its options and its output are in this target;
// the work is BookTag's.
await CommandLineRun.main()
