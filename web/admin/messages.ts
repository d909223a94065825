// Admin texts beyond the original product (SPEC §8 has none for these: the
// original never showed skills and could not delete files). Kept here, not in
// schema/messages.ts, so they stay in the lazy admin chunk.
export const ADMIN_TOASTS = {
  skillAdded: { title: 'Skill added', description: 'The skill has been added.' },
  skillDeleted: { title: 'Skill deleted', description: 'The skill has been removed.' },
  fileDeleted: { title: 'File deleted', description: 'The file has been removed.' },
  checklistSaved: {
    onboarding: {
      title: 'Checklist saved',
      description: 'The arrival checklist has been updated. New arrivals will follow it.',
    },
    offboarding: {
      title: 'Checklist saved',
      description: 'The departure checklist has been updated. New departures will follow it.',
    },
  },
} as const

export const ADMIN_EMPTY_STATES = {
  skills: 'No skills yet. Add your first skill above.',
  checklist: 'No steps yet.',
  checklistEditor: 'No steps yet. Add your first step below.',
} as const
