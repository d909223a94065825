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
