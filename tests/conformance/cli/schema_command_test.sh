#!/usr/bin/env bash
# `tfconform schema` end to end: launch real providers with AutoMTLS (and plaintext), print the
# `providers schema -json` shape, and fail clearly (exit 2, naming the binary) on a bad path.
set -euo pipefail
tfc=$1; providers=$2
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

check() {  # name, jq-free checks with python3: resource types expected in the schema
  local name=$1; shift
  "$tfc" schema --provider "$providers/terraform-provider-$name" "${EXTRA[@]}" > "$out/$name.json"
  python3 - "$out/$name.json" "$name" "$@" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1])); name = sys.argv[2]
assert doc["format_version"] == "1.0", doc.get("format_version")
entry = doc["provider_schemas"]["local/" + name]
assert "block" in entry["provider"], "provider schema has no block"
for rt in sys.argv[3:]:
    kind, rname = rt.split(":")
    assert rname in entry[kind], f"{rname} missing from {kind}: {sorted(entry[kind])}"
print(f"ok {name}: {len(entry.get('resource_schemas', {}))} resources, {len(entry.get('data_source_schemas', {}))} data sources")
PY
}

EXTRA=()
check tfcfixture resource_schemas:tfcfixture_server resource_schemas:tfcfixture_network data_source_schemas:tfcfixture_objects
check tfcsdk resource_schemas:tfcsdk_volume data_source_schemas:tfcsdk_objects
check time resource_schemas:time_static resource_schemas:time_offset
EXTRA=(--plaintext)
check local resource_schemas:local_file data_source_schemas:local_file

# One line, as Terraform prints it; --pretty indents the same document.
[ "$(wc -l < "$out/time.json")" = 1 ] || { echo "expected the compact document on one line"; exit 1; }
"$tfc" schema --pretty --provider "$providers/terraform-provider-time" > "$out/time-pretty.json"
python3 - "$out/time.json" "$out/time-pretty.json" <<'PY'
import json, sys
compact, pretty = (open(p).read() for p in sys.argv[1:3])
assert "\n  " in pretty, "--pretty did not indent"
assert json.loads(compact) == json.loads(pretty), "--pretty printed another document"
print("ok --pretty: the same document, indented")
PY

# A missing binary is a harness error: exit 2 and a message naming it.
set +e
"$tfc" schema --provider "$out/no-such-provider" > /dev/null 2> "$out/err"
rc=$?
set -e
[ "$rc" = 2 ] || { echo "expected exit 2 for a missing binary, got $rc"; exit 1; }
grep -q "no-such-provider" "$out/err" || { echo "error does not name the binary:"; cat "$out/err"; exit 1; }
echo "ok missing binary: $(cat "$out/err")"
