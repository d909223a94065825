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

/** Types "2026-11-23 14:05" (business time) into a date-and-time picker: 11/23/2026, 2:05 PM. */
export async function fillDateTime(scope: Page | Locator, label: string | RegExp, value: string) {
  const [date, time] = value.split(/[T ]/) as [string, string]
  const [y, m, d] = date.split('-') as [string, string, string]
  const [h, min] = time.split(':').map(Number) as [number, number]
  const hour12 = String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')
  const group = datePicker(scope, label)
  await group
    .getByRole('spinbutton')
    .first()
    .pressSequentially(`${m}${d}${y}${hour12}${String(min).padStart(2, '0')}`)
  await group.getByRole('spinbutton', { name: /AM\/PM/i }).press(h < 12 ? 'a' : 'p')
  await expect(group.getByRole('spinbutton', { name: /minute/i })).toHaveText(String(min).padStart(2, '0'))
}
