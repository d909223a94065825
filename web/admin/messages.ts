// Admin texts beyond the original product (SPEC §8 has none for these: the
// original never showed skills and could not delete files). Kept here, not in
// schema/messages.ts, so they stay in the lazy admin chunk.
export const ADMIN_TOASTS = {
  skillAdded: { title: 'Skill added', description: 'The skill has been added.' },
  skillDeleted: { title: 'Skill deleted', description: 'The skill has been removed.' },
  fileDeleted: { title: 'File deleted', description: 'The file has been removed.' },
} as const

export const ADMIN_EMPTY_STATES = {
  skills: 'No skills yet. Add your first skill above.',
} as const
