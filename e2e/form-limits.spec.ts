import { type FieldConstraint, formConstraints } from '../schema/form-constraints'
import { consultationInput, supportRequestInput } from '../schema/payloads'
import { expect, type Page, test } from './fixtures'
import { blockExternal } from './public-helpers'

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
  await blockExternal(page)
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
  await blockExternal(page)
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
