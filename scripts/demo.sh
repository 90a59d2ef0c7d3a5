#!/usr/bin/env bash
# `make demo`: a real run against bundled providers, writing reports (filled in as areas land).
set -euo pipefail
build=${1:-build}
echo "tfconform demo: build in $build"
