#!/usr/bin/env bash
# docs/rules.md is generated from the rule catalogue (oracle/rules.cpp); this fails when the two
# disagree, e.g. after a rule was added or reworded without regenerating the file.
set -euo pipefail
tfc=$1; source_dir=$2
if ! diff -u "$source_dir/docs/rules.md" <("$tfc" rules --markdown); then
  echo "docs/rules.md is not what \`tfconform rules --markdown\` prints (lines above: - file, + code)." >&2
  echo "Regenerate it with \`make docs\` (or: $tfc rules --markdown > docs/rules.md) and commit it." >&2
  exit 1
fi
echo "docs/rules.md matches the catalogue ($("$tfc" rules --json | grep -c '"id"') rules)"
