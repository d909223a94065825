export const SOLUTIONS_COPY = {
  heroTitle: 'Software Solutions That Pay for Themselves',
  scheduleConsultation: 'Schedule Free Consultation',
  call: 'Call Now',
  filterLabel: 'Filter solutions by category',
  /** Said (and shown as an arrow) while the phone's row of categories has more to the right. */
  moreFilters: 'Scroll sideways for more categories',
  gridTitle: 'Solutions',
  viewAll: 'View All Solutions',
  emptyHint: 'Try another category, or ask me about a custom solution.',
  perfectFor: 'Perfect for',
  /** The label of a card's problem statement, so it does not read like an error. */
  problem: 'Problem',
  discuss: 'Discuss This Solution',
  actions: {
    live: 'View Live Solution',
    access: 'Contact for Access',
    demo: 'Schedule Demo',
    learnMore: 'Learn More',
  },
  ctaTitle: "Don't See What You Need?",
  freeQuote: 'Get a Free Quote',
  emailMe: 'Email Me',
} as const
