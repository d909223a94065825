#!/usr/bin/env bash
# `npm test`'s last step: the unit/Worker tests (Vitest) and the end-to-end tests
# (Playwright on the build just made) at the same time. Neither keeps two cores
# busy on its own (both wait on workerd and the browser most of the time), so
# together they take little more than the longer one (ADR 066). Each line is
# prefixed with its suite; the step fails if either suite fails.
set -uo pipefail
npx vitest run 2>&1 | sed -u 's/^/[unit] /' &
unit=$!
npx playwright test 2>&1 | sed -u 's/^/[e2e] /' &
e2e=$!
wait "$unit"; unit_status=$?
wait "$e2e"; e2e_status=$?
echo "unit tests: exit $unit_status; e2e tests: exit $e2e_status"
[ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
