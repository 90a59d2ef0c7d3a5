#!/usr/bin/env bash
# The Debian package as `make package` builds it (cpack -G DEB), inspected with dpkg-deb: its
# fields (name, version, this machine's architecture, a Depends line computed by dpkg-shlibdeps
# naming the C library and gRPC), its files (the binary, the man page, the README), and the
# packaged binary stripped and running.
#
#   package_test.sh BUILD_DIR VERSION
set -euo pipefail
build=$1; version=$2
source "$(dirname "$0")/scratch_work.sh"

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log" >&2; fail "cpack failed"; }
arch=$(dpkg --print-architecture)
deb=$work/tfconform_${version}_${arch}.deb
[[ -f $deb ]] || fail "cpack wrote no $(basename "$deb"): $(ls "$work")"

field() { dpkg-deb -f "$deb" "$1"; }
[[ $(field Package) == tfconform ]] || fail "Package is '$(field Package)'"
[[ $(field Version) == "$version" ]] || fail "Version is '$(field Version)', the project's is $version"
[[ $(field Architecture) == "$arch" ]] || fail "Architecture is '$(field Architecture)', dpkg says $arch"
[[ -n $(field Maintainer) ]] || fail "no Maintainer"
depends=$(field Depends)
[[ $depends == *"libc6 ("* && $depends == *libgrpc++* && $depends == *libssl* ]] ||
  fail "Depends is not the computed list (libc6, libgrpc++, libssl...): '$depends'"

dpkg-deb -c "$deb" | awk '{print $NF}' >"$work/files"
for path in ./usr/bin/tfconform ./usr/share/man/man1/tfconform.1.gz ./usr/share/doc/tfconform/README.md; do
  grep -qx -- "$path" "$work/files" || fail "the package does not hold $path"
done

dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work" ./usr/bin/tfconform
if readelf -S "$work/usr/bin/tfconform" | grep -q '\.debug_info'; then
  fail "the packaged binary is not stripped (it has .debug_info)"
fi
got=$("$work/usr/bin/tfconform" --version)
[[ $got == "tfconform $version" ]] || fail "the packaged tfconform --version says '$got'"
echo "package $(basename "$deb"): $(stat -c %s "$deb") bytes, Depends: $depends"
