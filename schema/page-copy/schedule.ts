export const SCHEDULE_COPY = {
  heading: 'Schedule a Free Consultation',
  expectTitle: 'What to Expect',
  contactTitle: 'Contact Info',
} as const
