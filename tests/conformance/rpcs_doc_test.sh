#!/usr/bin/env bash
# docs/rpcs.md is generated from the RPC table (proto/protocol/rpc_table.inc); this fails when the
# two disagree, e.g. after an RPC was added or its row changed without regenerating the file.
set -euo pipefail
tfc=$1; source_dir=$2
if ! diff -u "$source_dir/docs/rpcs.md" <("$tfc" rpcs --markdown); then
  echo "docs/rpcs.md is not what \`tfconform rpcs --markdown\` prints (lines above: - file, + code)." >&2
  echo "Regenerate it with \`make docs\` (or: $tfc rpcs --markdown > docs/rpcs.md) and commit it." >&2
  exit 1
fi
echo "docs/rpcs.md matches the RPC table ($("$tfc" rpcs | tail -n +2 | wc -l) RPCs)"
