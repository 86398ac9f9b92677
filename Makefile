# booktag: build, install and uninstall.
#
#   make                       release build of booktag and its network library
#   make install PREFIX=DIR    binary, network library, man page and shell completions under DIR
#   make uninstall PREFIX=DIR  removes exactly what install put there
#
# DESTDIR is honoured, for packagers.

PREFIX ?= /usr/local
BUILD := .build/release
GENERATED := .build/generated

BINDIR := $(DESTDIR)$(PREFIX)/bin
LIBDIR := $(DESTDIR)$(PREFIX)/lib/booktag
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build manual completions install uninstall clean

all: build

build:
	swift build -c release --product booktag
	swift build -c release --product BookTagHTTP

# The man page and completion scripts come from the command's own definition
# (swift-argument-parser's generate-manual plugin and --generate-completion-script).
manual: build
	mkdir -p $(GENERATED)/man
	swift package --allow-writing-to-package-directory generate-manual --output-directory $(GENERATED)/man

completions: build
	mkdir -p $(GENERATED)/completions
	$(BUILD)/booktag --generate-completion-script bash > $(GENERATED)/completions/booktag.bash
	$(BUILD)/booktag --generate-completion-script zsh > $(GENERATED)/completions/_booktag
	$(BUILD)/booktag --generate-completion-script fish > $(GENERATED)/completions/booktag.fish

install: build manual completions
	install -d $(BINDIR) $(LIBDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BUILD)/booktag $(BINDIR)/booktag
	install -m 644 $(BUILD)/libBookTagHTTP.so $(LIBDIR)/libBookTagHTTP.so
	install -m 644 $(GENERATED)/man/booktag.1 $(MANDIR)/booktag.1
	install -m 644 $(GENERATED)/completions/booktag.bash $(BASHDIR)/booktag
	install -m 644 $(GENERATED)/completions/_booktag $(ZSHDIR)/_booktag
	install -m 644 $(GENERATED)/completions/booktag.fish $(FISHDIR)/booktag.fish

uninstall:
	rm -f $(BINDIR)/booktag $(LIBDIR)/libBookTagHTTP.so $(MANDIR)/booktag.1
	rm -f $(BASHDIR)/booktag $(ZSHDIR)/_booktag $(FISHDIR)/booktag.fish
	-rmdir $(LIBDIR)

clean:
	rm -rf $(GENERATED)
