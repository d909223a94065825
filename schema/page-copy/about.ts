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
