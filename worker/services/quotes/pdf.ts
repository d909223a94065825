// PDFs: the signed copy stored once, the mail that carries it, the offer's PDF and the signature check.
import { and, eq, isNull } from 'drizzle-orm'
import { formatCents } from '../../../schema/money'
import { quoteDocumentText, sha256Hex } from '../../../schema/quotes'
import type { Db } from '../../db'
import { letterHtml } from '../../mail/letter-html'
import { queueMail } from '../../mail/outbox'
import { visitorMailEnabled } from '../../mail/visitor'
import { Conflict, NotFound } from '../errors'
import { portalQuote } from './portal'
import { documentOf, getQuote, type QuoteDetail } from './read'
import { clientAgreements, outboxRow } from './sending'
import { type PortalScope, renderQuotePdf, sig } from './shared'

// ---------- The signed copy ----------

const pdfName = (d: QuoteDetail) => `${d.number}${d.revision > 1 ? `-rev${d.revision}` : ''}-signed.pdf`

/** The PDF's input for a quote (signed or not): always the text the client is (or will be) shown. */
function pdfInput(env: Env, d: QuoteDetail, agreements: QuoteDetail['agreements']) {
  const s = d.signature
  return {
    ownerName: env.OWNER_NAME,
    // The PDF fonts are static assets (ADR 110).
    fonts: env.ASSETS,
    quote: documentOf(d),
    chosen: s ? (d.chosenLineIds ?? []) : null,
    agreements,
    sentAt: d.sentAt,
    signature: s
      ? {
          signerName: s.signerName,
          signerEmail: s.signerEmail,
          signedAt: s.signedAt,
          ip: s.ip,
          userAgent: s.userAgent,
          revision: s.revision,
          documentSha256: s.documentSha256,
          agreementHashes: s.agreementHashes,
        }
      : null,
  }
}

/**
 * The signed PDF in R2 and its hash on the signature (made once). Each
 * attempt writes its own key; the record takes the first one stored (the
 * signature row is final once it names a PDF) and a loser removes its copy.
 */
export async function ensureSignedPdf(
  db: Db,
  env: Env,
  id: number,
): Promise<{ key: string; sha256: string }> {
  const d = await getQuote(db, id)
  const s = d.signature
  if (!s) throw new Conflict('This quote has not been signed.')
  if (s.pdfKey && s.pdfSha256) return { key: s.pdfKey, sha256: s.pdfSha256 }
  const bytes = await renderQuotePdf(pdfInput(env, d, d.agreements))
  const sha256 = await sha256Hex(bytes)
  const key = `quotes/${d.id}/${crypto.randomUUID()}/${pdfName(d)}`
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } })
  const [stored] = await db
    .update(sig)
    .set({ pdfKey: key, pdfSha256: sha256 })
    .where(and(eq(sig.id, s.id), isNull(sig.pdfKey)))
    .returning({ id: sig.id })
  if (stored) return { key, sha256 }
  await env.FILES.delete(key)
  const [winner] = await db.select().from(sig).where(eq(sig.id, s.id))
  return { key: winner!.pdfKey!, sha256: winner!.pdfSha256! }
}

export async function queueAcceptanceMail(db: Db, env: Env, d: QuoteDetail, pdfKey: string, now: Date) {
  const attachments = [{ key: pdfKey, filename: pdfName(d), type: 'application/pdf' }]
  const total = formatCents(d.totals.totalCents)
  const deposit = d.depositInvoice
    ? ` The deposit invoice ${d.depositInvoice.number} for ${formatCents(d.depositInvoice.totalCents)} was issued and sent to the client.`
    : d.depositToInvoice
      ? ` Deposit to invoice: ${formatCents(d.depositCents)}.`
      : ''
  const ownerText = `${d.signature!.signerName} (${d.client.name}) accepted the quote ${d.label} ("${d.title}") for ${total}.${deposit} The signed copy is attached.`
  const rows = [
    outboxRow({
      recipient: env.NOTIFY_EMAIL,
      subject: `Quote ${d.label} accepted by ${d.client.name}`,
      text: ownerText,
      html: letterHtml({ paragraphs: [ownerText] }),
      attachments,
    }),
  ]
  if (visitorMailEnabled(env)) {
    const depositNote = d.depositInvoice
      ? ` The deposit invoice ${d.depositInvoice.number} for ${formatCents(d.depositInvoice.totalCents)} is in your client portal, where you can pay it.`
      : ''
    const text = `Hello ${d.signature!.signerName},\n\nThank you for accepting the quote ${d.label} ("${d.title}") for ${total}. Your signed copy is attached.${depositNote}\n\n${env.OWNER_NAME}`
    rows.push(
      outboxRow({
        recipient: d.signature!.signerEmail,
        subject: `Your signed quote ${d.label}`,
        text,
        html: letterHtml({ paragraphs: text.split('\n\n') }),
        attachments,
      }),
    )
  }
  const ids = await queueMail(db, rows, now)
  return ids.map((r) => r.id)
}

/**
 * The quote's PDF: the stored signed copy once accepted, else the offer as
 * it stands (a draft shows its current text). `scope` limits it to a client.
 */
export async function quotePdf(db: Db, env: Env, id: number, scope?: PortalScope) {
  const d = scope ? await portalQuote(db, scope, id) : await getQuote(db, id)
  if (d.signature) {
    const { key } = await ensureSignedPdf(db, env, id)
    const object = await env.FILES.get(key)
    if (!object) throw new NotFound('The signed copy is missing from storage')
    return { filename: pdfName(d), bytes: new Uint8Array(await object.arrayBuffer()) }
  }
  return {
    filename: `${d.number}${d.revision > 1 ? `-rev${d.revision}` : ''}.pdf`,
    bytes: await renderQuotePdf(pdfInput(env, d, await clientAgreements(db, env, d))),
  }
}

/** Checks the stored signed PDF and the quote's text against the signature record. */
export async function verifySignature(db: Db, env: Env, id: number) {
  const d = await getQuote(db, id)
  const s = d.signature
  if (!s) throw new Conflict('This quote has not been signed.')
  const object = s.pdfKey ? await env.FILES.get(s.pdfKey) : null
  const pdfSha256 = object ? await sha256Hex(await object.arrayBuffer()) : null
  const documentSha256 = await sha256Hex(quoteDocumentText(documentOf(d), d.chosenLineIds ?? []))
  const agreements = await Promise.all(
    d.agreements.map(async (a, i) => ({
      name: a.name,
      matches: (await sha256Hex(a.body)) === s.agreementHashes[i]?.sha256,
    })),
  )
  return {
    recordedPdfSha256: s.pdfSha256,
    storedPdfSha256: pdfSha256,
    pdfMatches: pdfSha256 !== null && pdfSha256 === s.pdfSha256,
    documentMatches: documentSha256 === s.documentSha256,
    agreementsMatch: agreements.every((a) => a.matches),
  }
}
