import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'

// The page modules' loaders and actions call the services (worker/page-context.ts,
// ADR 211); React Router's Vite plugin drops them, and the imports only they use,
// from the browser's copy of each page. If it ever did not, the Worker's code would
// ship to every visitor. Checked on the build the e2e servers run: each marker is
// in the server's output (so it still names something real) and in no file of the
// client's.
const WORKER_MARKERS = [
  // drizzle-orm's runtime
  'drizzle:Name',
  // a table of the schema, as the Worker's queries name it
  'portal_sessions',
  // the PDF toolkit (worker/pdf/toolkit.ts)
  'is not in the static assets',
  // the request's address, read by the Worker's middleware and services
  'cf-connecting-ip',
]

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))

test('the browser’s JavaScript holds no Worker code: services, drizzle and PDFs stay on the server', () => {
  const server = filesUnder('dist/server').map((f) => readFileSync(f, 'utf8'))
  const client = filesUnder('dist/client').map((f) => [f, readFileSync(f, 'utf8')] as const)
  expect(client.length).toBeGreaterThan(0)
  for (const marker of WORKER_MARKERS) {
    expect(
      server.some((code) => code.includes(marker)),
      `${marker} in dist/server`,
    ).toBe(true)
    expect(client.filter(([, code]) => code.includes(marker)).map(([file]) => file)).toEqual([])
  }
})
