// The admin's navigation (ADR 123): the work first, then the public site's
// content, then the settings. A new screen is a route module
// (web/routes/admin.<name>.tsx) and, if it belongs in the menu, one line here.
export type AdminNavItem = { to: string; label: string }

export const ADMIN_NAV: readonly { label: string; items: readonly AdminNavItem[] }[] = [
  {
    label: 'Work',
    items: [
      { to: '/admin', label: 'Overview' },
      // Consultations and support requests together, each under its own name inside (ADR 124).
      { to: '/admin/requests', label: 'Requests' },
      { to: '/admin/clients', label: 'Clients' },
      { to: '/admin/quotes', label: 'Quotes' },
      { to: '/admin/time', label: 'Time' },
      { to: '/admin/invoices', label: 'Invoices' },
      { to: '/admin/plans', label: 'Plans' },
      { to: '/admin/renewals', label: 'Renewals' },
      { to: '/admin/monitors', label: 'Monitors' },
      { to: '/admin/maintenance', label: 'Maintenance' },
      { to: '/admin/compliance', label: 'Compliance' },
      { to: '/admin/training', label: 'Training' },
    ],
  },
  {
    label: 'Site',
    items: [
      { to: '/admin/projects', label: 'Projects' },
      { to: '/admin/skills', label: 'Skills' },
      { to: '/admin/files', label: 'Files' },
      { to: '/admin/resumes', label: 'Resumes' },
      { to: '/admin/content', label: 'Content' },
      { to: '/admin/insights', label: 'Insights' },
    ],
  },
  {
    label: 'Settings',
    items: [
      { to: '/admin/agreements', label: 'Agreements' },
      { to: '/admin/availability', label: 'Availability' },
      { to: '/admin/security', label: 'Security' },
    ],
  },
]

/** The old tab addresses (/admin?tab=files) still lead to their screen. */
export const LEGACY_TABS: Record<string, string> = {
  projects: '/admin/projects',
  skills: '/admin/skills',
  files: '/admin/files',
  resumes: '/admin/resumes',
  consultations: '/admin/requests',
  content: '/admin/content',
}
