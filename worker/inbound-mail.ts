// The email() handler's work (docs/decisions/054-mail-threads.md): mail sent to
// a request's reply address (reply-s12-<token>@REPLY_DOMAIN, routed to this
// Worker by Cloudflare Email Routing) is verified, parsed, trimmed of quoted
// history and signature, and appended to the request's thread. Anything else
// is refused with a reason, which the sender's server turns into a bounce.
import { MAX_UPLOAD_BYTES } from '../schema/constants'
import type { RequestMessage } from '../schema/tables'
import { cleanText } from '../schema/text'
import { createDb, type Db } from './db'
import { FILE_KINDS, sniffFile } from './files/sniff'
import { log } from './log'
import { deliverLogged } from './mail/outbox'
import { verifyReplyAddress } from './mail/reply-address'
import { recordCustomerReply } from './services/customer-replies'
import { NotFound } from './services/errors'
import { INBOUND_DAILY_LIMIT, inboundRefusal } from './services/requests'

/** A whole message (headers, body, attachments encoded) may be at most this big. */
export const MAX_INBOUND_BYTES = 15 * 1024 * 1024
/** At most this many attachments; each one as an upload (10 MB, FILE_KINDS, checked by content). */
export const MAX_INBOUND_ATTACHMENTS = 5
/** The stored text of one message. */
const MAX_BODY_CHARS = 20_000

export const REJECTIONS = {
  unknownAddress: 'Unknown or invalid reply address',
  tooLarge: 'Message too large (at most 15 MB)',
  tooManyAttachments: `Too many attachments (at most ${MAX_INBOUND_ATTACHMENTS})`,
  attachmentTooLarge: 'An attachment is larger than 10 MB',
  attachmentType: 'Attachments must be images, PDF, DOC, DOCX, TXT or MD files',
  unreadable: 'The message could not be read',
  empty: 'The message is empty',
  wrongSender: "Replies are accepted only from the request's own e-mail address",
  closed: 'This request was closed more than 30 days ago; please send a new request',
  quota: `Too many replies to this request today (at most ${INBOUND_DAILY_LIMIT})`,
  activeContent: 'SVG and HTML attachments are not accepted',
  dmarc: "The message failed the sender domain's DMARC check",
} as const

/** The interface of ForwardableEmailMessage this handler uses (so tests can pass a plain object). */
export type InboundMessage = Pick<
  ForwardableEmailMessage,
  'from' | 'to' | 'raw' | 'rawSize' | 'setReject'
> & {
  headers?: Headers
}

/** The kinds an inbound attachment may be: the upload kinds without SVG (it can carry script). */
const INBOUND_KINDS = FILE_KINDS.filter((kind) => kind !== 'svg')

/**
 * Active content: SVG or HTML by name, declared type or content (a text file
 * that is markup would render as a page wherever it is opened).
 */
export function activeContent(name: string, declaredType: string, bytes: Uint8Array): boolean {
  if (/\.(svg|svgz|html?|xhtml|xht|mht|mhtml)$/i.test(name)) return true
  if (/svg|html|xml/i.test(declaredType)) return true
  const head = new TextDecoder().decode(bytes.subarray(0, 2048)).trimStart().toLowerCase()
  return /^(<\?xml|<!doctype\s+(html|svg)|<html|<svg|<script|<body|<head)/.test(head)
}

/**
 * Whether Email Routing's verdict (an Authentication-Results header, RFC 8601)
 * says the From domain failed DMARC. No header, or no dmarc result: not failed
 * (the check is made where the results are passed).
 */
export function dmarcFailed(values: (string | null | undefined)[]): boolean {
  return values.some((v) => v != null && /\bdmarc\s*=\s*fail\b/i.test(v))
}

/**
 * The new part of a reply: the text above the quoted history ("On ... wrote:",
 * "-----Original Message-----", "From: ..." blocks, ">" lines) and above the
 * signature delimiter ("-- "). Where nothing is recognised, the whole text.
 */
export function stripQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const out: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const next = lines[i + 1] ?? ''
    if (/^-- ?$/.test(line)) break
    if (/^-{2,}\s*Original Message\s*-{2,}/i.test(line)) break
    if (/^_{10,}$/.test(line.trim())) break
    if (/^On .+wrote:\s*$/i.test(line) || (/^On /i.test(line) && /wrote:\s*$/i.test(`${line} ${next}`))) break
    if (/^From: .+/i.test(line) && out.length && /^(Sent|Date): /i.test(next)) break
    if (/^>/.test(line)) continue
    out.push(line)
  }
  const trimmed = out.join('\n').trim()
  return trimmed || text.trim()
}

/**
 * Where a mail client's HTML puts the quoted history: Outlook's reply header
 * block (divRplyFwdMsg, after the appendonsend marker), Gmail's gmail_quote,
 * Thunderbird's moz-cite-prefix, Yahoo's yahoo_quoted. The text is cut there.
 */
const HTML_QUOTE_START =
  /<[a-z][^>]*\b(?:id=["']?(?:divRplyFwdMsg|appendonsend)\b|class=["']?[^"'>]*\b(?:gmail_quote|moz-cite-prefix|yahoo_quoted)\b)/i

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })

/**
 * An HTML body as text, without the quoted part. Line breaks come from the
 * markup only (source newlines are spaces in HTML), so Outlook's "From:" and
 * "Sent:" lines stay adjacent for stripQuoted to recognise.
 */
