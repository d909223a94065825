// Portal access follows the contact (issue 34, point 8;
// docs/decisions/114-portal-access-follows-the-contact.md): changing a
// contact's e-mail, erasing the contact or archiving its client ends the
// contact's sessions at once and kills the links already mailed; an archived
// client's contact gets no new link; and "e-mail me a link" does the same work
// before its answer whether the address is known or not (the look-up and the
// mail come after it).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { app } from '../../worker/app'
import { createSignInLink } from '../../worker/services/portal-links'
import { gql, rest } from './admin-helpers'
import { call, freshIp, ORIGIN } from './helpers'
import { db, formPost, portalCookie, type Seeded, seedClient } from './portal-fixtures'
import { freshEmail } from './requests-fixtures'

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n

const pathOf = (url: string) => new URL(url).pathname

/** Whether the cookie still opens the contact's own request page (else: the sign-in form). */
async function signedIn(cookie: string, a: Seeded) {
  const res = await call(`/portal/requests/${a.reference}`, {
    headers: { Cookie: cookie },
    redirect: 'manual',
  })
  if (res.status === 200) return true
  expect(res.status).toBe(302)
  // The sign-in form, keeping the page (issue 36).
  expect(res.headers.get('Location')).toBe(
    `/portal?next=${encodeURIComponent(`/portal/requests/${a.reference}`)}`,
  )
  return false
}

/** Uses a link as the person would: the Continue button's POST. */
const follow = (link: string) => call(pathOf(link), formPost({}))

const ask = (email: string) =>
  call('/portal', {
    ...formPost({ email }),
    headers: { ...formPost({}).headers, 'cf-connecting-ip': freshIp() },
  })

/** Asks for a link and waits until the work after the answer is done (it runs for every address). */
async function askAndSettle(email: string) {
  const ctx = createExecutionContext()
  const res = await app.request(
    `${ORIGIN}/portal`,
    {
      ...formPost({ email }),
      headers: {
        ...formPost({}).headers,
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        'cf-connecting-ip': freshIp(),
      },
    },
    env,
    ctx,
  )
  expect(res.status).toBe(200)
  await waitOnExecutionContext(ctx)
}

const linksFor = (contactId: number) =>
  count('select count(*) as n from portal_links where contact_id = ?', contactId)

/** A contact signed in, with a second link mailed and not yet used. */
async function signedInWithMailedLink(tag: string) {
  const a = await seedClient(tag)
  const cookie = await portalCookie(a.contactId)
  expect(await signedIn(cookie, a)).toBe(true)
  const mailed = await createSignInLink(db(), env, { contactId: a.contactId })
  return { a, cookie, mailed }
}

describe('changing a contact’s e-mail (GraphQL updateContact)', () => {
  it('ends their sessions at once and the links mailed to the old address no longer sign in', async () => {
    const { a, cookie, mailed } = await signedInWithMailedLink('moved')
    const newEmail = freshEmail('moved-new')
    const { body } = await gql<{ updateContact: { email: string } }>(
      'mutation ($id: ID!, $input: ContactPatch!) { updateContact(id: $id, input: $input) { email } }',
      { id: String(a.contactId), input: { email: newEmail } },
    )
    expect(body.errors).toBeUndefined()
    expect(body.data!.updateContact.email).toBe(newEmail)

    expect(await signedIn(cookie, a)).toBe(false)
    expect(await count('select count(*) as n from portal_sessions where contact_id = ?', a.contactId)).toBe(0)
    const used = await follow(mailed)
    expect(used.status).toBe(410)
    expect(used.headers.get('Set-Cookie')).toBeNull()

    // The old address gets nothing any more; the new one gets a working link.
    await askAndSettle(a.email)
    expect(await linksFor(a.contactId)).toBe(0)
    await askAndSettle(newEmail)
    expect(await linksFor(a.contactId)).toBe(1)
  })

  it('keeps the sessions when the e-mail stays the same (a name or phone change)', async () => {
    const { a, cookie, mailed } = await signedInWithMailedLink('renamed')
    const { body } = await gql(
      'mutation ($id: ID!, $input: ContactPatch!) { updateContact(id: $id, input: $input) { id } }',
      { id: String(a.contactId), input: { name: 'Renamed Person', email: a.email.toUpperCase() } },
    )
    expect(body.errors).toBeUndefined()
    expect(await signedIn(cookie, a)).toBe(true)
    expect((await follow(mailed)).status).toBe(302)
  })
})

