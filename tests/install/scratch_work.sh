# Sourced by the install tests: a scratch folder $work removed on exit, and the user's
# BUILD_DIR/install_manifest.txt (which `cmake --install` and cpack rewrite) put back as it was.
# Expects $build; defines fail.
work=$(mktemp -d)
manifest=$build/install_manifest.txt
[[ -f $manifest ]] && cp -p "$manifest" "$work/manifest"
restore() { if [[ -f $work/manifest ]]; then cp -p "$work/manifest" "$manifest"; else rm -f "$manifest"; fi; rm -rf "$work"; }
trap restore EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
