#!/usr/bin/env bash
# Configures and builds the sanitized tree shared by scripts/fuzz.sh and scripts/sanitize.sh:
# clang, every library compiled once with ASan + UBSan (-fno-sanitize-recover=all) and
# libFuzzer's coverage hooks (CMake option TFC_FUZZ). Installs what is missing first.
#
#   scripts/sanitized_build.sh [TARGET...]    no target: everything (test suite, fuzzers, tfconform)
#
#   FUZZ_BUILD  build directory (default build-fuzz)
#   FUZZ_JOBS   parallel compile jobs (default nproc)
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${FUZZ_BUILD:-build-fuzz}
JOBS=${FUZZ_JOBS:-$(nproc)}

# clang (with libFuzzer and the sanitizer runtimes) and what the configure step looks for.
APT_PACKAGES="clang cmake ninja-build g++ pkg-config libgrpc++-dev libgrpc-dev protobuf-compiler-grpc
  libprotobuf-dev libprotoc-dev protobuf-compiler libssl-dev nlohmann-json3-dev libcli11-dev libgtest-dev googletest
  librapidcheck-dev"
missing=$(for p in $APT_PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
if [ -n "$missing" ]; then
  echo "sanitized build: installing missing packages:" $missing
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi
# The sanitizer and libFuzzer runtimes are only recommended by clang (not installed above) and
# live in libclang-rt-N-dev on Debian 12: without them every sanitized link fails.
clang_major=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n1)
runtime="libclang-rt-${clang_major}-dev"
if ! dpkg -s "$runtime" >/dev/null 2>&1 && apt-cache show "$runtime" >/dev/null 2>&1; then
  echo "sanitized build: installing the sanitizer runtimes:" "$runtime"
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$runtime"
fi

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE= -DTFC_FUZZ=ON >/dev/null
fi
if [ $# -gt 0 ]; then
  cmake --build "$BUILD_DIR" -j "$JOBS" --target "$@"
else
  cmake --build "$BUILD_DIR" -j "$JOBS"
fi
