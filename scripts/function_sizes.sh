#!/usr/bin/env bash
# Keeps the libraries' files and functions small (issue #26): lists every source file of
# proto/ runner/ oracle/ generators/ reports/ conformance/ over FILE_LIMIT lines and every
# function over FUNCTION_LIMIT lines, and fails on any that scripts/size_exceptions.txt does not
# list, so a file or function that grows past the limit fails here instead of going unnoticed.
# An entry of the list that is no longer over its limit fails too: the list stays the truth.
#
#   scripts/function_sizes.sh [DIR]   a file-by-file build tree (scripts/by_file_tree.sh makes it;
#                                     default build-by-file)
#
# Function lengths come from clang-tidy 14's readability-function-size (LineThreshold: lines of
# the body including blank lines and comments; a lambda's lines count towards the function that
# holds it), run on every library .cpp with the tree's compile commands (its output stays in
# DIR/function_sizes.log); functions in the libraries' headers are counted where a library
# source includes them. Files are the ones git tracks; generated *.pb.* files live in the build
# tree and are not counted. An entry names a function by its name alone (clang-tidy's), so it
# covers every overload of that name in the file. It parses every library source once, about three
# minutes on two cores (5.5 minutes of CPU), which is why it is `make sizes` and not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${1:-build-by-file}
FILE_LIMIT=${FILE_LIMIT:-500}
FUNCTION_LIMIT=${FUNCTION_LIMIT:-80}
EXCEPTIONS=${EXCEPTIONS:-scripts/size_exceptions.txt}
RUN_TIDY=${RUN_TIDY:-run-clang-tidy-14}
FOLDERS="proto|runner|oracle|generators|reports|conformance"

if ! command -v "$RUN_TIDY" >/dev/null 2>&1; then
  echo "function_sizes.sh: installing clang-tidy-14"
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends clang-tidy-14
fi
scripts/by_file_tree.sh "$BUILD_DIR"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Measured: "file<TAB>function (or -)<TAB>lines<TAB>where" per offender.
git ls-files -- proto runner oracle generators reports conformance |
  grep -E '\.(cpp|hpp|inc|h)$' | grep -v '\.pb\.' |
  while read -r f; do
    n=$(wc -l <"$f")
    if [ "$n" -gt "$FILE_LIMIT" ]; then printf '%s\t-\t%s\t%s\n' "$f" "$n" "$f"; fi
  done >"$work/measured"

log="$BUILD_DIR/function_sizes.log"
started=$(date +%s)
# StatementThreshold defaults to 800: lifted so that only the line count decides.
config="{CheckOptions: [{key: readability-function-size.LineThreshold, value: $FUNCTION_LIMIT},
  {key: readability-function-size.StatementThreshold, value: 1000000}]}"
if ! "$RUN_TIDY" -p "$BUILD_DIR" -quiet -j "$(nproc)" -checks='-*,readability-function-size' \
  -config="$config" -header-filter="^$PWD/($FOLDERS)/" \
  "^$PWD/($FOLDERS)/.*\.cpp$" >"$log" 2>&1; then
  grep -E "error:" "$log" | sort -u >&2 || true
  echo "function_sizes.sh: clang-tidy could not parse every source " >&2
  exit 2
fi
elapsed=$(($(date +%s) - started))
# A warning names the function, the note after it gives its length; headers are seen once per
# source that includes them, hence sort -u.
sed 's/\x1b\[[0-9;]*m//g' "$log" | awk -v root="$PWD/" '
  /warning: function .* exceeds recommended size/ {
    split($0, at, ":"); file = at[1]; line = at[2]
    sub("^" root, "", file)
    name = $0; sub(/^[^'\'']*'\''/, "", name); sub(/'\''.*$/, "", name)
    next
  }
  / note: [0-9]+ lines including whitespace and comments/ && name != "" {
    n = $0; sub(/^.* note: /, "", n); sub(/ .*$/, "", n)
    printf "%s\t%s\t%s\t%s:%s\n", file, name, n, file, line
    name = ""
  }' | sort -u >>"$work/measured"

# Listed: "file<TAB>function" per entry of the exceptions file (columns: file, function or -,
# reason; # starts a comment).
{ grep -vE '^[[:space:]]*(#|$)' "$EXCEPTIONS" || true; } | awk '{ printf "%s\t%s\n", $1, $2 }' | sort -u >"$work/listed"

status=0
echo "Over $FILE_LIMIT lines (files) or $FUNCTION_LIMIT lines (functions):"
while IFS=$'\t' read -r file name n where; do
  what=$([ "$name" = - ] && echo "file" || echo "function $name")
  if grep -qxF "$file"$'\t'"$name" "$work/listed"; then
    printf '  listed  %5s  %s (%s)\n' "$n" "$where" "$what"
  else
    printf '  NEW     %5s  %s (%s)\n' "$n" "$where" "$what"
    status=1
  fi
done < <(sort -t$'\t' -k1,1 -k3,3n "$work/measured")
cut -f1,2 "$work/measured" | sort -u >"$work/over"
while IFS=$'\t' read -r file name; do
  echo "  stale: $EXCEPTIONS lists $file $name, which is within its limit now: remove the entry"
  status=1
done < <(comm -23 "$work/listed" "$work/over")

files=$(awk -F'\t' '$2 == "-"' "$work/measured" | wc -l)
functions=$(awk -F'\t' '$2 != "-"' "$work/measured" | cut -f1,2,4 | sort -u | wc -l)
echo "function_sizes.sh: $files files over $FILE_LIMIT lines, $functions functions over $FUNCTION_LIMIT (clang-tidy ${elapsed} s)"
if [ "$status" != 0 ]; then
  echo "function_sizes.sh: split what is NEW by concept, or list it with its reason in $EXCEPTIONS" >&2
fi
exit "$status"
