// Project page addresses (/portfolio-solutions/{slug}): lowercase ASCII words
// joined by dashes, generated from the title and editable by the owner.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SLUG_MAX = 80

/** "Clinic Scheduler & Reminders!" -> "clinic-scheduler-reminders"; accents are folded ("Café" -> "cafe"). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  return slug || 'project'
}

/** The project page's path. */
export const projectPath = (slug: string) => `/portfolio-solutions/${slug}`
