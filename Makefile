# tfconform: the two set-up commands for a fresh machine are `make demo` and `make test`.
# Both install what is missing (Debian packages as root, Go modules through the Go module
# proxy), configure with CMake + Ninja and build. Nothing is vendored or fetched at build time.

BUILD      ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS       ?= $(shell nproc)
CMAKE_ARGS ?=
BIN        := $(BUILD)/conformance/tfconform

APT_PACKAGES := cmake ninja-build g++ pkg-config git ca-certificates \
  libgrpc++-dev libgrpc-dev protobuf-compiler-grpc libprotobuf-dev libprotoc-dev protobuf-compiler \
  libssl-dev nlohmann-json3-dev libcli11-dev libgtest-dev googletest librapidcheck-dev \
  libxml2-utils python3-jsonschema chromium dpkg-dev file groff-base

.PHONY: all deps build test demo bench providers docs clean install uninstall package

all: build

# Installs only the Debian packages that are missing (runs apt-get as root, or via sudo).
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing missing packages:" $$missing; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@command -v go >/dev/null 2>&1 || { echo "error: the Go toolchain (go) is needed for the test providers"; exit 2; }

$(BUILD)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_ARGS)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

# Real and fixture provider binaries; recipes live in tests/providers/providers.mk.
providers:
-include tests/providers/providers.mk

test: build providers
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) --timeout 600

# Every bench runs; one that fails (bench_vs_terraform and bench_schema_start need terraform on
# PATH and terraform-provider-aws 5.100.0, bench_real_reach the folder TFC_REAL_PROVIDERS) fails the
# target, after the others have printed.
bench: build providers
	cmake --build $(BUILD) --target bench_all
	@failed=; for b in $(BUILD)/bench/*/bench_*; do \
	  [ -f "$$b" ] && [ -x "$$b" ] || continue; \
	  "$$b" || failed="$$failed $$(basename $$b)"; \
	done; \
	if [ -n "$$failed" ]; then echo "make bench: failed:$$failed"; exit 1; fi

demo: build providers
	@./scripts/demo.sh $(BUILD)

# Optional, after set-up (docs/install.md): the binary (stripped), its documentation and the man
# page tfconform(1) under PREFIX; only those targets are built. `sudo make install` for /usr/local.
PREFIX ?= /usr/local
install: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS) --target tfconform tfconform_man
	cmake --install $(BUILD) --prefix $(PREFIX) --strip

# Removes what `make install` put under PREFIX, and nothing else; not the Debian package's files.
uninstall:
	@if dpkg -S $(PREFIX)/bin/tfconform >/dev/null 2>&1; then \
	  echo "$(PREFIX)/bin/tfconform belongs to the Debian package: apt-get remove tfconform"; exit 2; fi
	rm -rf $(PREFIX)/bin/tfconform $(PREFIX)/share/man/man1/tfconform.1.gz $(PREFIX)/share/doc/tfconform

# The Debian package $(BUILD)/tfconform_VERSION_ARCH.deb (CPack; Depends computed by
# dpkg-shlibdeps from dpkg-dev): `sudo apt-get install ./$(BUILD)/tfconform_*.deb`.
package: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS) --target tfconform tfconform_man
	cd $(BUILD) && cpack -G DEB

clean:
	rm -rf $(BUILD)

# docs/rules.md is generated from the rule catalogue (oracle/rules.cpp), docs/rpcs.md from the
# RPC table (proto/protocol/rpc_table.inc); the tests conformance.rules_doc and
# conformance.rpcs_doc fail until they are regenerated after a rule or an RPC changes.
docs: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS) --target tfconform
	$(BIN) rules --markdown > docs/rules.md
	$(BIN) rpcs --markdown > docs/rpcs.md

# libFuzzer targets (clang, ASan + UBSan) in build-fuzz/, FUZZ_SECONDS (30) each: scripts/fuzz.sh.
.PHONY: fuzz
fuzz:
	./scripts/fuzz.sh

# clang-tidy over every project source with .clang-tidy (any warning fails): scripts/tidy.sh.
.PHONY: tidy
tidy: deps
	./scripts/tidy.sh

# Library files over 500 lines and functions over 80 that scripts/size_exceptions.txt does not
# list (issue #26): scripts/function_sizes.sh. clang-tidy parses every library source, about
# three minutes on two cores, which is why CI does not run it.
.PHONY: sizes
sizes: deps
	./scripts/function_sizes.sh

# The whole test suite under ASan + UBSan (clang, the same build-fuzz/ tree): scripts/sanitize.sh.
.PHONY: sanitize
sanitize: deps
	./scripts/sanitize.sh

# Detection matrix: every tfcfault fault mode (and the honest mode), normal and legacy, through
# tfconform; writes docs/detection-matrix.md and fails on a missed or unexpected rule. Each
# finding is confirmed by Terraform (when on PATH), OpenTofu ($(BUILD)/cli/tofu) and Terraform
# v1.13.3 ($(BUILD)/cli/terraform-1.13.3, the first of the three that asks for identities).
.PHONY: matrix
matrix: build providers
	python3 scripts/detection_matrix.py --tfconform $(BIN) --provider $(BUILD)/providers/terraform-provider-tfcfault \
	  $$(command -v terraform >/dev/null && echo --confirm-with terraform) \
	  $$([ -x $(BUILD)/cli/tofu ] && echo --confirm-with $(abspath $(BUILD))/cli/tofu) \
	  $$([ -x $(BUILD)/cli/terraform-1.13.3 ] && echo --confirm-with $(abspath $(BUILD))/cli/terraform-1.13.3)

# Hostile providers: every hostile mode of tfcfault (tests/providers/faulty/hostile.tsv, plus
# crash_in_apply and hang_in_plan) through tfconform, with what each run left behind (processes,
# temporary files); writes docs/hostile-providers.md and fails on a mismatch or a leftover.
.PHONY: hostile
hostile: build providers
	python3 scripts/hostile_table.py --tfconform $(BIN) --provider $(BUILD)/providers/terraform-provider-tfcfault
