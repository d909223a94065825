import { describe, expect, it } from 'vitest'
import { auditWords } from './audit-words'

const ok = (action: string, record: string | null = null) =>
  auditWords({ action, record, outcome: 'success' })

describe('auditWords (issue 28: the audit log in words)', () => {
  it('says what a GraphQL mutation did to which record', () => {
    expect(ok('graphql updateConsultation', 'C-1002')).toBe('Changed consultation C-1002')
    expect(ok('graphql saveContentBlock', 'about.intro')).toBe('Saved content block about.intro')
    expect(ok('graphql createProject, deleteSkill')).toBe('Created project; Deleted skill')
  })
  it('says what a REST write did, without the route syntax', () => {
    expect(ok('PUT /api/availability/settings')).toBe('Saved availability settings')
    expect(ok('PATCH /api/consultations/:id', '2')).toBe('Changed consultation 2')
    expect(ok('PUT /api/resumes/:id/activate', '7')).toBe('Activated resume 7')
    expect(ok('DELETE /api/skills/:id', '4')).toBe('Deleted skill 4')
  })
  it('names sign-in and security actions, and says when one failed', () => {
    expect(ok('sign-in.passkey')).toBe('Signed in with a passkey')
    expect(auditWords({ action: 'sign-in', record: null, outcome: 'failure' })).toBe('Sign-in refused')
    expect(auditWords({ action: 'PATCH /api/consultations/:id', record: '2', outcome: 'failure' })).toBe(
      'Changed consultation 2 (failed)',
    )
    expect(ok('something.new', 'x')).toBe('Something new x')
  })
})

describe("auditWords with the record's reference and new state (issue 28)", () => {
  const changed = (action: string, record: string, state: string | null) =>
    auditWords({ action, record, state, outcome: 'success' })
  it('says which request changed to which status', () => {
    expect(changed('graphql updateConsultation', 'C-1002', 'confirmed')).toBe('Changed C-1002 to Confirmed')
    expect(changed('PATCH /api/consultations/:id', 'C-1002', 'pending')).toBe('Changed C-1002 to Pending')
    expect(changed('graphql updateSupportRequest', 'S-1025', 'waiting')).toBe(
      'Changed S-1025 to Waiting on requester',
    )
    expect(changed('PATCH /api/support-requests/:id', 'S-1025', 'in_progress')).toBe(
      'Changed S-1025 to In progress',
    )
  })
  it('uses the ending status as the verb', () => {
    expect(changed('graphql updateSupportRequest', 'S-1025', 'closed')).toBe('Closed S-1025')
    expect(changed('PATCH /api/support-requests/:id', 'S-1025', 'resolved')).toBe('Resolved S-1025')
    expect(changed('graphql updateConsultation', 'C-1002', 'cancelled')).toBe('Cancelled C-1002')
  })
  it('without a new state (a notes change) or on failure, says what it said before', () => {
    expect(changed('graphql updateConsultation', 'C-1002', null)).toBe('Changed consultation C-1002')
    expect(
      auditWords({
        action: 'graphql updateConsultation',
        record: 'C-1002',
        state: 'confirmed',
        outcome: 'failure',
      }),
    ).toBe('Changed consultation C-1002 (failed)')
    expect(changed('graphql saveContent', 'about.intro', null)).toBe('Saved content about.intro')
  })
})
