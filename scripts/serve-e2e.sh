#!/usr/bin/env bash
# Serves the production build for the end-to-end tests on fresh, seeded local
# state (never the developer's .wrangler/state), with rate limits and the hourly
# cap on the owner's notifications lifted (how many requests reach one server
# depends on how the spec files fall to the workers; the cap has its Worker tests).
set -euo pipefail
dir=".wrangler/e2e-state-${E2E_PORT:-8799}"
port="${E2E_PORT:-8799}"
# The migrated, seeded state is made once per run and copied for each server:
# Playwright starts its servers one after another, and the migrations and seed
# were most of each one's start. E2E_RUN_ID names the run (playwright.config.ts);
# without it (the bench) the state is made afresh. The lock keeps a second server
# from copying a state still being made.
run_id="${E2E_RUN_ID:-$$}"
template=".wrangler/e2e-state-template"
bundle=".wrangler/e2e-bundle"
mkdir -p .wrangler
exec 9>".wrangler/e2e-state-template.lock"
flock 9
if [ "$(cat "$template/run-id" 2>/dev/null)" != "$run_id" ]; then
  rm -rf "$template"
  # Migrations, seed and owner in one workerd (scripts/local-migrations.ts).
  PERSIST_TO="$template" npx tsx scripts/setup-local.ts
  # The Worker as a deploy would upload it, bundled once for every server (scripts/serve-e2e.mjs).
  rm -rf "$bundle"
  npx wrangler deploy --dry-run --outdir "$bundle" >/dev/null
  echo "$run_id" >"$template/run-id"
fi
rm -rf "$dir"
cp -a "$template" "$dir"
exec 9>&-
# The server's output is also kept beside its state (e2e/vault-plaintext.spec.ts reads it for secrets).
log="$dir.log"
: > "$log"
exec 1> >(tee -a "$log") 2> >(tee -a "$log" >&2)
# The e2e run frames a stand-in chatbot demo (scripts/serve-demo.mjs on DEMO_PORT); the bench frames none.
E2E_PORT="$port" E2E_STATE="$dir" E2E_BUNDLE="$bundle" exec node scripts/serve-e2e.mjs
