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
} as const satisfies Record<string, ContentKeyDefinition>

export type ContentKey = keyof typeof CONTENT_KEYS

type Blocks = readonly { key: string; content: string }[] | null | undefined

/** The copy for a key of `definitions`: the owner's block when it has content, else the default. */
export function resolveFrom<K extends string>(
  definitions: Record<K, ContentKeyDefinition>,
  blocks: Blocks,
  key: K,
): string {
  const block = blocks?.find((b) => b.key === key)
  return block?.content.trim() ? block.content : definitions[key].defaultContent
}

/** The copy for a key: the owner's block when it has content, else the default. */
export const resolveContent = (blocks: Blocks, key: ContentKey): string =>
  resolveFrom(CONTENT_KEYS, blocks, key)
