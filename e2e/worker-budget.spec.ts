import { WORKER_BUDGET, workerBytesIn } from '../bench/bytes'
import { expect, test } from './fixtures'

// ADR 103's budgets for the Worker as a deploy uploads it, measured as `npm run
// bench` measures them, on the bundle the e2e servers run: scripts/serve-e2e.sh
// makes it with `wrangler deploy --dry-run` before any server starts. The upload
// had drifted past 2 MB unnoticed while only the bench looked (ADR 175); a change
// that crosses either line now fails here.
test('the Worker uploads at most 2 MB of gzip, of which at most 1 MB starts with it', () => {
  const bytes = workerBytesIn('.wrangler/e2e-bundle')
  expect(bytes.startupGzip).toBeGreaterThan(0)
  expect(bytes.startupGzip).toBeLessThanOrEqual(WORKER_BUDGET.startupGzip)
  expect(bytes.uploadGzip).toBeGreaterThan(bytes.startupGzip)
  expect(bytes.uploadGzip).toBeLessThanOrEqual(WORKER_BUDGET.uploadGzip)
})
