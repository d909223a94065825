#!/usr/bin/env bash
# `npm test`: the static checks (typecheck, lint), the unit/Worker tests (Vitest)
# and the end-to-end tests (the build, then Playwright on it) at the same time.
# The run is bound by CPU on two cores. Vitest runs one file at a time and can
# use only one core; Playwright's three workers, servers and browsers can use both
# (ADR 180: two left a core a third idle once Vitest was done).
# So Vitest runs at normal priority and the e2e job at nice 5: Vitest gets about
# a core while it runs, and the two end within seconds of each other instead of
# one running on alone with a core idle beside it (ADR 179; before it, Vitest at
# nice 8 ended 60-120 s after Playwright; ADRs 066, 104, 105, 171, 172 and 174;
# docs/test-times.md). The checks run in the idle scheduling class
# (`chrt --idle`; nice 19 where that is refused): they take only what the other
# two leave. Vitest runs one file at a time here (its config says two): a second
# workerd with its own module graph cost about 19 CPU-seconds.
# The deploy dry run is not among the checks: the e2e servers serve the bundle
# it makes (scripts/serve-e2e.sh), so a bundle that cannot be made fails the e2e run.
# Each line is prefixed with its suite, and each job says when it ended (seconds
# since the start: which job is the tail, docs/test-times.md); the step fails if
# any of them fails.
set -uo pipefail
started=$SECONDS
idle=(nice -n 19)
if chrt --idle 0 true 2>/dev/null; then idle=(chrt --idle 0); fi
"${idle[@]}" bash -c 'npm run --silent typecheck && npm run --silent lint' 2>&1 | sed -u 's/^/[checks] /' &
checks=$!
npx vitest run --maxWorkers=1 2>&1 | sed -u 's/^/[unit] /' &
unit=$!
# Only the end-to-end tests need the build; the other two start beside it.
nice -n 5 bash -c 'npm run --silent build && npx playwright test' 2>&1 | sed -u 's/^/[e2e] /' &
e2e=$!
# Each job's exit status, and when it ended.
declare -A job=(["$checks"]=checks ["$unit"]=unit ["$e2e"]=e2e) status ended
while [ ${#job[@]} -gt 0 ]; do
  wait -n -p done "${!job[@]}"
  code=$?
  status[${job[$done]}]=$code
  ended[${job[$done]}]=$((SECONDS - started))
  unset "job[$done]"
done
checks_status=${status[checks]} unit_status=${status[unit]} e2e_status=${status[e2e]}
echo "checks: exit $checks_status at ${ended[checks]} s; unit tests: exit $unit_status at ${ended[unit]} s; e2e tests: exit $e2e_status at ${ended[e2e]} s"
[ "$checks_status" -eq 0 ] && [ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
