import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuditLogPanel } from './AuditLogPanel'
import { securityApi } from './api'

afterEach(() => vi.restoreAllMocks())

describe('AuditLogPanel (issue 28)', () => {
  it('reads each entry in words, with the technical action one click away', async () => {
    vi.spyOn(securityApi, 'audit').mockResolvedValue({
      entries: [
        {
          id: 1,
          at: '2026-11-24T09:00:00.000Z',
          actor: 'owner',
          action: 'graphql saveContentBlock',
          record: 'about.intro',
          outcome: 'success',
          ip: null,
          userAgent: null,
        },
      ],
      nextBefore: null,
    })
    render(<AuditLogPanel />)
    const table = await screen.findByRole('table', { name: 'Audit log' })
    expect(within(table).getByText('Saved content block about.intro')).toBeTruthy()
    const detail = within(table).getByText('graphql saveContentBlock')
    expect(detail.closest('details')?.open).toBe(false)
    await userEvent.setup().click(within(table).getByText('Details'))
    expect(detail.closest('details')?.open).toBe(true)
  })
})
