import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Chooses an option of an admin select. Opened from the keyboard: the client
 * list is long by now (every spec on this server adds clients), and a mouse
 * press that opens it can land its release on the first option when the list
 * opens over the button. While the page's other lists still load, the layout
 * moves and react-aria closes an open list on scroll: open and choose again
 * until the button shows the choice.
 */
export async function choose(page: Page, trigger: Locator, option: string | RegExp) {
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await trigger.press('ArrowDown')
    await page
      .getByRole('option', { name: option, exact: typeof option === 'string' })
      .click({ timeout: 2_000 })
    await expect(trigger).toHaveAccessibleName(
      typeof option === 'string' ? new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) : option,
      { timeout: 1_000 },
    )
  }).toPass()
}
