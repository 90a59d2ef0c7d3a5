#!/usr/bin/env bash
# `make demo`: shows tfconform on the bundled providers and the oracle corpus, writing its
# output under reports-out/. The full `tfconform run` conformance run (issue 5) is not built
# yet; this script runs every part that exists, for real, and says what it ran.
set -euo pipefail
build=${1:-build}
tfc="$build/conformance/tfconform"
out=reports-out
mkdir -p "$out"

echo "== tfconform rules (the contract rule catalogue)"
"$tfc" rules > "$out/rules.txt"
head -n 12 "$out/rules.txt"
echo "   ... $(wc -l < "$out/rules.txt") lines written to $out/rules.txt"

help=$("$tfc" --help)
if grep -qE '^ +schema' <<< "$help"; then
  for name in tfcfixture tfcsdk time; do
    bin="$build/providers/terraform-provider-$name"
    [ -x "$bin" ] || continue
    echo "== tfconform schema --provider $bin (launch with AutoMTLS, GetProviderSchema)"
    "$tfc" schema --provider "$bin" > "$out/schema-$name.json"
    echo "   $(wc -c < "$out/schema-$name.json") bytes written to $out/schema-$name.json"
  done
fi

echo "== tfconform oracle tests/vectors/*/*.json (the oracle on its own vector corpus)"
"$tfc" oracle tests/vectors/*/*.json > "$out/oracle-vectors.jsonl"
total=$(wc -l < "$out/oracle-vectors.jsonl")
with=$(grep -c '"severity":"error"' "$out/oracle-vectors.jsonl" || true)
echo "   $total vectors checked, $with with error findings; JSON Lines in $out/oracle-vectors.jsonl"
