// What every quote file shares: the tables, the portal scope, the open statuses and the lazy PDF renderer.
import { OPEN_QUOTE_STATUSES } from '../../../schema/quotes'
import { tables } from '../../db'
import type { QuotePdfInput } from '../../pdf/quote-pdf'

/** pdf-lib is loaded on the first PDF, not at start-up (ADR 103). */
export const renderQuotePdf = async (input: QuotePdfInput) =>
  (await import('../../pdf/quote-pdf')).renderQuotePdf(input)

export const q = tables.quotes
export const ql = tables.quoteLines
export const qa = tables.quoteAgreements
export const sig = tables.signatures

/** The contact a portal session belongs to: what every client-side function is scoped by. */
export type PortalScope = { clientId: number; contactId: number }

/** Where the signer's request came from, for the signature record. */
export type RequestMeta = { ip: string | null; userAgent: string | null }

export const OPEN: readonly string[] = OPEN_QUOTE_STATUSES
