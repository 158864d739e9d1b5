# SwiftLV2: `make` builds the plugin bundle and lv2render, `make test` runs every test,
# `make demo` renders a short piece. Each installs the Debian packages it needs first.

SWIFT        ?= swift
BUNDLE       := plugin.lv2
PLUGIN_SO    := $(BUNDLE)/swiftlv2.so
INSTALL_NAME := swiftlv2.lv2
PLUGIN_BUILD := .build-plugin
HOST_BUILD   := .build

# A plain `make install` goes to your home (~/.lv2, ~/.local/bin);
# `make install PREFIX=/usr/local` is a system install (/usr/local/lib/lv2, /usr/local/bin).
ifeq ($(origin PREFIX),undefined)
PREFIX := $(HOME)/.local
LV2DIR ?= $(HOME)/.lv2
else
LV2DIR ?= $(PREFIX)/lib/lv2
endif

BUILD_DEBS := lv2-dev libsamplerate0-dev liblilv-dev libsndfile1-dev pkg-config
# jalv is the host the jalv tests run; jackd2 brings jackd and the clients they use
# (jack_lsp, jack_connect, jack_midiseq, jack_rec).
TEST_DEBS  := lilv-utils sordi lv2-examples sox valgrind gcc jalv jackd2

.PHONY: all plugin host deps test-deps test demo install uninstall clean

all: plugin host

# Install the Debian packages that are missing (nothing happens when all are there).
deps:
	@./scripts/ensure-debs $(BUILD_DEBS)

test-deps: deps
	@./scripts/ensure-debs $(TEST_DEBS)

# The plugin: Embedded Swift (trait `Plugin`), in its own build folder so that it
# never mixes with the ordinary Swift build of the host and the tests.
plugin: deps
	$(SWIFT) build -c release --product SwiftLV2 --traits Plugin --scratch-path $(PLUGIN_BUILD)
	cp $(PLUGIN_BUILD)/release/libSwiftLV2.so $(PLUGIN_SO)

host: deps
	$(SWIFT) build -c release --product lv2render --scratch-path $(HOST_BUILD)

test: test-deps plugin
	$(SWIFT) build --build-tests --scratch-path $(HOST_BUILD)
	SWIFTLV2_ROOT=$(CURDIR) $(SWIFT) test --skip-build --scratch-path $(HOST_BUILD)

demo: all
	@./scripts/demo $(HOST_BUILD)/release/lv2render

install: all
	install -d $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(BUNDLE)/*.ttl $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)/
	install -m 755 $(PLUGIN_SO) $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)/
	install -m 755 $(HOST_BUILD)/release/lv2render $(DESTDIR)$(PREFIX)/bin/

uninstall:
	rm -rf $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)
	rm -f $(DESTDIR)$(PREFIX)/bin/lv2render

clean:
	rm -rf $(HOST_BUILD) $(PLUGIN_BUILD) $(PLUGIN_SO) renders
