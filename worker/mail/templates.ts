// The owner's notification e-mails. Everything a visitor typed is untrusted:
// the HTML body is rendered by hono/jsx (escaped by construction,
// notification-html.tsx) and the subject (a header) is stripped of line
// breaks, so it can neither inject markup nor headers.
import { labelOf } from '../../schema/constants'
import type { ConsultationInput, SupportRequestInput } from '../../schema/payloads'
import {
  BUDGETS,
  CONTACT_METHODS,
  CONTACT_TIMES,
  ISSUE_TYPES,
  PROJECT_TYPES,
  TIME_SLOTS,
  URGENCY_LEVELS,
} from '../../schema/request-options'
import { SIGN_IN_LINK_LIFETIME } from '../../schema/sign-in-link'
import { businessDate, businessParts, formatCalendarDate, formatSlotTime } from '../../schema/slot-time'
import { cleanText } from '../../schema/text'
import { letterHtml } from './letter-html'
import { notificationHtml } from './notification-html'

export type MailContent = { subject: string; text: string; html: string }

/** One line, no control characters, bounded: safe as a header value. */
export const headerSafe = (value: string, max = 150) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, max)

type Row = [label: string, value: string | null | undefined]

function render(title: string, rawIntro: string, rows: Row[], rawDescription: string, adminUrl: string) {
  // A last guard (stored values are already clean, schema/text.ts): no control
  // character, and no line break inside a row, so no value can fake a line.
  const shown = rows
    .map(([label, value]): Row => [label, value ? cleanText(value, 'single') : value])
    .filter((r): r is [string, string] => Boolean(r[1]))
  const description = cleanText(rawDescription, 'multi')
  const intro = cleanText(rawIntro, 'single')
  const text = [
    intro,
    '',
    ...shown.map(([label, value]) => `${label}: ${value}`),
    '',
    'Description:',
    description,
    '',
    `Reply to this e-mail to answer the visitor, or open the admin panel: ${adminUrl}`,
  ].join('\n')
  const html = notificationHtml({ title, intro, rows: shown, description, adminUrl })
  return { text, html }
}

/** The request's own page in the admin (issue 52): the inbox with it open, not the admin's front page. */
export const requestAdminUrl = (env: Env, reference: string) =>
  new URL(`/admin/requests/${encodeURIComponent(reference)}`, env.SITE_URL).toString()

/** "Tuesday, June 10, 2025 at 9:00 AM Central Time" for the chosen date and slot. */
export function describeSlot(preferredDate: string, preferredTime: string): string {
  const date = formatCalendarDate(businessDate(new Date(preferredDate)))
  return `${date} at ${labelOf(TIME_SLOTS, preferredTime)} Central Time`
}

export function consultationMail(env: Env, input: ConsultationInput, reference: string): MailContent {
  const slot = describeSlot(input.preferredDate, input.preferredTime)
  const subject = headerSafe(`[${reference}] New consultation request from ${input.name} for ${slot}`, 200)
  const { text, html } = render(
    'New consultation request',
    `${input.name} asked for a free consultation. A calendar invitation for the slot is attached.`,
    [
      ['Name', input.name],
      ['Email', input.email],
      ['Phone', input.phone],
      ['Company', input.company],
      ['Project type', labelOf(PROJECT_TYPES, input.projectType)],
      ['Budget', input.budget ? labelOf(BUDGETS, input.budget) : null],
      ['Preferred meeting time', slot],
    ],
    input.description,
    requestAdminUrl(env, reference),
  )
  return { subject, text, html }
}

export function supportRequestMail(env: Env, input: SupportRequestInput, reference: string): MailContent {
  const urgency = URGENCY_LEVELS.find((u) => u.value === input.urgency)!
  const subject = headerSafe(
    `[${reference}] IT support request (${urgency.label} urgency, ${labelOf(ISSUE_TYPES, input.issueType)}) from ${input.name}`,
    200,
  )
  const { text, html } = render(
    'New IT support request',
    `${input.name} requested IT support.`,
    [
      ['Name', input.name],
      ['Email', input.email],
      ['Phone', input.phone],
      ['Business name', input.businessName],
      ['Issue type', labelOf(ISSUE_TYPES, input.issueType)],
      ['Urgency', `${urgency.label} (${urgency.description})`],
      ['Preferred contact', labelOf(CONTACT_METHODS, input.preferredContact)],
      ['Preferred time', input.preferredTime ? labelOf(CONTACT_TIMES, input.preferredTime) : null],
    ],
    input.description,
    requestAdminUrl(env, reference),
  )
  return { subject, text, html }
}

const GREETING = /^(hi|hello|hey|dear|good (morning|afternoon|evening)|greetings)\b/i

/**
 * What the reply mail adds around the owner's text: "Hello <name>," unless the
 * text already opens with a greeting, and the owner's name unless the text
 * already ends with it (full or first name, alone or after a closing such as
 * "Thanks,"). The reply box says so (web/admin/requests/Thread.tsx), so a reply
 * written either way reads once: no "Hello Grace,\n\nHi Grace," (issue 28).
 */
export function replyFraming(ownerName: string, body: string) {
  const lines = body.trim().split('\n')
  const first = lines[0]?.trim() ?? ''
  const last = (lines.at(-1) ?? '')
    .trim()
    .replace(/^[-–—\s]+/, '')
    .replace(/[.,!\s]+$/, '')
  const names = [ownerName.trim(), ownerName.trim().split(/\s+/)[0] ?? '']
    .filter(Boolean)
    .map((n) => n.toLowerCase())
  const lastLower = last.toLowerCase()
  return {
    greeting: !GREETING.test(first),
    signOff: !names.some(
      (n) => lastLower === n || lastLower.endsWith(` ${n}`) || lastLower.endsWith(`,${n}`),
    ),
  }
}

