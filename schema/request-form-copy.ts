// What the two public request forms say (SPEC §8 toasts and errors, and the
// privacy notice), apart from messages.ts and privacy-copy.ts so the forms'
// chunk carries these few lines instead of every admin toast (ADR 068). Both
// of those modules include them, so every other import is unchanged.
export const REQUEST_FORM_TOASTS = {
  supportSent: {
    title: 'Consultation Request Sent!',
    description: "Your request has been emailed and we'll contact you soon.",
  },
  consultationSent: {
    title: 'Success!',
    description: "Your consultation request has been submitted. I'll get back to you within 24 hours.",
  },
} as const

export const REQUEST_FORM_ERRORS = {
  errorTitle: 'Error',
  supportFailed: 'Failed to send consultation request. Please try again.',
  consultationFailed: 'Failed to submit your request. Please try again.',
  // A page's form post whose body could not be read at all (worker/page-forms.ts):
  // nothing was kept, so the visitor is asked to fill the form in again.
  formUnreadable: 'We could not read that form. Please fill it in again.',
} as const

/** The one-line notice both request forms show next to the description field. */
export const PRIVACY_FORM_NOTICE =
  'Please do not include patient health information (names, diagnoses or records) in this form.'
