#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, ASan + UBSan) in build-fuzz/
# (scripts/sanitized_build.sh, shared with the sanitized test suite) and runs each
# for FUZZ_SECONDS on a temporary copy of its seed corpus (the source tree is never written).
# Prints one line per target and exits non-zero when a target crashed, leaked, hit UB, timed
# out or ran out of memory; the input that did it is kept under build-fuzz/crashes/<target>/.
#
#   FUZZ_SECONDS  seconds per target (default 30)
#   FUZZ_BUILD    build directory (default build-fuzz)
#   FUZZ_JOBS     parallel compile jobs (default nproc)
#   FUZZ_TARGETS  space-separated subset of targets (default: all four)
#   FUZZ_ARGS     extra libFuzzer arguments (e.g. -max_len=65536)
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET=${FUZZ_SECONDS:-30}
BUILD_DIR=${FUZZ_BUILD:-build-fuzz}
TARGETS=${FUZZ_TARGETS:-fuzz_msgpack_decode fuzz_json_decode fuzz_handshake fuzz_schema fuzz_hcl}

scripts/sanitized_build.sh $TARGETS

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
crashed=0
passed=0
failed=0
for target in $TARGETS; do
  name=${target#fuzz_}
  seeds="tests/fuzz/corpus/$target"
  mkdir -p "$work/$name" "$BUILD_DIR/crashes/$target"
  [ -d "$seeds" ] && cp -R "$seeds/." "$work/$name/"
  log="$BUILD_DIR/crashes/$target/last-run.log"
  dict=()
  [ -f "tests/fuzz/$target.dict" ] && dict=(-dict="tests/fuzz/$target.dict")
  start=$(date +%s.%N)
  set +e
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
    "$BUILD_DIR/tests/fuzz/$target" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$BUILD_DIR/crashes/$target/" "${dict[@]}" ${FUZZ_ARGS:-} "$work/$name" >"$log" 2>&1
  rc=$?
  set -e
  elapsed=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - s }')
  runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -1)
  [ -n "$runs" ] || runs=$(sed -n 's/^#\([0-9]*\)[[:space:]]*DONE.*/\1/p' "$log" | tail -1)
  [ -n "$runs" ] || runs=0
  artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
  if [ "$rc" -eq 0 ] && [ -z "$artifact" ]; then
    echo "$target: $runs executions in $elapsed s, 0 crashes"
    passed=$((passed + 1))
  else
    crashed=1
    failed=$((failed + 1))
    echo "$target: $runs executions in $elapsed s, 1 crash (exit $rc): ${artifact:-no input written}"
    echo "--- $log (tail) ---"
    grep -E "ERROR|SUMMARY|runtime error|==[0-9]+==|^ *#[0-9]+ " "$log" | head -40 || true
    echo "reproduce: $BUILD_DIR/tests/fuzz/$target ${artifact:-}"
  fi
done
echo "fuzz: $passed passed, $failed failed"
exit $crashed
