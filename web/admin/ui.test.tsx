import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminButton, AdminTextField, CardTable } from './ui'

afterEach(cleanup)

function Rows() {
  const [rows, setRows] = useState(['INV-1'])
  return (
    <>
      <button type="button" onClick={() => setRows((r) => [...r, `INV-${r.length + 1}`])}>
        more
      </button>
      <CardTable label="Invoices">
        <thead>
          <tr>
            <th>Number</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r}>
              <td>{r}</td>
              <td>
                <button type="button">Send {r}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </CardTable>
    </>
  )
}

describe('CardTable (ADR 125)', () => {
  it("names every cell after its column, rows added later too, so a phone's card reads each value", async () => {
    render(<Rows />)
    const table = screen.getByRole('table', { name: 'Invoices' })
    expect(table.classList.contains('card-table')).toBe(true)
    const labels = () => [...table.querySelectorAll('tbody td')].map((td) => td.getAttribute('data-label'))
    expect(labels()).toEqual(['Number', 'Actions'])
    screen.getByRole('button', { name: 'more' }).click()
    await waitFor(() => expect(labels()).toEqual(['Number', 'Actions', 'Number', 'Actions']))
  })
})

/** A form whose first Save is refused by "the server" with a field error on URL. */
function Refused({ onSaved }: { onSaved: (url: string) => void }) {
  const [url, setUrl] = useState('ftp://router')
  const [errors, setErrors] = useState<Record<string, string>>({})
  return (
    <Form
      validationErrors={errors}
      validationBehavior="aria"
      onSubmit={(e) => {
        e.preventDefault()
        if (url.startsWith('http')) onSaved(url)
        else setErrors({ url: 'URL must start with http:// or https://' })
      }}
    >
      <AdminTextField name="url" label="URL" value={url} onChange={setUrl} />
      <AdminButton type="submit">Save</AdminButton>
    </Form>
  )
}

describe('AdminTextField and a server field error (issue 38.5)', () => {
  it('keeps the error through a blur, and clears it as the value changes, not when the field loses focus', async () => {
    const user = userEvent.setup()
    const saved = vi.fn()
    render(<Refused onSaved={saved} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const field = screen.getByRole('textbox', { name: 'URL' })
    expect(screen.getByText('URL must start with http:// or https://')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')

    // The native change event (which a browser fires on blur) does not take the message away.
    await user.click(field)
    fireEvent.change(field, { target: { value: 'ftp://router' } })
    fireEvent.blur(field)
    expect(screen.getByText('URL must start with http:// or https://')).toBeTruthy()

    // Changing the value does, while the field still has focus: the layout settles before the pointer
    // reaches Save, so the first click on it counts.
    await user.clear(field)
    await user.type(field, 'https://router')
    expect(document.activeElement).toBe(field)
    expect(screen.queryByText('URL must start with http:// or https://')).toBeNull()
    expect(field.getAttribute('aria-invalid')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(saved).toHaveBeenCalledWith('https://router')
  })
})