describe('archiving the client', () => {
  const archiveBy = {
    'REST PATCH /api/clients/{id}': async (clientId: number) => {
      const res = await rest('PATCH', `/api/clients/${clientId}`, { status: 'archived' })
      expect(res.status).toBe(200)
    },
    'GraphQL archiveClient': async (clientId: number) => {
      const { body } = await gql(
        'mutation ($id: ID!) { archiveClient(id: $id, archived: true) { status } }',
        { id: String(clientId) },
      )
      expect(body.errors).toBeUndefined()
    },
  }

  for (const [path, archive] of Object.entries(archiveBy)) {
    it(`(${path}) ends every contact’s sessions, refuses the mailed links and sends no new ones`, async () => {
      const { a, cookie, mailed } = await signedInWithMailedLink('archived')
      await archive(a.clientId)

      expect(await signedIn(cookie, a)).toBe(false)
      expect(
        await count('select count(*) as n from portal_sessions where client_id = ?', a.clientId),
        'sessions',
      ).toBe(0)
      // The link page offers no Continue for it, and its POST signs nobody in.
      expect((await call(pathOf(mailed))).status).toBe(410)
      const used = await follow(mailed)
      expect(used.status).toBe(410)
      expect(used.headers.get('Set-Cookie')).toBeNull()

      await askAndSettle(a.email)
      expect(await linksFor(a.contactId), 'links').toBe(0)
      expect(
        await count(
          "select count(*) as n from mail_outbox where kind = 'portal-link' and recipient = ?",
          a.email,
        ),
      ).toBe(0)
    })
  }

  it('refuses a link made for an archived client’s contact by any other path (an invoice e-mail)', async () => {
    const a = await seedClient('archived-late')
    await archiveBy['GraphQL archiveClient'](a.clientId)
    const late = await createSignInLink(db(), env, { contactId: a.contactId })
    expect((await follow(late)).status).toBe(410)
  })

  it('refuses the owner’s portal invitation for an archived client, and allows it again once restored', async () => {
    const a = await seedClient('archived-invite')
    await archiveBy['REST PATCH /api/clients/{id}'](a.clientId)
    const invite = 'mutation ($id: ID!) { inviteToPortal(contactId: $id, send: false) { url } }'
    const refused = await gql(invite, { id: String(a.contactId) })
    expect(refused.body.errors?.[0]?.message).toMatch(/archived/)
    expect(await linksFor(a.contactId)).toBe(0)

    const restored = await rest('PATCH', `/api/clients/${a.clientId}`, { status: 'active' })
    expect(restored.status).toBe(200)
    const { body } = await gql<{ inviteToPortal: { url: string } }>(invite, { id: String(a.contactId) })
    expect(body.errors).toBeUndefined()
    expect((await follow(body.data!.inviteToPortal.url)).status).toBe(302)
  })

  it('a session of an archived client stops at once even if its row were left behind', async () => {
    const a = await seedClient('archived-row')
    const cookie = await portalCookie(a.contactId)
    // As a write that bypassed the service would leave it: the client archived, the session still stored.
    await env.DB.prepare("update clients set status = 'archived' where id = ?").bind(a.clientId).run()
    expect(await signedIn(cookie, a)).toBe(false)
  })
})

describe('erasing the contact (GraphQL eraseContact)', () => {
  it('ends their sessions and links', async () => {
    const { a, cookie, mailed } = await signedInWithMailedLink('erased')
    const { body } = await gql('mutation ($id: ID!) { eraseContact(id: $id) { requests } }', {
      id: String(a.contactId),
    })
    expect(body.errors).toBeUndefined()
    expect(await signedIn(cookie, a)).toBe(false)
    expect((await follow(mailed)).status).toBe(410)
    expect(await count('select count(*) as n from portal_sessions where contact_id = ?', a.contactId)).toBe(0)
  })
})

describe('asking for a link answers in the same time for any address', () => {
  /**
   * The statements the answer runs before any work after it can start: the D1
   * binding logs each statement it prepares, and the execution context marks
   * when the first work after the answer is handed to it.
   */
  async function statementsBeforeTheAnswer(email: string) {
    const log: string[] = []
    const DB = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare')
          return (query: string) => {
            log.push(query)
            return target.prepare(query)
          }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const ctx = createExecutionContext()
    const waitUntil = ctx.waitUntil.bind(ctx)
    let answeredAt = -1
    ctx.waitUntil = (promise: Promise<unknown>) => {
      if (answeredAt < 0) answeredAt = log.length
      waitUntil(promise)
    }
    const res = await app.request(
      `${ORIGIN}/portal`,
      {
        ...formPost({ email }),
        headers: {
          ...formPost({}).headers,
          Origin: ORIGIN,
          'Sec-Fetch-Site': 'same-origin',
          'cf-connecting-ip': freshIp(),
        },
      },
      { ...env, DB },
      ctx,
    )
    expect(res.status).toBe(200)
    const html = await res.text()
    await waitOnExecutionContext(ctx)
    expect(answeredAt).toBeGreaterThanOrEqual(0)
    return { before: log.slice(0, answeredAt), after: log.slice(answeredAt), html }
  }

  it('runs no contact look-up, link or e-mail before the answer, for a known or an unknown address', async () => {
    const a = await seedClient('timing')
    const known = await statementsBeforeTheAnswer(a.email)
    const unknown = await statementsBeforeTheAnswer(freshEmail('nobody'))
    // The same work before the answer in both cases, and none of it touches contacts, links or mail.
    expect(known.before).toEqual(unknown.before)
    for (const query of known.before) expect(query).not.toMatch(/"contacts"|"portal_links"|"mail_outbox"/)
    // The look-up happens after the answer, for both; only the known address gets a link and a mail.
    expect(known.after.some((q) => /from "contacts"/.test(q))).toBe(true)
    expect(unknown.after.some((q) => /from "contacts"/.test(q))).toBe(true)
    expect(known.after.some((q) => /insert into "portal_links"/.test(q))).toBe(true)
    expect(unknown.after.some((q) => /insert into "portal_links"/.test(q))).toBe(false)
    const status = (html: string) => html.match(/role="status"[^>]*>([^<]*)</)?.[1]
    expect(status(known.html)).toBe(status(unknown.html))
    await vi.waitFor(async () => expect(await linksFor(a.contactId)).toBe(1))
  })

  it('still mails the known address (after the answer)', async () => {
    const a = await seedClient('timing-mail')
    expect((await ask(a.email)).status).toBe(200)
    await vi.waitFor(async () =>
      expect(
        await count(
          "select count(*) as n from mail_outbox where kind = 'portal-link' and recipient = ?",
          a.email,
        ),
      ).toBe(1),
    )
  })
})
