#!/usr/bin/env bash
# `make demo`: a real conformance run. tfconform launches each bundled provider as Terraform
# Core does (go-plugin handshake, AutoMTLS), plays generated lifecycle cases with --apply, judges
# every answer against the contract and writes JUnit, HTML, JSON and Markdown reports under
# reports-out/. terraform-provider-random cannot be installed here (the Go module proxy only
# serves releases that no longer build), so the honest fixture tfcfixture and the real
# terraform-provider-time stand in; a run on tfcfault shows what a contract break looks like.
set -euo pipefail
build=${1:-build}
tfc="$build/conformance/tfconform"
providers="$build/providers"
out=reports-out
rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Contract findings are replayed by the real CLIs that are here (Terraform on PATH, OpenTofu
# from `make providers`); each reproduction stays under reports-out/repro-<name>/.
confirm=()
command -v terraform > /dev/null 2>&1 && confirm+=(--confirm-with terraform)
[[ -x "$build/cli/tofu" ]] && confirm+=(--confirm-with "$(cd "$build/cli" && pwd)/tofu")

run() {  # name, expected exit codes, tfconform run arguments...
  local name=$1 ok=$2; shift 2
  echo
  echo "== tfconform run $name"
  set +e
  "$tfc" run "$@" --junit "$out/$name.junit.xml" --html "$out/$name.html" --json "$out/$name.json" \
    --summary "$out/$name.summary.md" --repro-dir "$out/repro-$name" ${confirm[@]+"${confirm[@]}"}
  local rc=$?
  set -e
  if [[ " $ok " != *" $rc "* ]]; then
    echo "demo: tfconform run $name exited $rc (expected $ok)" >&2
    exit 1
  fi
  echo "   exit $rc; reports: $out/$name.{junit.xml,html,json,summary.md}" \
    "($(du -k "$out/$name.html" | cut -f1) KB HTML, $(du -k "$out/$name.junit.xml" | cut -f1) KB JUnit)"
}

# The honest fixture (terraform-plugin-framework, protocol 6): every resource and data source.
run tfcfixture 0 --provider "$providers/terraform-provider-tfcfixture" --apply --cases 20 --seed 1 \
  --env TFCFIXTURE_STATE_DIR="$work/tfcfixture"

# A real provider. terraform-provider-time v0.14.2 has a genuine contract break (computed values
# kept known in a plan whose inputs are unknown change in the final plan), so exit 1 is expected.
run time "0 1" --provider "$providers/terraform-provider-time" --apply --cases 20 --seed 1 \
  --hints tests/conformance/hints/time.json

# A planted fault: apply changes a known planned value; found, shrunk, replayable.
run tfcfault-apply_changes_known 1 --provider "$providers/terraform-provider-tfcfault" --apply --cases 20 --seed 1 \
  --env TFCFAULT_STATE_DIR="$work/tfcfault" --env TFCFAULT_MODE=apply_changes_known --resources tfcfault_thing

echo
echo "== tfconform rules > $out/rules.txt"
"$tfc" rules > "$out/rules.txt"
echo "   $(wc -l < "$out/rules.txt") lines"
echo
echo "demo: open $out/tfcfault-apply_changes_known.html in a browser to see a finding"
