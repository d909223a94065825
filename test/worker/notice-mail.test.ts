// The breach notice's e-mail (issue 52): the owner writes the notice in
// Markdown; the e-mail's HTML part is that Markdown rendered (headings, lists,
// bold; raw HTML escaped, never run) and its text part reads as plain text,
// without "##" or "**"; the editor's preview renders the same way; the
// portal lets the client download the signed BAA on file, and another
// client's BAA is a 404.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { gql } from './admin-helpers'
import { asOwner, json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { portalCookie } from './portal-fixtures'

const MARKDOWN = [
  'To the practice,',
  '',
  '## What happened',
  'A laptop was **stolen** from a car.',
  '- Date of discovery: Nov 23, 2026',
  '- Disk: encrypted',
  '',
  '<script>alert(1)</script>',
].join('\n')

describe('the breach notice in its e-mail', () => {
  it('renders the Markdown in the HTML part and reads plainly in the text part', async () => {
    const c = await makeClient()
    const incident = await json<{ id: number }>(
      await asOwner('/api/incidents', {
        method: 'POST',
        json: {
          title: 'Laptop stolen from a car',
          discoveredAt: '2026-11-23T09:00:00-06:00',
          description: 'The front-desk laptop was stolen.',
          clientIds: [c.clientId],
          ephiInvolved: 'unknown',
          individualsAffected: null,
        },
      }),
    )
    const draft = await json<{ id: number }>(
      await asOwner(`/api/incidents/${incident.id}/notices`, {
        method: 'POST',
        json: { clientId: c.clientId },
      }),
    )
    expect(
      (await asOwner(`/api/incident-notices/${draft.id}`, { method: 'PATCH', json: { body: MARKDOWN } }))
        .status,
    ).toBe(200)

    const preview = await gql<{ incidentNoticePreview: string }>(
      'query($b: String!) { incidentNoticePreview(body: $b) }',
      { b: MARKDOWN },
    )
    const previewHtml = preview.body.data!.incidentNoticePreview
    expect(previewHtml).toContain('<h2>What happened</h2>')
    expect(previewHtml).toContain('<strong>stolen</strong>')
    expect(previewHtml).not.toContain('<script>')

    expect(
      (await asOwner(`/api/incident-notices/${draft.id}/send`, { method: 'POST', json: {} })).status,
    ).toBe(200)
    const mail = await env.DB.prepare(
      "select text_body, html_body from mail_outbox where kind = 'incident-notice' and recipient = ?",
    )
      .bind(c.email)
      .first<{ text_body: string; html_body: string }>()
    expect(mail!.html_body).toContain('<h2>What happened</h2>')
    expect(mail!.html_body).toContain('<strong>stolen</strong>')
    expect(mail!.html_body).toMatch(/<li>Date of discovery: Nov 23, 2026<\/li>/)
    expect(mail!.html_body).not.toContain('<script>')
    expect(mail!.html_body).toContain('&lt;script&gt;')
    expect(mail!.html_body).not.toContain('## ')
    expect(mail!.text_body).toContain('What happened\n=============')
    expect(mail!.text_body).toContain('A laptop was stolen from a car.')
    expect(mail!.text_body).toContain('- Date of discovery: Nov 23, 2026\n- Disk: encrypted')
    expect(mail!.text_body).not.toContain('##')
    expect(mail!.text_body).not.toContain('**')
    expect(mail!.text_body).toContain('The notice is also attached as a PDF')
  })
})

describe('the signed BAA in the portal', () => {
  it("downloads the client's own signed BAA; another client's is a 404", async () => {
    const a = await makeClient()
    const b = await makeClient()
    const recorded = async (clientId: number, pdf: string) => {
      const baa = await json<{ id: number }>(
        await asOwner('/api/baas', {
          method: 'POST',
          json: { clientId, effectiveDate: '2026-01-01', renewalDate: '2027-01-01' },
        }),
      )
      const put = await asOwner(`/api/baas/${baa.id}/document`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/pdf' },
        body: `%PDF-1.4\n% ${pdf}\n%%EOF\n`,
      })
      expect(put.status).toBeLessThan(300)
      return baa.id
    }
    const mine = await recorded(a.clientId, 'signed by A')
    const theirs = await recorded(b.clientId, 'signed by B')
    const cookie = await portalCookie(a.contactId)

    const page = await (await call('/portal/compliance', { headers: { Cookie: cookie } })).text()
    expect(page).toContain(`href="/portal/compliance/baas/${mine}/pdf"`)
    expect(page).toContain('Download the signed BAA (PDF)')
    expect(page).toContain('Thursday, January 1, 2026')
    expect(page).not.toContain('2026-01-01')
    expect(page).not.toContain(`/portal/compliance/baas/${theirs}/pdf`)

    const own = await call(`/portal/compliance/baas/${mine}/pdf`, { headers: { Cookie: cookie } })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/pdf')
    expect(own.headers.get('cache-control')).toMatch(/no-store/)
    expect(await own.text()).toContain('signed by A')
    for (const id of [theirs, 999_999_999])
      expect((await call(`/portal/compliance/baas/${id}/pdf`, { headers: { Cookie: cookie } })).status).toBe(
        404,
      )
    expect((await call(`/portal/compliance/baas/${mine}/pdf`)).status).toBe(401)
  })
})
