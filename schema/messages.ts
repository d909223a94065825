// User-facing texts of SPEC §8: toasts, error fallbacks and empty states.
// The public pages' own lines are in request-form-copy.ts and site-copy.ts, so
// their chunks do not carry the admin's (ADR 068).
import { REQUEST_FORM_ERRORS, REQUEST_FORM_TOASTS } from './request-form-copy'
import { PUBLIC_EMPTY_STATES } from './site-copy'

export const TOASTS = {
  loginSuccess: { title: 'Welcome back!', description: 'You have successfully logged in.' },
  registerSuccess: { title: 'Welcome!', description: 'Your account has been created successfully.' },
  logoutSuccess: { title: 'Goodbye!', description: 'You have been logged out successfully.' },
  fileUploaded: { title: 'File uploaded', description: 'Your file has been uploaded successfully.' },
  projectCreated: { title: 'Project created', description: 'Your project has been added successfully.' },
  projectUpdated: { title: 'Project updated', description: 'Your changes have been saved.' },
  projectDeleted: { title: 'Project deleted', description: 'The project has been removed.' },
  contentSaved: { title: 'Content saved', description: 'Your page content has been updated.' },
  resumeUploaded: { title: 'Resume uploaded', description: 'Your resume has been uploaded successfully.' },
  resumeActivated: {
    title: 'Resume activated',
    description: 'This resume is now active and available for download.',
  },
  resumeDeleted: { title: 'Resume deleted', description: 'The resume has been removed.' },
  supportSent: REQUEST_FORM_TOASTS.supportSent,
  requestUpdated: { title: 'Request updated', description: 'The status and notes have been saved.' },
  requestErased: { title: 'Request erased', description: 'The request and its e-mails have been deleted.' },
  consultationSent: REQUEST_FORM_TOASTS.consultationSent,
} as const

export const ERRORS = {
  loginFailedTitle: 'Login failed',
  loginFailedFallback: 'Invalid credentials',
  registerFailedTitle: 'Registration failed',
  registerFailedFallback: 'Failed to create account',
  logoutFailedTitle: 'Logout failed',
  logoutFailedFallback: 'Failed to logout',
  uploadFailedTitle: 'Upload failed',
  fileUploadError: 'Upload failed',
  resumeUploadError: 'Resume upload failed',
  fileUploadFallback: 'Failed to upload file',
  resumeUploadFallback: 'Failed to upload resume',
  ...REQUEST_FORM_ERRORS,
  fetchUserFailed: 'Failed to fetch user',
} as const

export const EMPTY_STATES = {
  projects: 'No projects yet. Create your first project above.',
  resumes: 'No resumes uploaded yet. Upload your first resume above.',
  content: 'No content blocks yet. Create your first content above.',
  files: 'No files uploaded yet.',
  consultations: 'No consultation requests yet',
  supportRequests: 'No support requests yet',
  ...PUBLIC_EMPTY_STATES,
  adminSignedOut: 'Please log in to access the admin panel.',
} as const

/** Server-side messages shared by REST and GraphQL answers. */
export const API_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  unauthorized: 'Authentication required',
  forbiddenOrigin: 'Cross-site request refused',
  validation: 'Please correct the highlighted fields.',
  notFound: 'Not found',
  tooLarge: 'Request body too large',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  invalidJson: 'Request body must be a JSON object',
  // A PATCH that names no field the record has (ADR 182).
  nothingToChange: 'Nothing to change: send at least one field of this record with its new value.',
  unknownField: 'Not a field that can be changed here',
  unsupportedMedia: 'Unsupported content type',
  internal: 'Something went wrong. Please try again.',
} as const

/**
 * Server messages of sign-in and the Security area (issue 13). Kept apart from
 * API_MESSAGES, which the public pages bundle, so they cost public visitors nothing.
 */
export const AUTH_MESSAGES = {
  // One answer for every refused registration (an owner exists, no or a wrong
  // setup token), so the answer never confirms a guessed token.
  registrationUnavailable: 'Registration is not available.',
  signInThrottled: 'Too many failed attempts. Please wait and try again.',
  challengeRequired: 'Please complete the challenge and try again.',
  invalidCode: 'Invalid code',
  signInExpired: 'This sign-in has expired. Please sign in again.',
  passkeyFailed: 'The passkey could not be verified.',
  wrongPassword: 'The current password is not correct.',
  passwordForLastFactor: 'Enter your password to remove your last second factor.',
  // Sudo mode (docs/decisions/078-sudo-mode.md): the Security area asks again.
  reauthRequired: 'Confirm it is you: enter your password (or use a passkey) to change your sign-in methods.',
  reauthFailed: 'That did not confirm it is you. Try again.',
  // The vault (ADR 181): a reveal needs a fresh second factor, never the password alone.
  secondFactorRequired:
    'Confirm it is you with your authenticator app or a passkey to reveal a password in the vault.',
  secondFactorMissing:
    'The vault opens only with a second factor. Set up an authenticator app or a passkey in Security first.',
  // Without TOTP_KEY_SECRET (outside local development) no key can be stored sealed (ADR 082).
  totpUnavailable: 'Authenticator apps cannot be set up until the site is configured for them.',
} as const
