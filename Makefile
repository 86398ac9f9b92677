# booktag: try it, test it, build, install and uninstall.
#
#   make demo                  the main job on the bundled recording, in a fresh home (no network, no key)
#   make test                  the test suite (the command CI runs)
#   make                       a statically linked release build of booktag
#   make install PREFIX=DIR    booktag, its man page, shell completions and systemd user unit under DIR
#   make uninstall PREFIX=DIR  removes exactly what install put there
#   make dist                  the release archive and its SHA256SUMS in dist/ (scripts/release;
#                              as root, the aarch64 archive and the amd64 + arm64 image too)
#   make image                 the container image beside it, amd64 alone (scripts/image; needs root)
#
# demo and test are scripts/demo and scripts/test, which need no make (a bare machine may not
# have it); they first install the system packages that are missing (scripts/system-packages).
# DESTDIR is honoured, for packagers.

PREFIX ?= /usr/local
# A build folder of its own: SwiftPM does not relink an up-to-date product when only the
# linker flags change, so a plain `swift build -c release` could otherwise leave a dynamically
# linked booktag where install looks.
SCRATCH := .build/static
# release for installing; CI checks the static install from a debug build (CONFIGURATION=debug):
# the objects of the debug build in .build that the tests use, linked the same way
# (scripts/link-static), rather than a third build of everything.
CONFIGURATION ?= release
BUILD := $(SCRATCH)/$(CONFIGURATION)
GENERATED := .build/generated

BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# systemd looks for user units in $XDG_DATA_HOME/systemd/user and /usr/local/share/systemd/user.
UNITDIR := $(DESTDIR)$(PREFIX)/share/systemd/user
# The unit's ExecStart: the installed binary, or, with no PREFIX (the release archive, unpacked
# anywhere), the name systemd finds through the unit's ExecSearchPath.
UNIT_BINARY := $(if $(PREFIX),$(PREFIX)/bin/booktag,booktag)

.PHONY: all demo test build manual completions install uninstall dist image clean

all: build

demo:
	scripts/demo

test:
	scripts/test

# The Swift runtime and Foundation are linked into the binary, so it keeps working when the
# toolchain moves, and so are the C libraries whose soname differs between distributions
# (libxml2, libjpeg, libpng, liblzma: scripts/static-libraries), so it runs on any x86_64 Linux
# with glibc 2.36 or later. zlib and SQLite stay shared; Pango and libgd are opened on first use.
# lld with packed relative relocations and no exported symbols leaves the dynamic loader less
# to do before main; these are flags of this build, not of the package, so a package depending
# on BookTag never sees them.
STATIC_LIBS := $(SCRATCH)/libs
LINK_FLAGS := -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
build:
ifeq ($(CONFIGURATION),debug)
	scripts/link-static $(BUILD)/booktag $(STATIC_LIBS) $(subst -Xswiftc ,,$(LINK_FLAGS))
else
	flags=$$(scripts/static-libraries $(STATIC_LIBS)) && \
	PKG_CONFIG_PATH="$(CURDIR)/$(STATIC_LIBS)/pkgconfig$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}" \
	swift build -c $(CONFIGURATION) --static-swift-stdlib $(LINK_FLAGS) $$flags --product booktag --scratch-path $(SCRATCH)
endif

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
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR) $(UNITDIR)
	install -s -m 755 $(BUILD)/booktag $(BINDIR)/booktag
	install -m 644 $(GENERATED)/man/booktag.1 $(MANDIR)/booktag.1
	install -m 644 $(GENERATED)/completions/booktag.bash $(BASHDIR)/booktag
	install -m 644 $(GENERATED)/completions/_booktag $(ZSHDIR)/_booktag
	install -m 644 $(GENERATED)/completions/booktag.fish $(FISHDIR)/booktag.fish
	sed 's|@BOOKTAG@|$(UNIT_BINARY)|g' packaging/booktag.service.in > $(GENERATED)/booktag.service
	install -m 644 $(GENERATED)/booktag.service $(UNITDIR)/booktag.service

uninstall:
	rm -f $(BINDIR)/booktag $(MANDIR)/booktag.1
	rm -f $(BASHDIR)/booktag $(ZSHDIR)/_booktag $(FISHDIR)/booktag.fish $(UNITDIR)/booktag.service

dist:
	scripts/release

image:
	IMAGE=no ARM64=no scripts/release
	scripts/image

clean:
	rm -rf $(GENERATED)
