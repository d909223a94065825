import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { writeFileSync } from 'node:fs'
const url = process.argv[2]
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
await chrome.kill()
const lhr = r!.lhr
writeFileSync('/tmp/lh/last.json', JSON.stringify(lhr))
const a = lhr.audits
console.log('perf', lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue, 'SI', a['speed-index'].numericValue, 'TBT', a['total-blocking-time'].numericValue)
for (const id of ['lcp-breakdown-insight', 'largest-contentful-paint-element', 'render-blocking-insight', 'render-blocking-resources', 'network-dependency-tree-insight']) {
  if (a[id]) console.log(id, JSON.stringify(a[id].details)?.slice(0, 1500))
}
for (const [k, v] of Object.entries(lhr.categories.performance.auditRefs)) { const au = a[v.id]; if (v.weight > 0) console.log(v.id, v.weight, au.score, au.numericValue) }
