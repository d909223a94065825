// The trust page's copy (issue 39, point 5): the safeguards, the breach-notice
// promise, the subprocessors and the BAA request. Headings are fixed; the
// paragraphs are content blocks (trust.*) the owner edits in Admin > Content.
// Loaded with the page only, like schema/privacy-copy.ts.
import { type ContentKeyDefinition, resolveFrom } from './content-keys'

export const TRUST_CONTENT_KEYS = {
  'trust.intro': {
    description: 'Trust: the introduction under the heading',
    contentType: 'textarea',
    defaultContent:
      'For every practice I support I am a business associate under HIPAA. This page says how the patient data entrusted to me is protected, what happens if something goes wrong, and which services help me run the business.',
  },
  'trust.safeguards': {
    description: 'Trust: the safeguards in place',
    contentType: 'textarea',
    defaultContent:
      "Multi-factor authentication before anyone reaches client systems: the passwords to a practice's systems open only after a fresh second factor (an authenticator app or a passkey), never with a password alone.\nEncryption in transit (TLS on every connection) and at rest (encrypted disks, databases and backups).\nAudit logs of every sign-in and change, kept and reviewed.\nAccess reviews: who can reach what is checked at least every quarter and whenever someone leaves.\nA written risk analysis with each practice every year.",
  },
  'trust.breach': {
    description: 'Trust: the breach-notice promise',
    contentType: 'textarea',
    defaultContent:
      'If a breach of unsecured protected health information is discovered, the affected practice is told without unreasonable delay and no later than 60 calendar days after discovery (45 CFR 164.410), or sooner when our business associate agreement says so. The notice says what happened, when, which information was involved, what the individuals should do and what is being done about it. Every incident is recorded and the records are kept at least six years.',
  },
  'trust.subprocessors': {
    description: 'Trust: the subprocessors',
    contentType: 'textarea',
    defaultContent:
      'Cloudflare: hosting of this site, its database, file storage and e-mail routing.\nStripe: card payments of invoices (card details never reach this site).\nThe e-mail service: delivery of notifications and notices to you.',
  },
  'trust.baa': {
    description: 'Trust: the text before the "Request our BAA" link',
    contentType: 'textarea',
    defaultContent:
      'Practices sign a business associate agreement before any work that touches patient data. To receive ours, send a request: it opens the IT-support form with the request already written.',
  },
} as const satisfies Record<string, ContentKeyDefinition>

export type TrustContentKey = keyof typeof TRUST_CONTENT_KEYS

export const resolveTrustContent = (
  blocks: readonly { key: string; content: string }[] | null | undefined,
  key: TrustContentKey,
) => resolveFrom(TRUST_CONTENT_KEYS, blocks, key)

/** The fixed words of the page, and the link that opens the IT-support form asking for the BAA. */
export const TRUST_COPY = {
  path: '/trust',
  label: 'Trust & HIPAA',
  heroTitle: 'Trust & HIPAA',
  safeguardsTitle: 'Safeguards in place',
  breachTitle: 'If a breach happens',
  subprocessorsTitle: 'Subprocessors',
  baaTitle: 'Business associate agreement',
  baaLink: 'Request our BAA',
  /** The IT-support form, opened with ?topic=baa: the server writes the request into the description. */
  baaHref: '/it-support?form=support&topic=baa',
  baaRequest:
    'Please send us your business associate agreement (BAA) to review and sign before you work with our patient data.',
  privacyLead: 'How this site handles the data of visitors is on the privacy page.',
} as const
