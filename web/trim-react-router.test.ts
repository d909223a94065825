import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PATCHES, QUIET, REACT_DOM_CLIENT, trimModule, trimReactRouter } from './trim-react-router'

// The installed React Router's production modules, as the client build reads them.
const lib = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/lib',
)
const reactDom = dirname(createRequire(import.meta.url).resolve('react-dom/package.json'))
const read = (file: string) =>
  readFileSync(
    file === REACT_DOM_CLIENT ? join(reactDom, 'cjs/react-dom-client.production.js') : join(lib, file),
    'utf8',
  )
const files = [...new Set([...PATCHES.map((p) => p.file), ...Object.keys(QUIET)])]

describe('trim-react-router', () => {
  it.each(files)('applies every patch to the installed %s', (file) => {
    const trimmed = trimModule(file, read(file))
    for (const patch of PATCHES.filter((p) => p.file === file)) {
      if (!patch.to.includes(patch.from)) expect(trimmed).not.toContain(patch.from)
      expect(trimmed).toContain(patch.to)
    }
  })

  it('leaves no run-time check of custom route discovery or instrumentations in the client', () => {
    expect(trimModule('dom-export/hydrated-router.js', read('dom-export/hydrated-router.js'))).not.toMatch(
      /unstable_customRouteDiscovery \?|if \(discoveryRuntime\)/,
    )
    expect(trimModule('router/router.js', read('router/router.js'))).not.toMatch(
      /if \(init\.instrumentations\)/,
    )
  })

  it('refuses a page that starts to use a fetcher, whose router code is gone', () => {
    const plugin = trimReactRouter()
    const transform = plugin.transform as (code: string, id: string) => unknown
    for (const code of [
      "import { useFetcher } from 'react-router'",
      'submit(data, { navigate: false })',
      '<Form navigate={false}>',
    ])
      expect(() => transform(code, '/repo/web/routes/x.tsx')).toThrow(/uses a fetcher/)
    expect(transform("import { Form } from 'react-router'", '/repo/web/routes/x.tsx')).toBeUndefined()
  })

  it('refuses a link that prefetches, whose code is gone', () => {
    const plugin = trimReactRouter()
    const transform = plugin.transform as (code: string, id: string) => unknown
    for (const code of ['<Link to="/about" prefetch="intent">', '<NavLink prefetch="render" to="/">'])
      expect(() => transform(code, '/repo/web/components/Nav.tsx')).toThrow(/uses link prefetching/)
    expect(transform('<Link to="/about" preventScrollReset>', '/repo/web/components/Nav.tsx')).toBeUndefined()
    expect(() => transform('<Link to="/" viewTransition>', '/repo/web/components/Nav.tsx')).toThrow(
      /uses a view transition/,
    )
    expect(() => transform('const blocker = useBlocker(dirty)', '/repo/web/admin/x.tsx')).toThrow(
      /uses a navigation blocker/,
    )
  })

  it('marks every developer warning of the installed React Router pure, and nothing else', () => {
    for (const file of Object.keys(QUIET)) {
      const trimmed = trimModule(file, read(file))
      const calls = trimmed.match(/(?<![\w.$]|function\s+)(?:warning|warningOnce|warnOnce)\(/g) ?? []
      const pure = trimmed.match(/\/\* @__PURE__ \*\/ (?:warning|warningOnce|warnOnce)\(/g) ?? []
      expect(pure.length, file).toBe(QUIET[file])
      expect(calls.length, file).toBe(QUIET[file])
    }
    // A declaration stays a declaration.
    expect(trimModule('router/history.js', read('router/history.js'))).toContain(
      'function warning(cond, message)',
    )
  })

  it('fails when React Router adds or moves a developer warning', () => {
    const code = read('router/utils.js')
    expect(() => trimModule('router/utils.js', `${code}\nwarning(false, "new");`)).toThrow(
      /has 5 developer warnings, not 4/,
    )
  })

  it('refuses a page that asks for a revalidation or runs client middleware, whose router code is gone', () => {
    const plugin = trimReactRouter()
    const transform = plugin.transform as (code: string, id: string) => unknown
    expect(() => transform('const { revalidate } = useRevalidator()', '/repo/web/routes/x.tsx')).toThrow(
      /uses a revalidation/,
    )
    for (const code of [
      'export const clientMiddleware = [auth]',
      'export const unstable_clientMiddleware = []',
    ])
      expect(() => transform(code, '/repo/web/routes/x.tsx')).toThrow(/uses client middleware/)
    // The server's middleware is not the browser's.
    expect(transform('export const middleware = [auth]', '/repo/web/routes/x.tsx')).toBeUndefined()
  })

  it("never makes a fragment's instance, so its methods are assigned to an object nothing reads", () => {
    const trimmed = trimModule(REACT_DOM_CLIENT, read(REACT_DOM_CLIENT))
    expect(trimmed).not.toMatch(/new FragmentInstance\(|FragmentInstance\.prototype/)
    expect(trimmed).toMatch(/fragmentInstanceMethods\.scrollIntoView = function/)
    const plugin = trimReactRouter()
    const transform = plugin.transform as (code: string, id: string) => unknown
    for (const code of ['<Fragment ref={list}>', '<React.Fragment key={id} ref={setItems}>'])
      expect(() => transform(code, '/repo/web/routes/x.tsx')).toThrow(/uses a fragment ref/)
    expect(transform('<Fragment key={id}>', '/repo/web/routes/x.tsx')).toBeUndefined()
    // The plugin finds React DOM's client by its path.
    const id = join(reactDom, 'cjs/react-dom-client.production.js')
    expect(transform(read(REACT_DOM_CLIENT), id)).toMatchObject({
      code: expect.stringContaining('var fragmentInstance = null;'),
    })
  })

  it('fails loudly when a patch no longer matches', () => {
    expect(() => trimModule('router/router.js', 'export {}')).toThrow(/React Router changed/)
  })

  it('only touches the client build and React Router modules', () => {
    const plugin = trimReactRouter()
    const applies = plugin.applyToEnvironment as (env: { name: string }) => boolean
    expect(applies({ name: 'client' })).toBe(true)
    expect(applies({ name: 'ssr' })).toBe(false)
    const transform = plugin.transform as (code: string, id: string) => unknown
    expect(transform('if (init.instrumentations) {', '/app/web/router/router.js')).toBeUndefined()
    const id = join(lib, 'router/router.js')
    expect(transform(read('router/router.js'), id)).toMatchObject({
      code: expect.stringContaining('if (false) {'),
    })
  })
})
