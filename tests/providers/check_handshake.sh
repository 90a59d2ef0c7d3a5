#!/usr/bin/env bash
# Starts one provider binary the way Terraform does (magic cookie, no client certificate, so
# plaintext gRPC), reads the go-plugin handshake line from its stdout and checks its format:
#   CORE-PROTOCOL-VERSION|APP-PROTOCOL-VERSION|NETWORK-TYPE|NETWORK-ADDR|PROTOCOL|
# Usage: check_handshake.sh BINARY EXPECTED_APP_PROTOCOL
# Exit 0 when the line matches and names EXPECTED_APP_PROTOCOL, 1 otherwise.
set -u

binary=${1:?usage: check_handshake.sh BINARY EXPECTED_APP_PROTOCOL}
expected=${2:?usage: check_handshake.sh BINARY EXPECTED_APP_PROTOCOL}
timeout_s=${TFC_HANDSHAKE_TIMEOUT:-20}

if [[ ! -x $binary ]]; then
  echo "FAIL: $binary is missing or not executable (run \`make providers\`)"
  exit 1
fi
# The provider runs in a scratch directory, so name it absolutely.
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The provider's working directory is scratch space: fixture providers keep objects there.
(cd "$work" && exec env -u PLUGIN_CLIENT_CERT \
  TF_PLUGIN_MAGIC_COOKIE=d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2 \
  PLUGIN_PROTOCOL_VERSIONS=5,6 "$binary" >"$work/stdout" 2>"$work/stderr" </dev/null) &
pid=$!

line=
for ((i = 0; i < timeout_s * 10; i++)); do
  if [[ -s $work/stdout ]] && IFS= read -r line <"$work/stdout" && [[ -n $line ]]; then
    break
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null

# go-plugin removes its socket on a clean stop only; remove it ourselves if it is still there.
addr=$(cut -d'|' -f4 <<<"$line")
[[ -S $addr ]] && rm -f "$addr"

if [[ -z $line ]]; then
  echo "FAIL: $binary printed no handshake line within ${timeout_s}s; stderr:"
  head -c 2000 "$work/stderr"
  exit 1
fi
pattern='^1\|([0-9]+)\|(unix|tcp)\|[^|]+\|grpc\|$'
if [[ ! $line =~ $pattern ]]; then
  echo "FAIL: handshake line '$line' does not match '$pattern'"
  exit 1
fi
if [[ ${BASH_REMATCH[1]} != "$expected" ]]; then
  echo "FAIL: handshake line '$line' serves protocol ${BASH_REMATCH[1]}, expected $expected"
  exit 1
fi
echo "ok: $(basename "$binary") handshake '$line'"