/**
 * The owner's reply to a visitor, from the request's thread. Replying to it
 * reaches the request's tokened address and lands in the same thread.
 */
export function replyMail(env: Env, reply: { reference: string; name: string; body: string }): MailContent {
  const subject = headerSafe(`Re: your request ${reply.reference} (${env.OWNER_NAME})`, 200)
  const body = cleanText(reply.body, 'multi')
  const framing = replyFraming(env.OWNER_NAME, body)
  const greeting = framing.greeting ? `Hello ${cleanText(reply.name, 'single')},` : null
  const signOff = framing.signOff ? env.OWNER_NAME : null
  const footer = `Reference: ${reply.reference}. Reply to this e-mail to answer; please keep the reference in the subject.`
  const text = [
    ...(greeting ? [greeting, ''] : []),
    body,
    '',
    ...(signOff ? [signOff, ''] : []),
    footer,
  ].join('\n')
  const html = letterHtml({
    paragraphs: [...(greeting ? [greeting] : []), ...body.split(/\n{2,}/), ...(signOff ? [signOff] : [])],
    footer,
  })
  return { subject, text, html }
}

/**
 * The owner's notice that a requester answered (by e-mail now, by the portal
 * later): who, which request, the new text, and where to answer.
 */
export function customerReplyMail(
  env: Env,
  reply: { reference: string; name: string; email: string; body: string; attachments: number },
): MailContent {
  const name = cleanText(reply.name, 'single')
  const subject = headerSafe(`[${reply.reference}] ${name} replied`, 200)
  const body = cleanText(reply.body, 'multi')
  const files = reply.attachments
    ? `${reply.attachments} attachment${reply.attachments === 1 ? '' : 's'} stored with the message.`
    : null
  const intro = `${name} (${cleanText(reply.email, 'single')}) replied to request ${reply.reference}.`
  const url = requestAdminUrl(env, reply.reference)
  const open = `Read and answer it in the admin panel, where it is marked "Customer replied" until you open it: ${url}`
  const text = [intro, '', body, '', ...(files ? [files, ''] : []), open].join('\n')
  const html = letterHtml({
    paragraphs: [intro, ...body.split(/\n{2,}/), ...(files ? [files] : [])],
    link: { href: url, text: `Open ${reply.reference} in the admin panel` },
    footer: 'It is marked "Customer replied" until you open it.',
  })
  return { subject, text, html }
}

/** The portal sign-in link (issue 24): single use, short-lived (SIGN_IN_LINK_TTL_MINUTES). */
export function portalLinkMail(env: Env, link: { name: string; url: string }): MailContent {
  const subject = headerSafe(`Your sign-in link for ${env.OWNER_NAME}'s client portal`, 200)
  const hello = `Hello ${cleanText(link.name, 'single')},`
  const intro = `Use this link to sign in to the client portal. It works once, within ${SIGN_IN_LINK_LIFETIME}.`
  const footer =
    'If you did not ask for this link, you can ignore this e-mail: nobody can sign in without it.'
  const text = [hello, '', intro, '', link.url, '', env.OWNER_NAME, '', footer].join('\n')
  const html = letterHtml({ paragraphs: [hello, intro, link.url, env.OWNER_NAME], footer })
  return { subject, text, html }
}

/**
 * How soon a support request is answered, by urgency, in the visitor's words:
 * the due-time targets of ADR 053 (DUE_TARGETS in business-time.ts), business
 * hours being Monday-Friday 9am-5pm Central (SPEC §1). Worded here once for the
 * acknowledgement mail (issue 28).
 */
export const RESPONSE_TIMES: Record<string, string> = {
  critical: 'within 4 hours, around the clock',
  high: 'within 4 business hours',
  medium: 'within 2 business days',
  low: 'within 3 business days',
}

/** "Tuesday, November 24, 2026 at 1:00 PM Central Time" for an instant. */
export function describeInstant(at: Date): string {
  const p = businessParts(at.getTime())
  const time = formatSlotTime(`${String(p.h).padStart(2, '0')}:${String(p.min).padStart(2, '0')}`)
  return `${formatCalendarDate(businessDate(at))} at ${time} Central Time`
}

/**
 * The visitor's acknowledgement of a support request (issue 28), like the
 * consultation's "request received": the reference to quote, and when to
 * expect an answer by the chosen urgency. Replying reaches the request's thread.
 */
export function supportReceivedMail(
  env: Env,
  request: { reference: string; name: string; urgency: string; dueAt: Date | null },
): MailContent {
  const subject = headerSafe(
    `Your IT support request ${request.reference} was received (${env.OWNER_NAME})`,
    200,
  )
  const hello = `Hello ${cleanText(request.name, 'single')},`
  const urgency = URGENCY_LEVELS.find((u) => u.value === request.urgency)
  const within = RESPONSE_TIMES[request.urgency] ?? RESPONSE_TIMES.low!
  const intro = `Thank you: your IT support request was received. Its reference is ${request.reference}.`
  const expect = `You chose ${urgency ? `${urgency.label} urgency (${urgency.description})` : 'an urgency'}: expect an answer ${within}${request.dueAt ? `, by ${describeInstant(request.dueAt)}` : ''}. Business hours are Monday-Friday, 9am-5pm Central Time.`
  const footer = `Reference: ${request.reference}. Reply to this e-mail to add anything; please keep the reference in the subject.`
  const text = [hello, '', intro, '', expect, '', env.OWNER_NAME, '', footer].join('\n')
  const html = letterHtml({ paragraphs: [hello, intro, expect, env.OWNER_NAME], footer })
  return { subject, text, html }
}
