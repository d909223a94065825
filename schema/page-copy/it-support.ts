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
