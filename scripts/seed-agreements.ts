// The two agreement templates a new install starts with (issue 25): a service
// agreement and a HIPAA Business Associate Agreement. They are DRAFTS written
// as sensible starting points, not legal advice: each is flagged
// needsLegalReview, which the admin shows until the owner has a lawyer review
// it. Seeded once, when there is no template at all (also on an existing
// install, so an upgraded checkout gets them).
import { count } from 'drizzle-orm'
import { createDb, tables } from '../worker/db'

// For the owner only: a fenced owner-note (schema/owner-notes.ts) never reaches the client.
const DRAFT_NOTE = `:::owner-note
**Draft template: have it reviewed by a lawyer before you rely on it.** It is a starting point, not legal advice.
:::`

export const SERVICE_AGREEMENT = `# Service Agreement

${DRAFT_NOTE}

This Service Agreement is between **{{owner.name}}** ("Consultant") and **{{client.name}}** ("Client"), and covers the work described in quote **{{quote.number}}** ("the Quote"), dated {{today}}.

## 1. Services
The Consultant will perform the services described in the Quote. Work outside the Quote is agreed in writing (a new or revised quote) before it starts.

## 2. Fees and payment
The fees are those of the Quote ({{quote.total}} before any optional items the Client chooses). A deposit of {{quote.deposit}} is due on acceptance where the Quote states one; the remainder is invoiced as the Quote's payment terms say. Late invoices may carry a reminder fee where the law allows.

## 3. Client responsibilities
The Client gives timely access to the systems, accounts, premises and people the work needs, and makes sure that the Consultant may lawfully access them.

## 4. Confidentiality
Each party keeps the other's confidential information confidential and uses it only for this work. This survives the end of the agreement.

## 5. Protected health information
If the work involves protected health information (PHI), the parties sign a Business Associate Agreement, which then governs PHI.

## 6. Warranty and liability
The Consultant performs the services with reasonable skill and care. Except where the law does not allow a limit, each party's total liability under this agreement is limited to the fees paid under the Quote.

## 7. Term and termination
Either party may end this agreement with 14 days' written notice. Work done until then is paid.

## 8. Governing law
This agreement is governed by the laws of the State of Texas.

Accepted online by the Client's signature below.
`

export const BUSINESS_ASSOCIATE_AGREEMENT = `# Business Associate Agreement

${DRAFT_NOTE}

This Business Associate Agreement ("BAA") is between **{{client.name}}** ("Covered Entity") and **{{owner.name}}** ("Business Associate"), for the services of quote **{{quote.number}}**, dated {{today}}. It is meant to meet the requirements of HIPAA (45 CFR Parts 160 and 164).

## 1. Permitted uses and disclosures
Business Associate may use or disclose protected health information (PHI) only to perform the services for Covered Entity, as this BAA permits, or as required by law. It uses the minimum necessary PHI.

## 2. Safeguards
Business Associate uses appropriate administrative, physical and technical safeguards, and complies with Subpart C of 45 CFR Part 164 for electronic PHI, to prevent uses or disclosures other than those this BAA permits.

## 3. Reporting
Business Associate reports to Covered Entity, without unreasonable delay and in no case later than 30 days after discovery, any use or disclosure not permitted by this BAA, any security incident, and any breach of unsecured PHI, as 45 CFR 164.410 requires.

## 4. Subcontractors
Business Associate ensures that any subcontractor that creates, receives, maintains or transmits PHI on its behalf agrees in writing to the same restrictions and conditions.

## 5. Individuals' rights
Business Associate makes PHI available for access and amendment, and the information needed for an accounting of disclosures, as 45 CFR 164.524, 164.526 and 164.528 require.

## 6. Books and records
Business Associate makes its internal practices, books and records on PHI available to the Secretary of Health and Human Services for determining compliance.

## 7. Term and termination
This BAA lasts as long as the services. Covered Entity may end it if Business Associate materially breaches it and does not cure the breach within 30 days. On termination, Business Associate returns or destroys all PHI, or, where that is not feasible, extends these protections to it.

Accepted online by the Covered Entity's signature below.
`

export const seedAgreementTemplates = [
  { kind: 'service', name: 'Service Agreement', body: SERVICE_AGREEMENT, needsLegalReview: true },
  {
    kind: 'baa',
    name: 'Business Associate Agreement (HIPAA)',
    body: BUSINESS_ASSOCIATE_AGREEMENT,
    needsLegalReview: true,
  },
]

/** Adds the two templates when there is none at all; returns whether it did. */
export async function seedAgreementsIfNone(env: { DB: D1Database }): Promise<boolean> {
  const db = createDb(env.DB)
  const [row] = await db.select({ n: count() }).from(tables.agreementTemplates)
  if ((row?.n ?? 0) > 0) return false
  await db.insert(tables.agreementTemplates).values(seedAgreementTemplates)
  return true
}
