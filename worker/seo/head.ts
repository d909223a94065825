import { isPrivatePath, metaFor, NOT_FOUND_META, normalisePath, SITE_NAME } from '../../schema/routes'
import { SITE_CONFIG_ELEMENT_ID, SITE_DATA_ELEMENT_ID } from '../../schema/site-config'
import { escapeHtml, jsonForScript } from '../escape'
import type { ShellData } from './bootstrap'
import { professionalService } from './json-ld'
import { absoluteUrl, siteConfig } from './site'

export type ShellHead = {
  title: string
  description: string
  /** Absolute canonical URL; absent on 404 pages. */
  canonical: string | null
  noindex: boolean
  jsonLd: object | null
}

/** What the first HTML response of a path says about itself. */
export function headFor(env: Env, path: string, found: boolean): ShellHead {
  const meta = found ? metaFor(path) : NOT_FOUND_META
  const normalised = normalisePath(path)
  return {
    title: meta.title,
    description: meta.description,
    canonical: found ? absoluteUrl(env, normalised) : null,
    noindex: !found || isPrivatePath(normalised),
    jsonLd: found && normalised === '/' ? professionalService(env) : null,
  }
}

/** The tags appended to <head>: canonical, robots, Open Graph, Twitter, JSON-LD, the SPA's config and data. */
export function headTags(env: Env, head: ShellHead, data: ShellData | null = null): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`
  const tags = [
    head.canonical && `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    head.noindex && meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical && meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.jsonLd && `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`,
    `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${jsonForScript(siteConfig(env))}</script>`,
    data && `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`,
  ]
  return tags.filter(Boolean).join('\n    ')
}

/**
 * Rewrites the built index.html for one route: its title, description, the
 * tags above, and the page's server-rendered markup if there is one. That
 * markup is a picture of the page until the SPA replaces it (web/main.tsx):
 * `inert` so no click or focus on it is lost while the JS loads, and
 * `aria-hidden` to say explicitly what inert implies (out of the accessibility
 * tree), which also keeps role queries (tests, tools) on the live page.
 */
export function rewriteShell(
  env: Env,
  shell: Response,
  head: ShellHead,
  status: number,
  data: ShellData | null = null,
  markup: string | null = null,
): Response {
  const headers = new Headers(shell.headers)
  // The body changes per route and per config: the asset's validators and length no longer apply.
  headers.delete('ETag')
  headers.delete('Last-Modified')
  headers.delete('Content-Length')
  // The shell is small and names hashed bundles; revalidate it on every visit.
  headers.set('Cache-Control', 'no-cache')
  headers.set('Content-Type', 'text/html; charset=utf-8')
  const tags = headTags(env, head, data)
  return new HTMLRewriter()
    .on('title', {
      element(el) {
        el.setInnerContent(head.title)
      },
    })
    .on('meta[name="description"]', {
      element(el) {
        el.setAttribute('content', head.description)
      },
    })
    .on('head', {
      element(el) {
        el.append(`  ${tags}\n  `, { html: true })
      },
    })
    .on('div#root', {
      element(el) {
        if (markup)
          el.setInnerContent(`<div data-ssr inert aria-hidden="true">${markup}</div>`, { html: true })
      },
    })
    .transform(new Response(shell.body, { status, headers }))
}
