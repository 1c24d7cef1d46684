#!/usr/bin/env bash
# Node 24 LTS from the npm registry, for a machine whose own Node is older (docs/decisions/436).
# Prints the folder that holds the `node` binary; put it first on PATH:
#
#   export PATH="$(bin/node24.sh):$PATH"
#
# The binary comes from the registry's `node-linux-<arch>` package (the same one the `node` package installs),
# unpacked once into ~/.cache/evc-node/<version>. npm itself stays the machine's: it runs on whichever node is
# first on PATH. Nothing is downloaded from anywhere but the npm registry the machine is set up for.
set -euo pipefail

VERSION="${EVC_NODE_VERSION:-24.22.3}"

if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 24 ]; then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "No Node 24 package on the npm registry for $(uname -m)." >&2; exit 1 ;;
esac
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
dest="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/evc-node/${VERSION}-${os}-${arch}"

if [ ! -x "$dest/bin/node" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  echo "Fetching node-${os}-${arch}@${VERSION} from the npm registry…" >&2
  (cd "$work" && npm pack "node-${os}-${arch}@${VERSION}" --silent >/dev/null)
  mkdir -p "$dest"
  tar xzf "$work"/node-"${os}"-"${arch}"-"${VERSION}".tgz -C "$dest" --strip-components=1
  "$dest/bin/node" --version >/dev/null
fi
echo "$dest/bin"
