// Fixed labels and claims of the public pages (SPEC §1, §2 and §9). They are
// part of the contract, so they live here once and pages import them; copy the
// owner may change lives in content-keys.ts instead.

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

export const HOME_COPY = {
  heroTitle: 'Custom Software That Solves Real Problems',
  viewSolutions: 'View Solutions',
  scheduleConsultation: 'Schedule Consultation',
  downloadCv: 'Download CV',
  badges: ['HIPAA Compliant', 'Apple Certified', 'Healthcare Expertise'],
  categoriesTitle: 'Solutions for Every Part of Your Business',
  featuredTitle: 'Featured Work',
  viewAllProjects: 'View All Projects',
  problem: 'Problem',
  result: 'Result',
  valueTitle: 'Why Work With Me',
  backgroundTitle: 'From the Ambulance to the Keyboard',
  backgroundLink: 'Read My Story',
  contactTitle: "Let's Solve Your Problem",
  emailMe: 'Email Me',
} as const

export const ABOUT_COPY = {
  heroTitle: 'From Paramedic to Software Developer',
  viewMyWork: 'View My Work',
  scheduleConsultation: 'Schedule Consultation',
  downloadResume: 'Download Resume',
  healthcareTitle: 'Why Healthcare Experience Matters',
  specialisationsTitle: 'What I Specialise In',
  skillsTitle: 'Technical Skills',
  benefitsTitle: 'What You Get',
  ctaTitle: 'Ready to Talk About Your Project?',
  emailMe: 'Email Me',
} as const

export const CONTACT_COPY = {
  heroTitle: "Let's Talk About Your Project",
  phoneTitle: 'Call Me',
  emailTitle: 'Email Me',
  scheduleTitle: 'Schedule a Consultation',
  scheduleButton: 'Schedule Consultation',
  expectTitle: 'What to Expect',
  locationTitle: 'Location',
  hoursTitle: 'Business Hours',
  viewSolutions: 'View Solutions',
  aboutMe: 'About Me',
} as const

export const IT_SUPPORT_COPY = {
  heroTitle: 'IT Support for Small Businesses and Healthcare Practices',
  requestSupportNow: 'Request Support Now',
  backToServices: 'Back to Services',
  formTitle: 'Request IT Support',
  servicesTitle: 'Services',
  whyTitle: 'Why Choose Me',
  demoTitle: 'See It in Action',
  demoLabel: 'Live Demo - Connected to Database',
  demoUnavailable: 'The live demo is not available right now.',
  ctaTitle: 'Need Help Now?',
  submitSupportRequest: 'Submit Support Request',
  contactMeDirectly: 'Contact Me Directly',
} as const

export const SOLUTIONS_COPY = {
  heroTitle: 'Software Solutions That Pay for Themselves',
  scheduleConsultation: 'Schedule Free Consultation',
  call: 'Call Now',
  filterLabel: 'Filter solutions by category',
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

export const SCHEDULE_COPY = {
  heading: 'Schedule a Free Consultation',
  expectTitle: 'What to Expect',
  contactTitle: 'Contact Info',
} as const

/** The privacy & security page's link (every page's footer, the "HIPAA Compliant" badge); its copy is schema/privacy-copy.ts. */
export const PRIVACY_LINK = {
  path: '/privacy',
  label: 'Privacy & Security',
  /** The accessible name of the "HIPAA Compliant" badge when it links to the page. */
  badgeLabel: 'HIPAA Compliant: how this site handles your data',
} as const

export const NOT_FOUND_COPY = { returnHome: 'Return to Home' } as const

/** SPEC §8's empty states of the public pages (messages.ts's EMPTY_STATES includes them). */
export const PUBLIC_EMPTY_STATES = {
  solutions: 'No Solutions Found in This Category',
  notFound: "The page you're looking for doesn't exist.",
} as const

/** Shown under the contact call to action on the home page (SPEC §2, §9). */
export const copyright = (year: number, owner: string) => `© ${year} ${owner}. All rights reserved.`
