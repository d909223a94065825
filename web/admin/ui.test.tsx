import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CardTable } from './ui'

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
