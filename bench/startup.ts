// The Worker's cold start (issue 53): the CPU an isolate spends evaluating the
// bundle before its first request, from `wrangler check startup` (a local CPU
// profile of the start-up phase, offline), and the size of what it evaluates then
// (the main module and its static imports, gzip). `BENCH_STARTUP_BASELINE=<git ref>`
// builds that commit in a temporary worktree and measures it in the same run,
// alternating with this tree's build, so both figures meet the same machine load.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { workerBytesIn } from './bytes'

/**
 * Budgets (ADR 195): the best run's start-up CPU in this machine's local profile (the
 * least disturbed by other work: on this shared 2-core machine one build's runs spread
 * from 150 to 550 ms within a minute), and the start-up modules, gzip. Both about
 * 15% above the figures of 2026-11-29 (150 ms, 395 KB).
 */
export const STARTUP_BUDGET = { bestCpuMs: 175, startupGzip: 450_000 } as const

export type StartupFigures = {
  /** Median of the runs' active CPU time (garbage collection included), ms. */
  cpuMs: number
  /** The best (lowest) run's: the figure least disturbed by the machine's other work. */
  bestCpuMs: number
  runsMs: number[]
  /** The main module and what it imports statically, gzip -9 of each (bench/bytes.ts). */
  startupGzip: number
  uploadGzip: number
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : Math.round(((s[mid - 1]! + s[mid]!) / 2) * 10) / 10
}

/** One `wrangler check startup` of the build in `dir`: the profile's active CPU time, ms. */
function startupCpuMs(dir: string): number {
  const profile = join(dir, '.wrangler', 'startup.cpuprofile')
  const out = execFileSync('npx', ['wrangler', 'check', 'startup', '--outfile', profile], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0' },
  })
  const active = /Active: ([\d.]+) ms/.exec(out)
  if (!active) throw new Error(`wrangler check startup printed no active time:\n${out}`)
  return Number(active[1])
}

/** The bundle a deploy would upload from the build in `dir`, measured as bench/bytes.ts does. */
function bundleBytes(dir: string) {
  const outdir = join(dir, '.wrangler', 'bench-startup-bundle')
  rmSync(outdir, { recursive: true, force: true })
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })
  return workerBytesIn(outdir)
}

/** A temporary worktree of `ref`, built with this tree's installed packages (hard links). */
function buildBaseline(ref: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'))
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { stdio: 'ignore' })
  const remove = () => execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' })
  try {
    execFileSync('cp', ['-al', resolve('node_modules'), join(dir, 'node_modules')])
    execFileSync('npx', ['react-router', 'build'], { cwd: dir, stdio: 'ignore' })
  } catch (err) {
    remove()
    throw err
  }
  return { dir, remove }
}

/**
 * Start-up figures of this tree's build (which must exist: run.ts builds first) and,
 * with `baselineRef`, of that commit's, from `runs` alternating profiles each.
 */
export function measureStartup(
  runs: number,
  baselineRef?: string,
): { current: StartupFigures; baseline?: StartupFigures & { ref: string } } {
  if (!existsSync('dist/server/index.js')) throw new Error('No build: run react-router build first')
  const baseline = baselineRef ? buildBaseline(baselineRef) : undefined
  try {
    const currentRuns: number[] = []
    const baselineRuns: number[] = []
    // One warm-up each (wrangler's own start, the file cache), not counted.
    startupCpuMs('.')
    if (baseline) startupCpuMs(baseline.dir)
    for (let i = 0; i < runs; i++) {
      currentRuns.push(startupCpuMs('.'))
      if (baseline) baselineRuns.push(startupCpuMs(baseline.dir))
    }
    const current = {
      cpuMs: median(currentRuns),
      bestCpuMs: Math.min(...currentRuns),
      runsMs: currentRuns,
      ...bundleBytes('.'),
    }
    if (!baseline || !baselineRef) return { current }
    return {
      current,
      baseline: {
        ref: baselineRef,
        cpuMs: median(baselineRuns),
        bestCpuMs: Math.min(...baselineRuns),
        runsMs: baselineRuns,
        ...bundleBytes(baseline.dir),
      },
    }
  } finally {
    baseline?.remove()
  }
}
