#!/usr/bin/env bash
# `cmake --install` into a scratch prefix, then the installed tree as a user meets it: the binary
# runs from PATH outside the build tree, the man page renders without a groff warning and has a
# section with every option of every subcommand `tfconform --help` lists, and the README's links
# into docs/ resolve where it is installed.
#
#   install_tree_test.sh BUILD_DIR VERSION
set -euo pipefail
build=$1; version=$2
source "$(dirname "$0")/scratch_work.sh"

cmake --install "$build" --prefix "$work/prefix" >/dev/null
prefix=$work/prefix

# The binary, from PATH, in a folder that is not the build tree.
found=$(cd / && PATH=$prefix/bin:/usr/bin:/bin command -v tfconform)
[[ $found == "$prefix/bin/tfconform" ]] || fail "tfconform on PATH is '$found', not the installed one"
got=$(cd / && PATH=$prefix/bin:/usr/bin:/bin tfconform --version)
[[ $got == "tfconform $version" ]] || fail "installed tfconform --version says '$got', expected 'tfconform $version'"

# The man page: present, rendered without warnings, in step with the command's help.
page=$prefix/share/man/man1/tfconform.1.gz
[[ -f $page ]] || fail "no man page at share/man/man1/tfconform.1.gz"
zcat "$page" >"$work/tfconform.1"
warnings=$(groff -man -ww -z "$work/tfconform.1" 2>&1 || true)
[[ -z $warnings ]] || fail "groff warns about the man page: $warnings"
for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" "SEE ALSO"; do
  grep -qx "\.SH $section" "$work/tfconform.1" || fail "the man page has no $section section"
done
tfc=$prefix/bin/tfconform
subcommands=$("$tfc" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && /^  [a-z]/ {print $1}')
[[ -n $subcommands ]] || fail "tfconform --help lists no subcommands"
checked=0
for sub in $subcommands; do
  upper=$(tr a-z A-Z <<<"$sub")
  grep -qx "\.SH TFCONFORM $upper" "$work/tfconform.1" || fail "the man page has no section for '$sub'"
  for option in $("$tfc" "$sub" --help | grep -oE '^  (-[a-z],)?--[a-z0-9-]+' | sed 's/.*,//'); do
    # roff writes each hyphen as \-
    grep -qF -- "\\fB${option//-/\\-}\\fR" "$work/tfconform.1" || fail "the man page lacks $sub's option $option"
    checked=$((checked + 1))
  done
done

# The documentation, laid out so the README's links into docs/ work.
doc=$prefix/share/doc/tfconform
[[ -f $doc/README.md ]] || fail "no README.md in share/doc/tfconform"
links=0
for target in $(grep -oE '\]\(docs/[^)#]+' "$doc/README.md" | sed 's/^](//' | sort -u); do
  [[ -f $doc/$target ]] || fail "the installed README links $target, which is not installed"
  links=$((links + 1))
done
echo "installed tree: tfconform $version on PATH, man page with $(wc -w <<<"$subcommands") subcommands and $checked options, no groff warning, $links README links to docs/ resolve"
