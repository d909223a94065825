// Fixed labels and claims of the public pages (SPEC §1, §2 and §9). They are
// part of the contract, so they live here once and pages import them; copy the
// owner may change lives in content-keys.ts instead. Each page's own labels are
// in page-copy/, so a page's script carries only its own (ADR 068); these are
// the ones every page or several pages use.

export const CLAIMS = {
  freeConsultation: 'Free 30-minute consultation',
  consultationMinutes: 30,
  responseTime: 'Response within 24 hours',
  launchTime: '3-6 weeks',
  businessHours: 'Monday-Friday 9am-5pm CST',
  businessHoursShort: 'Mon-Fri 9am-5pm CST',
  location: 'Southern Illinois',
  documentationDown: '70%',
  costsDown: '40%',
  hoursSaved: '20+ hours weekly',
  costReduction: '30-50%',
  roi: '2-3 months',
  monthlySavings: '$2-4K monthly',
  errorsDown: '90%',
} as const

export const NAV_COPY = {
  resume: 'Resume',
  mobileResume: 'Download Resume',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  mainNavigation: 'Main',
  skipToContent: 'Skip to content',
} as const

export const RESUME_DOWNLOAD_URL = '/api/resume/download'

/** The privacy & security page's link (every page's footer, the "HIPAA Compliant" badge); its copy is schema/privacy-copy.ts. */
export const PRIVACY_LINK = {
  path: '/privacy',
  label: 'Privacy & Security',
  /** The accessible name of the "HIPAA Compliant" badge when it links to the page. */
  badgeLabel: 'HIPAA Compliant: how this site handles your data',
} as const

/** The trust page's link (every page's footer, the privacy page); its copy is schema/trust-copy.ts. */
export const TRUST_LINK = { path: '/trust', label: 'Trust & HIPAA' } as const

export const NOT_FOUND_COPY = { returnHome: 'Return to Home' } as const

/** SPEC §8's empty states of the public pages (messages.ts's EMPTY_STATES includes them). */
export const PUBLIC_EMPTY_STATES = {
  solutions: 'No Solutions Found in This Category',
  notFound: "The page you're looking for doesn't exist.",
} as const

/** SPEC §9's copyright year, the year the site first went up (also exported by constants.ts). */
export const COPYRIGHT_YEAR = 2025

/**
 * The footer's year: this year by the clock, in the business time zone (issue
 * 52.7: a footer that still said 2025 in late 2026 read as an abandoned site).
 * Never before SPEC §9's 2025, whatever a wrong clock says.
 */
export function copyrightYear(now: Date = new Date()): number {
  const year = Number(
    // BUSINESS_TIME_ZONE, written out: request-options.ts is kept out of every page's entry chunk.
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric' }).format(now),
  )
  return Number.isFinite(year) ? Math.max(COPYRIGHT_YEAR, year) : COPYRIGHT_YEAR
}

/** Shown under the contact call to action on the home page (SPEC §2, §9). */
export const copyright = (year: number, owner: string) => `© ${year} ${owner}. All rights reserved.`
