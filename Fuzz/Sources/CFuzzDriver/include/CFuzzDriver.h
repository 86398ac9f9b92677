#ifndef BOOKTAG_CFUZZDRIVER_H
#define BOOKTAG_CFUZZDRIVER_H

/// Runs libFuzzer over the target's LLVMFuzzerTestOneInput with the command line's options.
/// SwiftPM names an executable's entry point after its module (and links `main` to it), so a
/// fuzz target's entry point calls this instead of relying on libFuzzer's own `main`.
int booktag_run_fuzzer(int argc, char **argv);

#endif
