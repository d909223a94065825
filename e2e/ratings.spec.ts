import { expect, signInOwner, test } from './fixtures'
import { mailTo } from './mail'

// Issue 40, as the requester and the owner live it: the owner resolves a
// support request, the requester's e-mail carries the rating links, the link
// opens a page that asks before it records (ADR 160), a good rating offers
// "May we quote you?", and once the owner approves in the content editor the
// words are on the home page, rendered by the server.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

test('a rating from the e-mail link, and an approved testimonial on the home page', async ({
  page,
  ownerRequest,
}) => {
  const email = unique('rater')
  const sent = await page.request.post('/api/consultation', {
    data: {
      name: 'Rae Rater',
      email,
      phone: '618-555-0142',
      businessName: 'Rater Dental',
      issueType: 'network',
      urgency: 'medium',
      description: 'The front desk printer is offline.',
      preferredContact: 'email',
    },
  })
  expect(sent.ok(), await sent.text()).toBe(true)
  const list = (await (await ownerRequest.get('/api/support-requests')).json()) as {
    id: number
    email: string
  }[]
  const request = list.find((r) => r.email === email)!
  const resolved = await ownerRequest.patch(`/api/support-requests/${request.id}`, {
    data: { status: 'resolved' },
  })
  expect(resolved.ok()).toBe(true)

  const mail = await mailTo(page.request, email, /How did we do/)
  const link = /https?:\/\/[^\s"<>]+\/rate\/[^\s"<>]+\?rating=good/.exec(mail.text ?? '')?.[0]
  expect(link, 'the e-mail carries a rating link').toBeTruthy()
  const url = new URL(link!)
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page.getByRole('radio', { name: 'Good' })).toBeChecked()
  await page.getByRole('button', { name: 'Send rating' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you for your rating.')
  await expect(page.getByText('Your rating: Good')).toBeVisible()

  const words = `Patient, clear and fast ${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Your words' }).fill(words)
  await page.getByLabel('Your name as it should appear (or your initials)').fill('R. R.')
  await page.getByRole('textbox', { name: 'Practice name' }).fill('Rater Dental')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('We will show your words once we have read them')
  // The link works once.
  await page.goto(`${url.pathname}?rating=poor`)
  await expect(page.getByRole('button', { name: 'Send rating' })).toHaveCount(0)

  await page.goto('/')
  await expect(page.getByText(words)).toHaveCount(0)

  await signInOwner(page.request)
  await page.goto('/admin/content')
  const item = page
    .getByRole('list', { name: 'Testimonials' })
    .getByRole('listitem')
    .filter({ hasText: words })
  await item.getByRole('button', { name: /Approve/ }).click()
  await expect(item).toContainText('Approved (shown on the website)')

  await page.goto('/')
  const quote = page.getByRole('region', { name: 'What clients say' }).getByText(words)
  await expect(quote).toBeVisible()
  await expect(page.getByText('R. R.')).toBeVisible()
})
