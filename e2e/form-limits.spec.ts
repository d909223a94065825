import { type FieldConstraint, formConstraints } from '../schema/form-constraints'
import { consultationInput, portalLinkInput, replyInput, supportRequestInput } from '../schema/payloads'
import { expect, type Page, test } from './fixtures'
import { mailTo } from './mail'

// The request forms' `required`, `maxlength`, `minlength` and `pattern` are the
// schema's rules (ADR 148), in the HTML itself: checked with JavaScript off, so
// the browser's own check is the server's before any script runs.
test.use({ javaScriptEnabled: false })

async function expectLimits(page: Page, limits: Record<string, FieldConstraint>, fields: string[]) {
  for (const name of fields) {
    const control = page.locator(`form [name="${name}"]`).first()
    const want = limits[name]!
    const got = await control.evaluate((el) => ({
      required: el.hasAttribute('required'),
      maxLength: el.getAttribute('maxlength'),
      minLength: el.getAttribute('minlength'),
      pattern: el.getAttribute('pattern'),
    }))
    expect(got, name).toEqual({
      required: want.required === true,
      maxLength: want.maxLength === undefined ? null : String(want.maxLength),
      minLength: want.minLength === undefined ? null : String(want.minLength),
      pattern: want.pattern ?? null,
    })
  }
}

test('the consultation form carries the limits of consultationInput', async ({ page }) => {
  await page.goto('/schedule-consultation')
  await expect(page.getByLabel('Full Name')).toHaveAttribute('maxlength', '120')
  await expectLimits(page, formConstraints(consultationInput), [
    'name',
    'email',
    'phone',
    'company',
    'projectType',
    'budget',
    'description',
    'preferredDate',
    'preferredTime',
  ])
})

test('the IT-support form carries the limits of supportRequestInput', async ({ page }) => {
  await page.goto('/it-support?form=support')
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('required', '')
  await expectLimits(page, formConstraints(supportRequestInput), [
    'name',
    'email',
    'phone',
    'businessName',
    'issueType',
    'urgency',
    'description',
    'preferredContact',
    'preferredTime',
  ])
})

test('the portal’s sign-in, new-request and reply forms carry the limits of their schemas', async ({
  page,
  request,
}) => {
  const email = `limits-${Date.now().toString(36)}@example.com`
  // A request by this address makes it a contact the portal lets in.
  const sent = await request.post('/api/consultation', {
    data: {
      name: 'Lee Limits',
      email,
      phone: '618-555-0142',
      issueType: 'network',
      urgency: 'low',
      description: 'Limits check',
      preferredContact: 'email',
    },
  })
  expect(sent.status()).toBe(201)
  const { reference } = (await sent.json()) as { reference: string }
  await page.goto('/portal')
  await expectLimits(page, formConstraints(portalLinkInput), ['email'])
  await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way')
  const mail = await mailTo(request, email, /sign-in link/)
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  await page.goto(link!)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/portal/requests/new')
  await expectLimits(page, formConstraints(supportRequestInput), [
    'phone',
    'businessName',
    'issueType',
    'urgency',
    'description',
    'preferredContact',
  ])
  await page.goto(`/portal/requests/${reference}`)
  await expect(page.getByLabel('Your reply')).toBeVisible()
  await expectLimits(page, formConstraints(replyInput), ['body'])
})
