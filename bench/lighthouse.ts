// Lighthouse 13, mobile preset, against the local production build: median of N runs per route.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export type LighthouseFigures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

export async function runLighthouse(
  url: string,
  chromePath: string,
  flags: string[],
  runs: number,
  // For a signed-in page (the portal): the session cookie goes with every request of the run.
  extraHeaders?: Record<string, string>,
) {
  const all: LighthouseFigures[] = []
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...flags] })
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ...(extraHeaders ? { extraHeaders } : {}),
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error(`no Lighthouse result for ${url}`)
      all.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      })
      // Failing audits help explain a low score in the printed summary.
      if (i === 0) {
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id)
        if (failing.length) console.log(`  ${url}: failing audits: ${failing.join(', ')}`)
      }
    } finally {
      await chrome.kill()
    }
  }
  const pick = (k: keyof LighthouseFigures) => median(all.map((f) => f[k]))
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: Math.round(pick('lcpMs')),
    tbtMs: Math.round(pick('tbtMs')),
    cls: Number(pick('cls').toFixed(3)),
  } satisfies LighthouseFigures
}
