// Starts the production build on fresh seeded state for a benchmark and stops it afterwards.
import { type ChildProcess, spawn } from 'node:child_process'

export async function startServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn('bash', ['scripts/serve-e2e.sh'], {
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const url = `http://localhost:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 500))
  }
  return {
    url,
    stop: async () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
      await new Promise((r) => setTimeout(r, 500))
    },
  }
}
