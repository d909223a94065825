import { expect, type Locator, type Page } from '@playwright/test'

// The admin's date picker (web/admin/DateField.tsx, issue 52.7): react-aria's
// month, day and year segments with a calendar. A test types a date as a
// person does with the keyboard: into the first segment, which moves on by
// itself as each part is whole.

/** The picker labelled `label` (its group of segments) inside `scope`. */
export const datePicker = (scope: Page | Locator, label: string | RegExp) =>
  scope.getByRole('group', { name: label })

/** Types "2027-02-28" into the picker as 02/28/2027 and checks the field shows it. */
export async function fillDate(scope: Page | Locator, label: string | RegExp, date: string) {
  const [y, m, d] = date.split('-') as [string, string, string]
  const group = datePicker(scope, label)
  await group.getByRole('spinbutton').first().pressSequentially(`${m}${d}${y}`)
  await expect(group.getByRole('spinbutton', { name: /year/i })).toHaveText(y)
}