export const htmlToText = (html: string) => {
  const cut = html.search(HTML_QUOTE_START)
  return decodeEntities(
    (cut >= 0 ? html.slice(0, cut) : html)
      .replace(/<(style|script|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<blockquote[\s\S]*?<\/blockquote\s*>/gi, '')
      .replace(/\s+/g, ' ')
      .replace(/<br\b[^>]*>/gi, '\n')
      .replace(/<\/?(p|div|li|tr|table|h[1-6]|hr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * The new part of a message. A real text part is taken as sent; but when the
 * message is HTML only, postal-mime's own text keeps blockquotes and the
 * source's line breaks, so the HTML is read here too, and the shorter of the
 * two trimmed versions (the one with more history recognised) is kept.
 */
export function newPartOf(parsed: { text?: string; html?: string }): string {
  const candidates = [
    parsed.text?.trim() ? stripQuoted(parsed.text) : '',
    parsed.html ? stripQuoted(htmlToText(parsed.html)) : '',
  ].filter(Boolean)
  return candidates.sort((a, b) => a.length - b.length)[0] ?? ''
}

async function readRaw(raw: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = raw.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return bytes
}

/** The Worker's email() handler. Resolves once the message is stored or refused. */
export async function receiveMail(
  message: InboundMessage,
  env: Env,
  db: Db = createDb(env.DB),
): Promise<void> {
  const reject = (reason: string) => {
    log('warn', 'inbound mail refused', { reason })
    message.setReject(reason)
  }
  const target = await verifyReplyAddress(env, message.to)
  if (!target) return reject(REJECTIONS.unknownAddress)
  if (dmarcFailed([message.headers?.get('authentication-results')])) return reject(REJECTIONS.dmarc)
  // Who may write, when, and how often, before anything is read (issue 27).
  const refusal = await inboundRefusal(db, target.kind, target.id, message.from)
  if (refusal === 'unknown') return reject(REJECTIONS.unknownAddress)
  if (refusal === 'sender') return reject(REJECTIONS.wrongSender)
  if (refusal === 'closed') return reject(REJECTIONS.closed)
  if (refusal === 'quota') return reject(REJECTIONS.quota)
  if (message.rawSize > MAX_INBOUND_BYTES) return reject(REJECTIONS.tooLarge)
  const raw = await readRaw(message.raw, MAX_INBOUND_BYTES)
  if (!raw) return reject(REJECTIONS.tooLarge)

  // The MIME parser only when mail comes in: not evaluated at start-up for every request.
  const { default: PostalMime } = await import('postal-mime')
  const parsed = await PostalMime.parse(raw).catch(() => null)
  if (!parsed) return reject(REJECTIONS.unreadable)
  const results = parsed.headers.filter((h) => h.key === 'authentication-results').map((h) => h.value)
  if (dmarcFailed(results)) return reject(REJECTIONS.dmarc)

  // Attachments: every one passes the upload rules, or the whole message is refused.
  const files = parsed.attachments.filter((a) => a.disposition !== 'inline' || a.filename)
  if (files.length > MAX_INBOUND_ATTACHMENTS) return reject(REJECTIONS.tooManyAttachments)
  const checked: { name: string; mime: string; bytes: Uint8Array }[] = []
  for (const a of files) {
    const bytes =
      typeof a.content === 'string'
        ? new TextEncoder().encode(a.content)
        : new Uint8Array(a.content as ArrayBuffer)
    if (bytes.byteLength > MAX_UPLOAD_BYTES) return reject(REJECTIONS.attachmentTooLarge)
    const name =
      (a.filename ?? 'attachment')
        .split(/[\\/]/)
        .pop()!
        .replace(/\p{Cc}/gu, '')
        .trim()
        .slice(0, 255) || 'attachment'
    if (activeContent(name, a.mimeType ?? '', bytes)) return reject(REJECTIONS.activeContent)
    const sniffed = bytes.byteLength ? sniffFile(bytes, name, INBOUND_KINDS) : null
    if (!sniffed) return reject(REJECTIONS.attachmentType)
    checked.push({ name, mime: sniffed.mime, bytes })
  }

  const body = cleanText(newPartOf(parsed), 'multi').slice(0, MAX_BODY_CHARS)
  if (!body && !checked.length) return reject(REJECTIONS.empty)

  const attachments: RequestMessage['attachments'] = []
  for (const file of checked) {
    const key = `mail/${target.kind}-${target.id}/${crypto.randomUUID()}`
    await env.FILES.put(key, file.bytes, { httpMetadata: { contentType: file.mime } })
    attachments.push({ name: file.name, type: file.mime, size: file.bytes.byteLength, key })
  }
  let noticeId: number | null
  try {
    ;({ outboxId: noticeId } = await recordCustomerReply(db, env, target, {
      // The envelope sender, which was checked against the request (a From header is only a claim).
      author: message.from.slice(0, 320),
      body: body || '(attachments only)',
      attachments,
    }))
  } catch (err) {
    // The request was erased meanwhile (or the write failed): keep no orphan files.
    await Promise.all(attachments.map((a) => env.FILES.delete(a.key)))
    if (err instanceof NotFound) return reject(REJECTIONS.unknownAddress)
    throw err
  }
  // The owner's notice goes now (a failure stays in the outbox for the cron).
  if (noticeId !== null) await deliverLogged(db, env, noticeId)
}
