// The options and rules of the two request forms (SPEC §3, §9): project types,
// budgets, time slots, support issue types, urgency and contact choices (the
// statuses of a stored request are in request-statuses.ts). They live apart from schema/constants.ts on purpose: that
// module is part of the public entry chunk, and only the lazily loaded forms
// and the admin need these lists (docs/decisions/031-request-forms.md).
export const PROJECT_TYPES = [
  { value: 'web-application', label: 'Web Application' },
  { value: 'mobile-app', label: 'Mobile App' },
  { value: 'business-automation', label: 'Business Automation' },
  { value: 'database-system', label: 'Database System' },
  { value: 'it-consulting', label: 'IT Consulting' },
  { value: 'system-integration', label: 'System Integration' },
  { value: 'other', label: 'Other' },
] as const

export const BUDGETS = [
  { value: 'under-5k', label: 'Under $5,000' },
  { value: '5k-15k', label: '$5,000 - $15,000' },
  { value: '15k-50k', label: '$15,000 - $50,000' },
  { value: '50k-plus', label: '$50,000+' },
  { value: 'discuss', label: "Let's discuss" },
] as const

/** Consultation slots in US Central time; there is no noon slot (SPEC §9). */
export const TIME_SLOTS = [
  { value: '09:00', label: '9:00 AM' },
  { value: '10:00', label: '10:00 AM' },
  { value: '11:00', label: '11:00 AM' },
  { value: '13:00', label: '1:00 PM' },
  { value: '14:00', label: '2:00 PM' },
  { value: '15:00', label: '3:00 PM' },
  { value: '16:00', label: '4:00 PM' },
] as const
export const BUSINESS_TIME_ZONE = 'America/Chicago'

export const ISSUE_TYPES = [
  { value: 'hardware', label: 'Hardware' },
  { value: 'software', label: 'Software' },
  { value: 'network', label: 'Network' },
  { value: 'security', label: 'Security' },
  { value: 'performance', label: 'Performance' },
  { value: 'data', label: 'Data' },
  { value: 'consultation', label: 'Consultation' },
  { value: 'custom', label: 'Custom' },
  { value: 'other', label: 'Other' },
  // Opened by a client monitor that went down (issue 54), never chosen on a form.
  { value: 'monitor', label: 'Monitor alert' },
] as const

/** The issue types a person may choose on the request forms (not the monitors' own). */
export const FORM_ISSUE_TYPES = ISSUE_TYPES.filter((t) => t.value !== 'monitor')

export const URGENCY_LEVELS = [
  { value: 'low', label: 'Low', description: 'a few days' },
  { value: 'medium', label: 'Medium', description: '24-48 hours' },
  { value: 'high', label: 'High', description: 'ASAP' },
  { value: 'critical', label: 'Critical', description: 'emergency' },
] as const

export const CONTACT_METHODS = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'text', label: 'Text' },
] as const

export const CONTACT_TIMES = [
  { value: 'morning', label: 'Morning (8am-12pm)' },
  { value: 'afternoon', label: 'Afternoon (12pm-5pm)' },
  { value: 'evening', label: 'Evening (5pm-8pm)' },
  { value: 'anytime', label: 'Anytime' },
] as const

/**
 * A phone number's plausible shape (issue 28): digits, spaces and the usual
 * separators ( + ( ) . - ), 7 to 40 characters (the server's rule before issue 28,
 * kept: a tighter one cost the public form pages bytes they do not have). Written
 * once, as a regular expression's source, for the server (phoneOrEmpty in
 * schema/payloads.ts), whose rule the forms' `pattern` attribute is read from
 * (schema/form-constraints.ts).
 * Browsers compile a `pattern` anchored and with the `v` flag, where ( ) and -
 * must be escaped even inside brackets; the server compiles it the same way.
 */
export const PHONE_PATTERN = String.raw`[\d +.\(\)\-]{7,40}`
/** The server's word for a number that does not fit (the browser says its own "match the requested format"). */
export const PHONE_INVALID = 'Enter a valid phone number'

/** The public forms' honeypot field: a real visitor never sees or fills it. */
export const HONEYPOT_FIELD = 'website'

/** The field the Turnstile widget fills with its token (its default name), when Turnstile is on. */
export const TURNSTILE_FIELD = 'cf-turnstile-response'
