#!/usr/bin/env bash
# Makes a build tree whose compile_commands.json names every source file on its own, as
# clang-tidy reads it (scripts/tidy.sh, scripts/function_sizes.sh): the default build compiles
# in unity batches, whose database names only the batches. Configures DIR without unity builds
# (once; nothing is compiled) and generates the protocol headers the sources include (protoc
# only). Prints nothing when all went well.
#
#   scripts/by_file_tree.sh [DIR]   default build-by-file
set -euo pipefail
cd "$(dirname "$0")/.."

DIR=${1:-build-by-file}
if [ ! -f "$DIR/build.ninja" ] || ! grep -q '^CMAKE_UNITY_BUILD:BOOL=OFF$' "$DIR/CMakeCache.txt"; then
  cmake -S . -B "$DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=OFF >/dev/null
fi
generated=$(for p in tfplugin6 tfplugin5 plugin health; do
  for h in pb.h grpc.pb.h; do echo "proto/wire/$p.$h"; done
done)
# shellcheck disable=SC2086 # one header per word
ninja -C "$DIR" $generated >/dev/null
