#!/usr/bin/env bash
# `go test -run '^TestConformance$/resource.TYPE$'` in a fixture module plays TYPE alone: the one
# subtest runs, and tfconformtest hands tfconform that one type (it logs "go test -run selects
# 1 of the provider's N types" when it passes --resources), so the run is as short as one type.
# Usage (in the module's folder, TFCONFORM_PATH set): check_go_run_selects.sh GO TYPE
set -u
go=${1:?usage: check_go_run_selects.sh GO TYPE}
type=${2:?usage: check_go_run_selects.sh GO TYPE}

out=$("$go" test -p 2 -count=1 -run "^TestConformance\$/resource\\.${type}\$" -v . 2>&1)
status=$?
echo "$out"
if [[ $status -ne 0 ]]; then
  echo "FAIL: go test exited $status"
  exit 1
fi
runs=$(grep -c '^=== RUN   TestConformance/' <<<"$out")
if [[ $runs -ne 1 ]] || ! grep -q "^=== RUN   TestConformance/resource\\.${type}\$" <<<"$out"; then
  echo "FAIL: expected exactly the subtest TestConformance/resource.${type}, got $runs subtests"
  exit 1
fi
if ! grep -Eq "go test -run selects 1 of the provider's [0-9]+ types" <<<"$out"; then
  echo "FAIL: tfconform was not given the one type (no \"selects 1 of the provider's N types\")"
  exit 1
fi
if ! grep -q "^    --- PASS: TestConformance/resource\\.${type} " <<<"$out"; then
  echo "FAIL: the subtest did not pass"
  exit 1
fi
echo "OK: go test -run played resource.${type} alone"
