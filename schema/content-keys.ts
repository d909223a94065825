// The page-content keys the public pages read (SPEC §3 "Page content block").
// A block saved in the admin under one of these keys replaces the default copy
// below; a missing or blank block falls back to the default, so the site never
// shows an empty paragraph. Labels, headings and claims fixed by the spec are
// NOT here (see site-copy.ts): only free copy the owner is meant to rewrite.

export type ContentKeyType = 'text' | 'textarea' | 'image'

export type ContentKeyDefinition = {
  /** Where the copy appears, shown to the owner in the admin. */
  description: string
  contentType: ContentKeyType
  /** Used when no block with this key exists (or it is blank). '' for an image means "no image". */
  defaultContent: string
}

export const CONTENT_KEYS = {
  'home.hero.subtitle': {
    description: 'Home: the sentence under the main heading',
    contentType: 'textarea',
    defaultContent:
      'I build custom software that reduces costs and saves time for small businesses and healthcare practices, shaped by years on the front line as a paramedic.',
  },
  'home.background': {
    description: 'Home: the paramedic-background section',
    contentType: 'textarea',
    defaultContent:
      'Years on an ambulance taught me to stay calm, listen carefully and fix problems fast with the tools at hand. I bring the same habits to software: I learn how your team really works, then build the simplest thing that removes the friction.',
  },
  'home.contact': {
    description: 'Home: the text of the contact call to action',
    contentType: 'textarea',
    defaultContent:
      'Tell me about the task that costs your team the most time. The first 30-minute consultation is free, and you will hear back within 24 hours.',
  },
  'about.intro': {
    description: 'About: the introduction under the heading',
    contentType: 'textarea',
    defaultContent:
      'Before I wrote software, I spent years as a paramedic. I know what it is like when a tool gets in the way of the work, and I build software that gets out of the way.',
  },
  'about.healthcare': {
    description: 'About: why healthcare experience matters',
    contentType: 'textarea',
    defaultContent:
      'Healthcare software fails when it is designed far from the people who use it. Having documented patient care at 3 a.m. in the back of an ambulance, I design for tired hands, interrupted workflows and strict privacy rules. Every system I build for healthcare is HIPAA compliant from the first line of code.',
  },
  'about.photo': {
    description: 'About: portrait photo (image URL; leave empty for none)',
    contentType: 'image',
    defaultContent: '',
  },
  'about.cta': {
    description: 'About: the closing call to action',
    contentType: 'textarea',
    defaultContent:
      'Whether you run a clinic, a shop or a service business, a short conversation is the best way to find out whether custom software will pay for itself. The first 30 minutes are free.',
  },
  'contact.intro': {
    description: 'Contact: the introduction under the heading',
    contentType: 'textarea',
    defaultContent:
      'Call, email or book a free 30-minute consultation. I answer every message within 24 hours on business days.',
  },
  'contact.location': {
    description: 'Contact: where the business is based',
    contentType: 'text',
    defaultContent: 'Southern Illinois',
  },
  'contact.hours': {
    description: 'Contact: business hours',
    contentType: 'text',
    defaultContent: 'Monday-Friday 9am-5pm CST',
  },
  'it-support.intro': {
    description: 'IT support: the introduction under the heading',
    contentType: 'textarea',
    defaultContent:
      'Reliable, friendly IT support for small businesses and healthcare practices in Southern Illinois and remotely: secure systems, fast computers and tools that fit the way you work.',
  },
  'solutions.intro': {
    description: 'Portfolio solutions: the introduction under the heading',
    contentType: 'textarea',
    defaultContent:
      'Proven solutions built for real businesses. Clients typically cut costs by 30-50%, save 20+ hours weekly and see a return on investment in 2-3 months.',
  },
  'schedule.intro': {
    description: 'Schedule consultation: the introduction under the heading',
    contentType: 'textarea',
    defaultContent:
      'Tell me a little about your business and the problem you want to solve. I will confirm a time within 24 hours.',
  },
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
      'Only what you type into the consultation or IT-support form: your name, e-mail address, phone number, company or business name, the details of your project or problem, and your preferred time and way of being contacted. It is used for one thing: to answer your request. It is never sold, shared for marketing or used to build a profile. Browsing the site collects nothing about you: there are no analytics, no advertising and no third-party trackers, and visitors get no cookies.',
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
  'privacy.safeguards': {
    description: 'Privacy & security: the safeguards in place',
    contentType: 'textarea',
    defaultContent:
      'Every connection to the site is encrypted (HTTPS only). Only I can read requests: the admin area needs my password and a second factor, and every sign-in and change there is recorded in an audit trail. Forms are protected against floods and automated abuse, and what you type is checked and cleaned before it is stored.',
  },
  'privacy.phi': {
    description: 'Privacy & security: the request not to send patient health information',
    contentType: 'textarea',
    defaultContent:
      'Please do not send patient health information (names of patients, diagnoses, records or anything else that identifies a patient) through these forms or by e-mail. Describe the problem in general terms; if a project needs access to protected health information, we will agree on a proper, HIPAA-compliant way to handle it first.',
  },
} as const satisfies Record<string, ContentKeyDefinition>

export type ContentKey = keyof typeof CONTENT_KEYS

/** The copy for a key: the owner's block when it has content, else the default. */
export function resolveContent(
  blocks: readonly { key: string; content: string }[] | null | undefined,
  key: ContentKey,
): string {
  const block = blocks?.find((b) => b.key === key)
  return block?.content.trim() ? block.content : CONTENT_KEYS[key].defaultContent
}

/** The public page a key belongs to: the part of the key before its first dot. */
export type ContentPage = ContentKey extends `${infer Page}.${string}` ? Page : never

export const contentPageOf = (key: string): string => key.split('.', 1)[0] ?? ''

export const CONTENT_PAGES = [...new Set(Object.keys(CONTENT_KEYS).map(contentPageOf))] as ContentPage[]

export const isContentPage = (value: string | null | undefined): value is ContentPage =>
  (CONTENT_PAGES as string[]).includes(value ?? '')

/**
 * The blocks a public answer may carry: only keys a page reads (a block under
 * any other key is shown nowhere, so it is sent nowhere), and with `page` only
 * that page's keys.
 */
export function publicBlocks<T extends { key: string }>(blocks: readonly T[], page?: ContentPage): T[] {
  return blocks.filter((b) => b.key in CONTENT_KEYS && (page === undefined || contentPageOf(b.key) === page))
}
