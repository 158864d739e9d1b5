# SwiftLV2: `make` builds the plugin bundle and lv2render, `make test` runs every test,
# `make bench` measures the plugins against C references and records the table in
# BENCHMARKS.md, `make demo` renders a short piece. Each installs the Debian packages it
# needs first.

SWIFT        ?= swift
BUNDLE       := plugin.lv2
PLUGIN_SO    := $(BUNDLE)/swiftlv2.so
INSTALL_NAME := swiftlv2.lv2
PLUGIN_BUILD := .build-plugin
HOST_BUILD   := .build
BENCH_BUILD  := .build-bench

# A plain `make install` goes to your home (~/.lv2, ~/.local/bin);
# `make install PREFIX=/usr/local` is a system install (/usr/local/lib/lv2, /usr/local/bin).
ifeq ($(origin PREFIX),undefined)
PREFIX := $(HOME)/.local
LV2DIR ?= $(HOME)/.lv2
else
LV2DIR ?= $(PREFIX)/lib/lv2
endif

BUILD_DEBS := lv2-dev libsamplerate0-dev liblilv-dev libsndfile1-dev pkg-config
TEST_DEBS  := lilv-utils sordi lv2-examples sox valgrind gcc

# The benchmark's C code is built with the Swift toolchain's clang (the LLVM that
# compiles the plugin) and its C synth reference also with gcc, as a second opinion.
BENCH_CLANG  ?= $(dir $(realpath $(shell command -v $(SWIFT))))clang
BENCH_GCC    ?= gcc
BENCH_CFLAGS := -O2 -Wall -Wextra
BENCH_HEADERS    := $(wildcard Benchmarks/*.h Benchmarks/reference/*.h) Sources/CMath/shim.h
BENCH_DRIVER     := $(BENCH_BUILD)/bench
BENCH_REFERENCES := $(BENCH_BUILD)/reference-clang.so $(BENCH_BUILD)/reference-gcc.so

.PHONY: all plugin host deps test-deps test bench bench-smoke demo install uninstall clean

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
	$(MAKE) --no-print-directory bench-smoke LV2RENDER=$(HOST_BUILD)/debug/lv2render
	SWIFTLV2_ROOT=$(CURDIR) $(SWIFT) test --skip-build --scratch-path $(HOST_BUILD)

# Timing is noisy on shared machines, so nothing here fails on a slow figure: the
# benchmark only fails when something cannot run or the C synth reference no longer
# plays what the plugin plays.
bench: test-deps plugin host $(BENCH_DRIVER) $(BENCH_REFERENCES)
	./scripts/bench $(BENCH_BUILD) $(HOST_BUILD)/release/lv2render "$(BENCH_CLANG)" "$(BENCH_GCC)"

# Every benchmark once, very briefly; `make test` runs it with its own lv2render.
LV2RENDER ?= $(HOST_BUILD)/release/lv2render
bench-smoke: test-deps plugin $(BENCH_DRIVER) $(BENCH_REFERENCES)
	$(BENCH_DRIVER) $(PLUGIN_SO) $(BENCH_REFERENCES) $(LV2RENDER) $(BENCH_BUILD) --smoke

$(BENCH_DRIVER): $(wildcard Benchmarks/*.c) $(BENCH_HEADERS)
	@mkdir -p $(BENCH_BUILD)
	$(BENCH_CLANG) $(BENCH_CFLAGS) -o $@ $(filter %.c,$^) -ldl -lm

$(BENCH_BUILD)/reference-%.so: $(wildcard Benchmarks/reference/*.c) $(BENCH_HEADERS)
	@mkdir -p $(BENCH_BUILD)
	$(if $(filter clang,$*),$(BENCH_CLANG),$(BENCH_GCC)) $(BENCH_CFLAGS) -fPIC -shared -o $@ $(filter %.c,$^) -lsamplerate -lm

demo: all
	@./scripts/demo $(HOST_BUILD)/release/lv2render

install: all
	install -d $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(BUNDLE)/*.ttl $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)/
	install -m 755 $(PLUGIN_SO) $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)/
	strip --strip-unneeded $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)/$(notdir $(PLUGIN_SO))
	install -m 755 $(HOST_BUILD)/release/lv2render $(DESTDIR)$(PREFIX)/bin/

uninstall:
	rm -rf $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)
	rm -f $(DESTDIR)$(PREFIX)/bin/lv2render

clean:
	rm -rf $(HOST_BUILD) $(PLUGIN_BUILD) $(BENCH_BUILD) $(PLUGIN_SO) renders
