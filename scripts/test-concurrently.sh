#!/usr/bin/env bash
# `npm test` after the build: the static checks (typecheck, lint, the deploy
# dry run), the unit/Worker tests (Vitest) and the end-to-end tests (Playwright
# on the build just made) at the same time. Playwright sets the total, and it
# leaves a core idle part of the time (its servers booting, pages waiting on
# workerd), so the other two run beside it at the lowest priority (nice 19):
# they fill those gaps rather than slow the browser down (ADRs 066, 104 and
# 105). At nice 5 they still took a third of the cores from Playwright, which
# then ran on alone with a core partly idle (docs/test-times.md, 2026-11-27).
# Each line is prefixed with its suite; the step fails if any of them fails.
set -uo pipefail
idle=(nice -n 19)
if chrt --idle 0 true 2>/dev/null; then idle=(chrt --idle 0); fi
"${idle[@]}" bash -c 'npm run --silent typecheck && npm run --silent lint' 2>&1 | sed -u 's/^/[checks] /' &
checks=$!
"${idle[@]}" npx vitest run --maxWorkers=1 2>&1 | sed -u 's/^/[unit] /' &
unit=$!
npx playwright test 2>&1 | sed -u 's/^/[e2e] /' &
e2e=$!
wait "$checks"; checks_status=$?
wait "$unit"; unit_status=$?
wait "$e2e"; e2e_status=$?
echo "checks: exit $checks_status; unit tests: exit $unit_status; e2e tests: exit $e2e_status"
[ "$checks_status" -eq 0 ] && [ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
