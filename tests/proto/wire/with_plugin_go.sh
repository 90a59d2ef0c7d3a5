#!/usr/bin/env bash
# Runs a test program with the terraform-plugin-go module the fixture providers build with, from
# the Go module proxy: TFC_PLUGIN_GO_DIR is its directory in the module cache,
# TFC_PLUGIN_GO_VERSION its version. The version is the one Go selects in each fixture module
# given (the newest when they differ), so a pin bump in a go.mod is followed with no edit here.
# Fails, never skips, when Go or the module cannot be had: the comparison it serves is the
# only guard of the wire files' field numbers.
#
#   with_plugin_go.sh FIXTURE_MODULE_DIR... -- PROGRAM [ARG...]
set -euo pipefail
module=github.com/hashicorp/terraform-plugin-go
# Never download a toolchain (as tests/providers/providers.mk), never rewrite a fixture's go.mod.
export GOTOOLCHAIN=local GOFLAGS=-mod=readonly

if ! command -v go >/dev/null 2>&1; then
  echo "error: the Go toolchain (go) is not on PATH; it fetches $module from the Go module proxy" >&2
  exit 1
fi

versions=()
while [[ $# -gt 0 && $1 != -- ]]; do
  if ! version=$(cd "$1" && go list -m -f '{{.Version}}' "$module"); then
    echo "error: cannot tell which $module the fixture module $1 builds with (go list -m above)" >&2
    exit 1
  fi
  versions+=("$version")
  shift
done
[[ $# -gt 1 ]] || { echo "usage: with_plugin_go.sh FIXTURE_MODULE_DIR... -- PROGRAM [ARG...]" >&2; exit 2; }
shift
[[ ${#versions[@]} -gt 0 ]] || { echo "error: no fixture module given" >&2; exit 2; }
version=$(printf '%s\n' "${versions[@]}" | sort -V | tail -n 1)

# Outside any module: only the module itself is downloaded, nothing is recorded anywhere.
cd /
if ! download=$(go mod download -json "$module@$version"); then
  echo "error: go mod download $module@$version failed:" >&2
  echo "$download" >&2
  exit 1
fi
dir=$(go list -m -f '{{.Dir}}' "$module@$version")
if [[ -z $dir || ! -d $dir ]]; then
  echo "error: $module@$version has no directory in the module cache after go mod download" >&2
  exit 1
fi
echo "$module@$version (fixture pins: ${versions[*]}) in $dir"
TFC_PLUGIN_GO_DIR=$dir TFC_PLUGIN_GO_VERSION=$version exec "$@"
