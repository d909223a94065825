// The privacy and security page's copy (issue 14), kept out of the entry
// chunk: only the page itself, the request forms (the notice) and the Worker
// import it. Headings and the forms' notice are fixed; the paragraphs are
// content blocks (privacy.*) the owner edits like the other pages' copy.

import { type ContentKeyDefinition, resolveFrom } from './content-keys'
import { PRIVACY_FORM_NOTICE } from './request-form-copy'
import { SIGN_IN_LINK_LIFETIME } from './sign-in-link'

export const PRIVACY_CONTENT_KEYS = {
  'privacy.intro': {
    description: 'Privacy & security: the introduction under the heading',
    contentType: 'textarea',
    defaultContent:
      'This site exists to hear from prospective clients. This page says plainly what it collects when you send a request, why, where it is kept, for how long, and how you can have a copy of it or have it deleted.',
  },
  'privacy.collect': {
    description: 'Privacy & security: what the site collects and why',
    contentType: 'textarea',
    defaultContent:
      'Only what you type into the consultation or IT-support form: your name, e-mail address, phone number, company or business name, the details of your project or problem, and your preferred time and way of being contacted. It is used for one thing: to answer your request. It is never sold, shared for marketing or used to build a profile. Browsing the site collects nothing that identifies you: there is no advertising and no third-party tracker, and visitors get no cookies (what is counted instead is described below).',
  },
  'privacy.insights': {
    description: 'Privacy & security: what is counted when people browse the site',
    contentType: 'textarea',
    defaultContent:
      "To learn which pages are useful, the site counts visits itself, without cookies, stored identifiers or any third-party script. For each day it adds one to a few totals: the page viewed, the site you came from (its name only, such as google.com), the campaign named in the link (utm_source, utm_medium, utm_campaign), whether the device is a phone, tablet or computer, the country Cloudflare reports, the catalogue filter chosen, the project buttons followed, resume downloads, and how many request forms are shown, started, sent or refused (with the names of the refused fields, never what was typed). Your IP address and your browser's full identification are never stored, and nothing links one visit to another. If your browser sends Global Privacy Control or Do Not Track, nothing is counted at all. The daily totals are deleted after 25 months.",
  },
  'privacy.storage': {
    description: 'Privacy & security: where the data is stored',
    contentType: 'textarea',
    defaultContent:
      "The site runs on Cloudflare. Requests are stored in Cloudflare's database (D1), and the notification of each request is sent to my business mailbox through Cloudflare's e-mail service. Nothing is copied to any other service.",
  },
  'privacy.retention': {
    description: 'Privacy & security: how long requests are kept',
    contentType: 'textarea',
    defaultContent:
      "A request is kept while we work on it. One year after it is completed or cancelled, it is deleted from the site automatically, together with the site's copy of its notification e-mail. Nothing you send is kept longer than it is needed.",
  },
  'privacy.rights': {
    description: 'Privacy & security: how to ask for a copy or deletion',
    contentType: 'textarea',
    defaultContent:
      'You can ask for a copy of everything the site holds about you, or for its deletion, at any time: e-mail me from the address you used and say which you would like. A deletion removes the request and its e-mails completely; only a note that a request was deleted, without any of its content, is kept.',
  },
  'privacy.portal': {
    description: 'Privacy & security: what the client portal keeps',
    contentType: 'textarea',
    defaultContent: `Clients can sign in to a portal with a link e-mailed to their address; there is no password. For that, the site keeps each contact of a client (name, e-mail address, phone number and role), the sign-in links (only a fingerprint of each link, which works once and for ${SIGN_IN_LINK_LIFETIME}) and the portal sessions (when they started and were last used, the browser and the IP address; a session ends after 30 days, or 7 days without use, or when you sign out). Files you or I share in the portal are stored with Cloudflare (R2) and only the contacts of your organisation can download them. Contacts and their files are kept while we work together; on request, a contact is deleted with their sessions, their uploads and their requests.`,
  },
  'privacy.safeguards': {
    description: 'Privacy & security: the safeguards in place',
    contentType: 'textarea',
    defaultContent:
      "Every connection to the site is encrypted (HTTPS only). Only I can read requests: the admin area needs my password, a client's stored passwords also a fresh second factor, and every sign-in and change there is recorded in an audit trail. Forms are protected against floods and automated abuse, and what you type is checked and cleaned before it is stored.",
  },
  'privacy.phi': {
    description: 'Privacy & security: the request not to send patient health information',
    contentType: 'textarea',
    defaultContent:
      'Please do not send patient health information (names of patients, diagnoses, records or anything else that identifies a patient) through these forms or by e-mail. Describe the problem in general terms; if a project needs access to protected health information, we will agree on a proper, HIPAA-compliant way to handle it first.',
  },
} as const satisfies Record<string, ContentKeyDefinition>

export type PrivacyContentKey = keyof typeof PRIVACY_CONTENT_KEYS

export const resolvePrivacyContent = (
  blocks: readonly { key: string; content: string }[] | null | undefined,
  key: PrivacyContentKey,
) => resolveFrom(PRIVACY_CONTENT_KEYS, blocks, key)

/** Headings of the page, and the one-line notice both request forms show next to the description. */
export const PRIVACY_COPY = {
  heroTitle: 'Privacy & Security',
  collectTitle: 'What this site collects, and why',
  insightsTitle: 'What is counted when you browse',
  storageTitle: 'Where it is stored',
  retentionTitle: 'How long it is kept',
  rightsTitle: 'A copy or deletion, on request',
  portalTitle: 'The client portal',
  safeguardsTitle: 'Safeguards',
  phiTitle: 'Please do not send patient health information',
  contactLead: 'To ask for a copy or a deletion, write to',
  /** The one-line notice both request forms show next to the description field. */
  formNotice: PRIVACY_FORM_NOTICE,
} as const
