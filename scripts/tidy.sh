#!/usr/bin/env bash
# Runs clang-tidy 14 (Debian's clang-tidy-14, installed when missing) with the repository's
# .clang-tidy over the project's C++ sources, using the compile commands of a file-by-file build
# tree (scripts/by_file_tree.sh). Any warning fails the run (.clang-tidy sets WarningsAsErrors).
#
#   scripts/tidy.sh [DIR]     the file-by-file tree (default build-by-file)
#   TIDY_FILES                a regex of files to check (default: the sources of the six
#                             libraries and the CLI; tests and benches are not checked yet)
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${1:-build-by-file}
RUN_TIDY=${RUN_TIDY:-run-clang-tidy-14}
if ! command -v "$RUN_TIDY" >/dev/null 2>&1; then
  echo "tidy.sh: installing clang-tidy-14"
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends clang-tidy-14
fi
scripts/by_file_tree.sh "$BUILD_DIR"
# Generated sources (protobuf) and third-party code live in the build tree and are not ours.
files=${TIDY_FILES:-"^$PWD/(conformance|oracle|generators|reports|runner|proto)/.*\.cpp$"}
started=$(date +%s)
if "$RUN_TIDY" -p "$BUILD_DIR" -quiet -j "$(nproc)" "$files" > "$BUILD_DIR/tidy.log" 2>&1; then
  echo "tidy.sh: no warning ($(( $(date +%s) - started )) s; log in $BUILD_DIR/tidy.log)"
else
  grep -E "warning:|error:" "$BUILD_DIR/tidy.log" | sed 's/\x1b\[[0-9;]*m//g' | sort -u
  echo "tidy.sh: clang-tidy found problems (full log: $BUILD_DIR/tidy.log)" >&2
  exit 1
fi
