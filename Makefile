# booktag: try it, test it, build, install and uninstall.
#
#   make demo                  the main job on the bundled recording, in a fresh home (no network, no key)
#   make test                  the test suite (the command CI runs)
#   make                       a statically linked release build of booktag
#   make install PREFIX=DIR    booktag, its man page and shell completions under DIR
#   make uninstall PREFIX=DIR  removes exactly what install put there
#   make dist                  the release archive and its SHA256SUMS in dist/ (scripts/release)
#
# demo and test are scripts/demo and scripts/test, which need no make (a bare machine may not
# have it); they first install the system packages that are missing (scripts/system-packages).
# DESTDIR is honoured, for packagers.

PREFIX ?= /usr/local
# A build folder of its own: SwiftPM does not relink an up-to-date product when only the
# linker flags change, so a plain `swift build -c release` could otherwise leave a dynamically
# linked booktag where install looks.
SCRATCH := .build/static
# release for installing; CI checks the static install from a debug build (CONFIGURATION=debug),
# which links the same way in two thirds of the time.
CONFIGURATION ?= release
BUILD := $(SCRATCH)/$(CONFIGURATION)
GENERATED := .build/generated

BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all demo test build manual completions install uninstall dist clean

all: build

demo:
	scripts/demo

test:
	scripts/test

# The Swift runtime and Foundation are linked into the binary, so it keeps working when the
# toolchain moves; the system C libraries (libxml2, libsqlite3, libpng, libjpeg, zlib; Pango and
# libgd on first use) stay shared. lld with packed relative relocations and no exported symbols
# leaves the dynamic loader less to do before main; these are flags of this build, not of the
# package, so a package depending on BookTag never sees them.
LINK_FLAGS := -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
build:
	swift build -c $(CONFIGURATION) --static-swift-stdlib $(LINK_FLAGS) --product booktag --scratch-path $(SCRATCH)

# The man page and completion scripts come from the command's own definition
# (swift-argument-parser's generate-manual plugin and --generate-completion-script). The plugin
# builds every product first; in debug, in .build, it reuses the test build and never touches
# the static one.
manual: build
	mkdir -p $(GENERATED)/man
	swift package --allow-writing-to-package-directory generate-manual --configuration debug --output-directory $(GENERATED)/man

completions: build
	mkdir -p $(GENERATED)/completions
	$(BUILD)/booktag --generate-completion-script bash > $(GENERATED)/completions/booktag.bash
	$(BUILD)/booktag --generate-completion-script zsh > $(GENERATED)/completions/_booktag
	$(BUILD)/booktag --generate-completion-script fish > $(GENERATED)/completions/booktag.fish

install: build manual completions
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -s -m 755 $(BUILD)/booktag $(BINDIR)/booktag
	install -m 644 $(GENERATED)/man/booktag.1 $(MANDIR)/booktag.1
	install -m 644 $(GENERATED)/completions/booktag.bash $(BASHDIR)/booktag
	install -m 644 $(GENERATED)/completions/_booktag $(ZSHDIR)/_booktag
	install -m 644 $(GENERATED)/completions/booktag.fish $(FISHDIR)/booktag.fish

uninstall:
	rm -f $(BINDIR)/booktag $(MANDIR)/booktag.1
	rm -f $(BASHDIR)/booktag $(ZSHDIR)/_booktag $(FISHDIR)/booktag.fish

dist:
	scripts/release

clean:
	rm -rf $(GENERATED)
