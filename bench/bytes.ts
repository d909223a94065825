// Measures what each public (or portal) route really downloads (JS and CSS, gzip) in Chromium,
// checks that no admin/GraphQL code is among it, and sizes the Worker bundle.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

export const PUBLIC_PATHS = [
  '/',
  '/about',
  '/contact',
  '/portfolio-solutions',
  '/it-support',
  '/schedule-consultation',
]

// Markers that only exist in admin or GraphQL code.
const ADMIN_MARKERS = ['x-graphql-yoga-csrf', 'urql', 'graphql', 'AdminTabs']

export type RouteBytes = {
  path: string
  jsGzip: number
  cssGzip: number
  scripts: string[]
  adminCode: string[]
}

export async function measureRoutes(
  baseUrl: string,
  chromiumPath: string,
  flags: string[],
  paths: readonly string[] = PUBLIC_PATHS,
  // For signed-in pages (the portal): the session cookie.
  extraHTTPHeaders?: Record<string, string>,
): Promise<RouteBytes[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: flags })
  const results: RouteBytes[] = []
  try {
    for (const path of paths) {
      const page = await browser.newPage(extraHTTPHeaders ? { extraHTTPHeaders } : {})
      const bodies: { url: string; type: 'js' | 'css'; body: Buffer }[] = []
      page.on('response', async (res) => {
        const type = res.request().resourceType()
        if (type !== 'script' && type !== 'stylesheet') return
        try {
          bodies.push({ url: res.url(), type: type === 'script' ? 'js' : 'css', body: await res.body() })
        } catch {
          // a response without a body (redirect) is not a download
        }
      })
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
      await page.close()
      const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length
      results.push({
        path,
        jsGzip: bodies.filter((b) => b.type === 'js').reduce((n, b) => n + gz(b.body), 0),
        cssGzip: bodies.filter((b) => b.type === 'css').reduce((n, b) => n + gz(b.body), 0),
        scripts: bodies.filter((b) => b.type === 'js').map((b) => new URL(b.url).pathname),
        adminCode: bodies
          .filter((b) => b.type === 'js')
          .flatMap((b) =>
            ADMIN_MARKERS.filter((m) => b.body.toString('utf8').includes(m)).map(
              (m) => `${new URL(b.url).pathname}: ${m}`,
            ),
          ),
      })
    }
  } finally {
    await browser.close()
  }
  return results
}

/** ADR 103's budgets for the Worker (1 KB = 1,000 bytes, gzip -9 of each module). */
export const WORKER_BUDGET = { uploadGzip: 2_000_000, startupGzip: 1_000_000 } as const

export type WorkerBytes = {
  /** Every module uploaded (gzip -9 of each, summed): what Cloudflare's size limit counts. */
  uploadGzip: number
  /**
   * The main module and what it imports statically: what an isolate evaluates before its first
   * request. Modules reached only through import() (the page renderer, Stripe, pdf-lib, zxcvbn)
   * load on first use (ADR 103).
   */
  startupGzip: number
}

/** Bundles the Worker as a deploy would and measures it (ADR 103). */
export function workerBundleGzip(): WorkerBytes {
  const outdir = '.wrangler/bench-bundle'
  // Wrangler adds to the directory; files of an earlier build would be counted too.
  rmSync(outdir, { recursive: true, force: true })
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], { stdio: 'ignore' })
  return workerBytesIn(outdir)
}

/**
 * Measures a Worker bundle `wrangler deploy --dry-run` wrote to `outdir` (the bench's,
 * or the one the e2e servers run, scripts/serve-e2e.sh; e2e/worker-budget.spec.ts).
 */
export function workerBytesIn(outdir: string): WorkerBytes {
  const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length
  let uploadGzip = 0
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name)
      if (statSync(file).isDirectory()) walk(file)
      else if (/\.(m?js|wasm)$/.test(name)) uploadGzip += gz(file)
    }
  }
  walk(outdir)
  // Static imports and re-exports of relative modules; `import("./x.js")` is not matched. Minified
  // output writes `import{a as b}from"./x.js"`, with no space before `from`.
  const staticImport = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["'](\.[^"']+)["']/g
  const startup = new Set<string>()
  const visit = (file: string) => {
    if (startup.has(file)) return
    startup.add(file)
    for (const m of readFileSync(file, 'utf8').matchAll(staticImport)) visit(join(dirname(file), m[1]!))
  }
  visit(join(outdir, 'index.js'))
  const startupGzip = [...startup].reduce((sum, file) => sum + gz(file), 0)
  return { uploadGzip, startupGzip }
}
