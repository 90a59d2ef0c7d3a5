#!/usr/bin/env bash
# Runs a test program with the OASIS SARIF 2.1.0 JSON schema and a JSON Schema validator, both
# from package registries, for the tests only (nothing here is built into tfconform):
# - the schema (sarif-schema-2.1.0.json, errata 01, as OASIS publishes it) is the copy the Go
#   module github.com/owenrumney/go-sarif/v3 embeds for its own validation, fetched from the Go
#   module proxy and written to TFC_SARIF_SCHEMA;
# - the validator is the Python package jsonschema (Debian's python3-jsonschema, which the
#   Makefile installs, or PyPI's): TFC_SARIF_PYTHON is an interpreter that has it.
# Fails, never skips, when either cannot be had.
#
#   with_sarif_schema.sh OUT_DIR -- PROGRAM [ARG...]
set -euo pipefail
module=github.com/owenrumney/go-sarif/v3
version=v3.3.1
embedded=pkg/report/v210/sarif/schema.go
export GOTOOLCHAIN=local GOFLAGS=-mod=readonly

[[ $# -gt 2 && $2 == -- ]] || { echo "usage: with_sarif_schema.sh OUT_DIR -- PROGRAM [ARG...]" >&2; exit 2; }
out_dir=$1
shift 2

python=
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import jsonschema' 2>/dev/null; then
    python=$(command -v "$candidate")
    break
  fi
done
[[ -n $python ]] || { echo "error: no python3 with the jsonschema package (install python3-jsonschema)" >&2; exit 1; }

if ! command -v go >/dev/null 2>&1; then
  echo "error: the Go toolchain (go) is not on PATH; it fetches $module from the Go module proxy" >&2
  exit 1
fi
# Outside any module: only the module itself is downloaded, nothing is recorded anywhere.
if ! download=$(cd / && go mod download -json "$module@$version"); then
  echo "error: go mod download $module@$version failed:" >&2
  echo "$download" >&2
  exit 1
fi
dir=$(cd / && go list -m -f '{{.Dir}}' "$module@$version")
[[ -n $dir && -f $dir/$embedded ]] || { echo "error: $module@$version has no $embedded" >&2; exit 1; }

mkdir -p "$out_dir"
schema=$out_dir/sarif-schema-2.1.0.json
# The file holds `const schema = \`...\``: the JSON is everything between the backquotes.
sed -n '/^const schema = `/,/^`$/p' "$dir/$embedded" | sed '1s/^const schema = `//; $d' >"$schema"
# It must be the OASIS schema itself, not some other document: check what it says it is.
"$python" - "$schema" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
want_id = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
if doc.get("id") != want_id or "SARIF" not in doc.get("title", "") or "2.1.0" not in doc.get("title", ""):
    sys.exit("error: %s is not the OASIS SARIF 2.1.0 schema (id %r)" % (sys.argv[1], doc.get("id")))
if doc["properties"]["version"]["enum"] != ["2.1.0"] or "result" not in doc["definitions"]:
    sys.exit("error: %s lacks the SARIF 2.1.0 definitions" % sys.argv[1])
PY
echo "SARIF schema from $module@$version ($dir/$embedded), validator $python"
TFC_SARIF_SCHEMA=$schema TFC_SARIF_PYTHON=$python exec "$@"
