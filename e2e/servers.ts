// The e2e run's servers: one per Playwright worker, each on its own port and
// its own local state (scripts/serve-e2e.sh), so spec files running at once
// never see each other's requests, mail, counts or rate limits. Three by
// default on two cores: one worker waits on its browser and its server most of
// the time, so two left a core a third idle once Vitest was done (ADR 180).
// E2E_PORT is the first port; the others follow two apart (the port after the
// first belongs to the chatbot demo stand-in). E2E_SERVERS=1 gives the old
// single-server run.
export const firstPort = Number(process.env.E2E_PORT ?? 8799)
export const serverCount = Math.max(1, Number(process.env.E2E_SERVERS ?? 3))
export const serverPorts = Array.from({ length: serverCount }, (_, i) => firstPort + 2 * i)
/** The chatbot demo's stand-in (scripts/serve-demo.mjs), framed by /it-support on every server. */
export const demoPort = firstPort + 1

/** The server of the worker with this parallel index (each index runs one test at a time). */
export const serverURL = (parallelIndex: number) =>
  `http://localhost:${serverPorts[parallelIndex % serverPorts.length]}`

/** The local state of the server at this base URL (scripts/serve-e2e.sh): D1, KV, R2, and under tmp/ the mail it sent. */
export const stateDir = (baseURL: string | undefined) => `.wrangler/e2e-state-${new URL(baseURL!).port}`
