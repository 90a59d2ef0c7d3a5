#!/usr/bin/env bash
# Checks the C++ sources against .clang-format with clang-format 14 (Debian's clang-format-14,
# installed when missing, as scripts/sanitized_build.sh installs clang).
#
#   scripts/check_format.sh [BASE]   the lines changed since the merge base of BASE and HEAD,
#                                    working-tree changes included (BASE default: main)
#   scripts/check_format.sh --all    every C++ file of the tree, whole
#   add --fix                        rewrite in place instead of reporting
#
# Prints the difference clang-format wants, then a one-line verdict. Exit status: 0 formatted
# (or fixed), 1 something is not, 2 usage or set-up error.
set -euo pipefail
cd "$(dirname "$0")/.."

CLANG_FORMAT=${CLANG_FORMAT:-clang-format-14}
CLANG_FORMAT_DIFF=${CLANG_FORMAT_DIFF:-clang-format-diff-14}
mode=changed base=main fix=0
for arg in "$@"; do
  case "$arg" in
    --all) mode=all ;;
    --fix) fix=1 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    -*) echo "check_format.sh: unknown option $arg (see --help)" >&2; exit 2 ;;
    *) base=$arg ;;
  esac
done

if ! command -v "$CLANG_FORMAT" >/dev/null 2>&1 || ! command -v "$CLANG_FORMAT_DIFF" >/dev/null 2>&1; then
  echo "check_format.sh: installing clang-format-14"
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends clang-format-14
fi

# The project's C++; the Go fixture providers and generated code are formatted by their tools.
patterns=('*.cpp' '*.hpp' '*.inc')

if [ "$mode" = changed ]; then
  if ! merge_base=$(git merge-base "$base" HEAD 2>/dev/null); then
    echo "check_format.sh: no merge base with '$base' (give another base, or --all)" >&2
    exit 2
  fi
  # Only the changed lines (and the statements they belong to), so a change is judged on what
  # it touched, whatever the state of the lines around it.
  diff_args=(-p1 -binary "$CLANG_FORMAT" -style file)
  [ "$fix" = 1 ] && diff_args+=(-i)
  out=$(git diff -U0 --no-color "$merge_base" -- "${patterns[@]}" | "$CLANG_FORMAT_DIFF" "${diff_args[@]}")
  if [ "$fix" = 1 ]; then
    echo "check_format.sh: formatted the lines changed since $base"
  elif [ -n "$out" ]; then
    printf '%s\n' "$out"
    echo "check_format.sh: lines changed since $base are not formatted (scripts/check_format.sh --fix $base)" >&2
    exit 1
  else
    echo "check_format.sh: the lines changed since $base are formatted"
  fi
  exit 0
fi

mapfile -t files < <(git ls-files -- "${patterns[@]}")
unformatted=0
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  if [ "$fix" = 1 ]; then
    "$CLANG_FORMAT" --style=file -i "$f"
  elif ! "$CLANG_FORMAT" --style=file "$f" | diff -u --label "$f" --label "$f (clang-format)" "$f" -; then
    unformatted=$((unformatted + 1))
  fi
done
if [ "$fix" = 1 ]; then
  echo "check_format.sh: formatted ${#files[@]} files"
elif [ "$unformatted" -gt 0 ]; then
  echo "check_format.sh: $unformatted of ${#files[@]} files are not formatted (scripts/check_format.sh --fix --all)" >&2
  exit 1
else
  echo "check_format.sh: ${#files[@]} files formatted"
fi
