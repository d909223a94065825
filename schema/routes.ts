// What the site calls itself, and its navigation bar. The pages themselves,
// with their paths, titles and descriptions, are the modules in web/routes/.

export const SITE_NAME = 'Custom Software & IT Support'

/** The navigation bar's links (SPEC §2); on small screens the portfolio link reads differently. */
export const NAV_LINKS: readonly { to: string; label: string; mobileLabel?: string }[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/portfolio-solutions', label: 'Portfolio', mobileLabel: 'Portfolio & Solutions' },
  { to: '/it-support', label: 'IT Support' },
  { to: '/contact', label: 'Contact' },
]
