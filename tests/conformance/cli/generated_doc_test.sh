#!/usr/bin/env bash
# A generated document against the command that generates it: docs/rules.md against
# `tfconform rules --markdown` (the rule catalogue), docs/rpcs.md against `tfconform rpcs
# --markdown` (the RPC table). Fails when the two disagree, e.g. after a rule or an RPC row
# changed without regenerating the file.
#
#   generated_doc_test.sh TFCONFORM SOURCE_DIR COMMAND DOC
set -euo pipefail
tfc=$1; source_dir=$2; command=$3; doc=$4
if ! diff -u "$source_dir/$doc" <("$tfc" "$command" --markdown); then
  echo "$doc is not what \`tfconform $command --markdown\` prints (lines above: - file, + code)." >&2
  echo "Regenerate it with \`make docs\` (or: $tfc $command --markdown > $doc) and commit it." >&2
  exit 1
fi
echo "$doc matches \`tfconform $command --markdown\` ($(wc -l < "$source_dir/$doc") lines)"
