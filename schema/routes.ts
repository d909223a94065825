// The site's routes, shared by the SPA router, the Worker (status codes,
// redirects, per-route meta tags) and the sitemap.

export type PublicRoute = { path: string; title: string; description: string; inSitemap: boolean }

export const SITE_NAME = 'Custom Software & IT Support'

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/',
    title: 'Custom Software That Solves Real Problems | Healthcare & Business Software Developer',
    description:
      'Custom business software and healthcare technology built by a former paramedic turned developer. HIPAA-compliant solutions that reduce costs and save time, live in 3-6 weeks.',
    inSitemap: true,
  },
  {
    path: '/about',
    title: 'About | From Paramedic to Software Developer',
    description:
      'A former paramedic who builds healthcare technology, business solutions and Apple apps that fit the way your team really works.',
    inSitemap: true,
  },
  {
    path: '/contact',
    title: 'Contact | Free 30-Minute Consultation',
    description:
      'Call, email or schedule a free 30-minute consultation. Response within 24 hours, Monday-Friday 9am-5pm CST, based in Southern Illinois.',
    inSitemap: true,
  },
  {
    path: '/portfolio-solutions',
    title: 'Software Solutions Portfolio | Business, Healthcare & AI Solutions',
    description:
      'Browse custom software solutions for business management, healthcare, AI & automation, data analytics, point of sale and inventory management.',
    inSitemap: true,
  },
  {
    path: '/it-support',
    title: 'IT Support | Security, Optimisation & Custom Solutions',
    description:
      'Professional IT support for small businesses and healthcare practices: security, system optimisation and custom solutions. Request support online.',
    inSitemap: true,
  },
  {
    path: '/schedule-consultation',
    title: 'Schedule a Free Consultation',
    description:
      'Book a free 30-minute consultation about your software or IT project. Most projects go live in 3-6 weeks.',
    inSitemap: true,
  },
  {
    path: '/privacy',
    title: 'Privacy & Security',
    description: 'What this site collects, where and how long it keeps it, and how to have it deleted.',
    inSitemap: true,
  },
  {
    path: '/login',
    title: 'Portfolio Admin | Sign in',
    description: 'Owner sign-in.',
    inSitemap: false,
  },
  {
    path: '/admin',
    title: 'Portfolio Admin',
    description: 'Owner administration.',
    inSitemap: false,
  },
]

/** Legacy paths that permanently move to the catalogue (HTTP 301 and client-side). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/portfolio': '/portfolio-solutions',
  '/software-solutions': '/portfolio-solutions',
}

/** Paths crawlers are asked to skip (robots.txt) and that carry `noindex`. */
export const PRIVATE_PATHS = ['/admin', '/login'] as const

export const NOT_FOUND_META = {
  title: 'Page Not Found',
  description: "The page you're looking for doesn't exist.",
}

/** The navigation bar's links (SPEC §2); on small screens the portfolio link reads differently. */
export const NAV_LINKS: readonly { to: string; label: string; mobileLabel?: string }[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/portfolio-solutions', label: 'Portfolio', mobileLabel: 'Portfolio & Solutions' },
  { to: '/it-support', label: 'IT Support' },
  { to: '/contact', label: 'Contact' },
]

export const normalisePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path)

export const findRoute = (path: string) => {
  const normalised = normalisePath(path)
  return PUBLIC_ROUTES.find((r) => r.path === normalised)
}

/** Title and description for a path: its route's, or the 404 page's. */
export const metaFor = (path: string) => findRoute(path) ?? NOT_FOUND_META

export const isPrivatePath = (path: string) =>
  (PRIVATE_PATHS as readonly string[]).includes(normalisePath(path))
