#!/usr/bin/env bash
# `npm test`: the static checks (typecheck, lint), the unit/Worker tests (Vitest),
# the build, then the end-to-end tests (Playwright on the build).
# The run is bound by CPU on two cores. ADR 203 (issue 52): the end-to-end tests no
# longer run beside Vitest. When they did (ADRs 179, 180), a slow host (a third of
# its quiet speed) left browser flows waiting on a server that shared the cores
# with Vitest's workerd, and three flows hit their timeout in two runs in a row.
# Now Vitest and the build run first, side by side (the build at nice 5); the
# e2e tests start once both are done and have the cores to themselves. The checks
# run throughout in the idle scheduling class (`chrt --idle`; nice 19 where that
# is refused): they take only what the others leave. Vitest runs one file at a
# time here: a second workerd with its own module graph cost about 19 CPU-seconds.
# The deploy dry run is not among the checks: the e2e servers serve the bundle
# it makes (scripts/serve-e2e.sh), so a bundle that cannot be made fails the e2e run.
# Each line is prefixed with its suite, and each job says when it ended (seconds
# since the start; docs/test-times.md); the step fails if any of them fails. The
# e2e tests run even when Vitest failed, so one run shows every failure.
set -uo pipefail
started=$SECONDS
idle=(nice -n 19)
if chrt --idle 0 true 2>/dev/null; then idle=(chrt --idle 0); fi
"${idle[@]}" bash -c 'npm run --silent typecheck && npm run --silent lint' 2>&1 | sed -u 's/^/[checks] /' &
checks=$!
npx vitest run --maxWorkers=1 2>&1 | sed -u 's/^/[unit] /' &
unit=$!
nice -n 5 npm run --silent build 2>&1 | sed -u 's/^/[e2e] /' &
build=$!

wait "$build"
build_status=$?
wait "$unit"
unit_status=$?
unit_ended=$((SECONDS - started))
if [ "$build_status" -eq 0 ]; then
  npx playwright test 2>&1 | sed -u 's/^/[e2e] /'
  e2e_status=$?
else
  echo "[e2e] the build failed: no end-to-end tests run"
  e2e_status=$build_status
fi
e2e_ended=$((SECONDS - started))
wait "$checks"
checks_status=$?
checks_ended=$((SECONDS - started))
echo "checks: exit $checks_status at $checks_ended s; unit tests: exit $unit_status at $unit_ended s; e2e tests: exit $e2e_status at $e2e_ended s"
[ "$checks_status" -eq 0 ] && [ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
