#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer: builds the
# sanitized tree (scripts/sanitized_build.sh, build-fuzz/), the provider binaries beside it,
# and runs ctest there. Any sanitizer report aborts its test (-fno-sanitize-recover=all,
# halt_on_error), so the run fails. The tfconform processes the tests start are sanitized too.
#
#   FUZZ_BUILD  build directory (default build-fuzz)
#   CTEST_ARGS  extra ctest arguments (e.g. "-R conformance")
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${FUZZ_BUILD:-build-fuzz}

scripts/sanitized_build.sh
make --no-print-directory providers BUILD="$BUILD_DIR"

# Leaks count as failures; suppressions name only third-party code (scripts/lsan.supp).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$BUILD_DIR"
ctest --output-on-failure -j "$(nproc)" --timeout 900 ${CTEST_ARGS:-}
