import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AdminDateField, fromPicked, toCalendarDate, toCalendarDateTime } from './DateField'

afterEach(cleanup)

function Harness({ initial = '', withTime = false }: { initial?: string; withTime?: boolean }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <AdminDateField name="when" label="When" value={value} onChange={setValue} withTime={withTime} />
      <output data-testid="value">{value}</output>
    </>
  )
}

describe('the admin date picker', () => {
  it('reads and writes the calendar date the API takes', () => {
    expect(fromPicked(toCalendarDate('2026-12-19'))).toBe('2026-12-19')
    expect(toCalendarDate('2026-02-30')).toBeNull()
    expect(toCalendarDate('12/19/2026')).toBeNull()
    expect(fromPicked(toCalendarDateTime('2026-11-23 09:05'))).toBe('2026-11-23 09:05')
    expect(fromPicked(null)).toBe('')
  })

  it('shows a stored date in month, day and year segments, never as "2026-12-19"', () => {
    render(<Harness initial="2026-12-19" />)
    const group = screen.getByRole('group', { name: 'When' })
    expect(group.textContent).toContain('12')
    expect(group.textContent).toContain('19')
    expect(group.textContent).toContain('2026')
    expect(group.textContent).not.toContain('2026-12-19')
  })

  it('gives the form the typed date once it is whole', async () => {
    render(<Harness />)
    const user = userEvent.setup()
    await user.click(screen.getAllByRole('spinbutton', { name: /month, When/i })[0]!)
    await user.keyboard('0228')
    expect(screen.getByTestId('value').textContent).toBe('')
    await user.keyboard('2027')
    expect(screen.getByTestId('value').textContent).toBe('2027-02-28')
  })

  it('takes a time of day too, for when something happened', async () => {
    render(<Harness withTime />)
    const user = userEvent.setup()
    await user.click(screen.getAllByRole('spinbutton', { name: /month, When/i })[0]!)
    await user.keyboard('112320260205p')
    expect(screen.getByTestId('value').textContent).toBe('2026-11-23 14:05')
  })
})
