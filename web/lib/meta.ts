// The head of every public page: title, description, canonical URL, Open
// Graph and Twitter tags, and JSON-LD, written once here and returned by each
// page module's `meta`. React Router renders them on the server and swaps them
// on client-side navigation, so a link preview or a crawler sees the same head
// as a visitor.
import type { MetaDescriptor } from 'react-router'
import { SITE_NAME } from '../../schema/routes'

export const DEFAULT_OG_IMAGE = {
  path: '/og-default.jpg',
  width: 1200,
  height: 630,
  alt: 'Custom software and IT support for small businesses and healthcare practices',
} as const

type PageHead = {
  title: string
  description: string
  /** The site's origin (root loader), for absolute canonical and image URLs. */
  siteUrl: string
  /** The page's canonical path; null for pages that have no address of their own (404). */
  path: string | null
  noindex?: boolean
  jsonLd?: object | null
  /** The page's own preview image (a project's), absolute or a site path; the site's default otherwise. */
  image?: { url: string; alt: string } | null
}

export function pageMeta({
  title,
  description,
  siteUrl,
  path,
  noindex,
  jsonLd,
  image: own,
}: PageHead): MetaDescriptor[] {
  const image = own ? absolute(siteUrl, own.url) : `${siteUrl}${DEFAULT_OG_IMAGE.path}`
  const alt = own ? own.alt : DEFAULT_OG_IMAGE.alt
  const url = path === null ? null : `${siteUrl}${path}`
  return [
    { title },
    { name: 'description', content: description },
    ...(url ? [{ tagName: 'link', rel: 'canonical', href: url }] : []),
    ...(noindex || url === null ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(url ? [{ property: 'og:url', content: url }] : []),
    { property: 'og:image', content: image },
    // An uploaded image's size is not known here; only the default's is declared.
    ...(own
      ? []
      : [
          { property: 'og:image:width', content: String(DEFAULT_OG_IMAGE.width) },
          { property: 'og:image:height', content: String(DEFAULT_OG_IMAGE.height) },
        ]),
    { property: 'og:image:alt', content: alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: alt },
    ...(jsonLd ? [{ 'script:ld+json': jsonLd }] : []),
  ]
}

/** A site path ("/media/x.png") made absolute on the site's origin; an absolute URL is kept. */
export const absolute = (siteUrl: string, url: string) => (url.startsWith('/') ? `${siteUrl}${url}` : url)
