#!/usr/bin/env bash
# Serves the production build for the end-to-end tests on fresh, seeded local
# state (never the developer's .wrangler/state), with rate limits and the hourly
# cap on the owner's notifications lifted (how many requests reach one server
# depends on how the spec files fall to the workers; the cap has its Worker tests).
set -euo pipefail
dir=".wrangler/e2e-state-${E2E_PORT:-8799}"
port="${E2E_PORT:-8799}"
rm -rf "$dir"
npx wrangler d1 migrations apply DB --local --persist-to "$dir" >/dev/null
PERSIST_TO="$dir" npx tsx scripts/setup-local.ts
# The e2e run frames a stand-in chatbot demo (scripts/serve-demo.mjs on DEMO_PORT); the bench frames none.
demo=()
if [ -n "${DEMO_PORT:-}" ]; then demo=(--var "CHATBOT_DEMO_URL:http://localhost:$DEMO_PORT/"); fi
exec npx wrangler dev --port "$port" --persist-to "$dir" --var "RATE_LIMITS:off" --var "NOTIFY_HOURLY_CAP:100000" --var "ENVIRONMENT:local" --var "VISITOR_MAIL:on" --var "SITE_URL:http://localhost:$port" \
  --show-interactive-dev-session=false "${demo[@]}" ${E2E_WRANGLER_ARGS:-}
