#!/usr/bin/env bash
# Runs the load test (__tests__/e2e/load.test.ts: 50 concurrent runs, every 4th creation and poll
# answered 429) N times in a row, apart from `npm test`, and prints each run's figures and how many passed.
#
#   npm run load-loop [-- N]     (N defaults to 20)
#
# Exits non-zero unless every run passed. The first run rebuilds dist/ when it is stale (Jest globalSetup).
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-20}"
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "load-loop: the number of runs must be a positive integer, got '$runs'" >&2
  exit 2
fi

passed=0
for ((i = 1; i <= runs; i++)); do
  if out=$(NODE_OPTIONS=--experimental-vm-modules npx jest __tests__/e2e/load.test.ts 2>&1); then
    passed=$((passed + 1))
    verdict=passed
  else
    verdict=FAILED
  fi
  echo "run $i/$runs $verdict: $(grep -o 'load: .*' <<<"$out" | head -n 1)"
  # A failed run shows why: the test's own assertion names each run that did not open its pull request.
  if [[ $verdict == FAILED ]]; then grep -E '●|Expected|Received|^\s+[-+] ' <<<"$out" | head -n 40; fi
done
echo "load-loop: $passed/$runs passed"
[[ $passed -eq $runs ]]
