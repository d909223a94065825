// The audit log in words (issue 28): "Changed C-1002 to Confirmed", "Closed
// S-1025", "Saved content block about.intro", "Signed in with a passkey". Entries keep their technical
// action ("graphql updateConsultation", "PUT /api/availability/settings"); the
// panel shows these words first and the action one click away.

import { SUPPORT_STATUS_LABELS } from '../../../schema/request-statuses'

const NAMED: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in.password': 'Signed in with the password',
  'sign-in.passkey': 'Signed in with a passkey',
  'sign-in.second-factor': 'Signed in with a second factor',
  'sign-out': 'Signed out',
  register: 'Created the owner account',
  reauth: 'Confirmed the password or passkey again',
  'password.change': 'Changed the password',
  'passkey.enrol': 'Added a passkey',
  'passkey.remove': 'Removed a passkey',
  'passkey.rename': 'Renamed a passkey',
  'totp.enrol': 'Set up the authenticator app',
  'totp.remove': 'Removed the authenticator app',
  'recovery-codes.create': 'Created new recovery codes',
  'session.end': 'Ended a session',
  'session.end-others': 'Ended the other sessions',
  'api-token.create': 'Created an access token',
  'api-token.revoke': 'Revoked an access token',
  'merge client': 'Merged clients',
}

/** A GraphQL mutation's leading verb, in the past tense. */
const VERBS: Record<string, string> = {
  create: 'Created',
  add: 'Added',
  update: 'Changed',
  set: 'Set',
  save: 'Saved',
  upsert: 'Saved',
  delete: 'Deleted',
  remove: 'Removed',
  erase: 'Erased',
  reply: 'Replied to',
  mark: 'Marked',
  activate: 'Activated',
  reorder: 'Reordered',
  merge: 'Merged',
  send: 'Sent',
  invite: 'Invited',
  end: 'Ended',
  revoke: 'Revoked',
  accept: 'Accepted',
  decline: 'Declined',
}

const METHOD_VERBS: Record<string, string> = {
  POST: 'Created',
  PUT: 'Saved',
  PATCH: 'Changed',
  DELETE: 'Deleted',
}

const words = (camel: string) =>
  camel
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]/g, ' ')
    .toLowerCase()
    .trim()

const withRecord = (phrase: string, record: string | null) => (record ? `${phrase} ${record}` : phrase)

function graphqlWords(fields: string, record: string | null): string {
  return fields
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .map((field) => {
      const [first = '', ...rest] = words(field).split(' ')
      const verb = VERBS[first]
      return verb ? withRecord([verb, ...rest].join(' '), record) : withRecord(`Ran ${words(field)}`, record)
    })
    .join('; ')
}

/** "consultations" -> "consultation", "support-requests" -> "support request" (the route's plural). */
const singular = (resource: string) => words(resource).replace(/s$/, '')

function restWords(method: string, path: string, record: string | null): string {
  // "/api/resumes/:id/activate": resource "resumes", then what was done to it.
  const [resource = '', ...rest] = path.replace(/^\/api\//, '').split('/')
  const tail = words(rest.filter((p) => p !== ':id').join(' '))
  const noun = singular(resource)
  const verb = VERBS[tail.split(' ')[0] ?? '']
  // "Activated resume 7" when the tail is a verb; "Saved availability settings" when it names a part.
  if (verb)
    return withRecord(
      `${verb} ${noun}${tail.includes(' ') ? ` ${tail.slice(tail.indexOf(' ') + 1)}` : ''}`,
      record,
    )
  return withRecord(`${METHOD_VERBS[method] ?? method} ${noun}${tail ? ` ${tail}` : ''}`, record)
}

/** A request's status change: the writes that carry a new state (worker/middleware/audit-writes.ts). */
const STATUS_CHANGES: Record<string, 'consultation' | 'support'> = {
  'graphql updateConsultation': 'consultation',
  'PATCH /api/consultations/:id': 'consultation',
  'graphql updateSupportRequest': 'support',
  'PATCH /api/support-requests/:id': 'support',
}
/** Ending states read best as their own verb: "Closed S-1025", "Cancelled C-1002". */
const ENDING_VERBS: Record<string, string> = {
  cancelled: 'Cancelled',
  completed: 'Completed',
  resolved: 'Resolved',
  closed: 'Closed',
}

/** "Changed C-1002 to Confirmed", "Closed S-1025"; null when the entry is no status change. */
function statusWords(action: string, record: string | null, state: string | null | undefined) {
  const kind = STATUS_CHANGES[action]
  if (!kind || !state || !record) return null
  if (ENDING_VERBS[state]) return `${ENDING_VERBS[state]} ${record}`
  const label =
    (kind === 'support' ? SUPPORT_STATUS_LABELS[state as keyof typeof SUPPORT_STATUS_LABELS] : null) ??
    state.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
  return `Changed ${record} to ${label}`
}

/** One entry in words; a failure says so first. */
export function auditWords(entry: {
  action: string
  record: string | null
  state?: string | null
  outcome: string
}): string {
  const { action, record } = entry
  let text: string
  const status = entry.outcome === 'failure' ? null : statusWords(action, record, entry.state)
  if (status) text = status
  else if (NAMED[action]) text = NAMED[action]
  else if (action.startsWith('graphql ')) text = graphqlWords(action.slice('graphql '.length), record)
  else {
    const rest = /^(POST|PUT|PATCH|DELETE) (\/api\/\S*)$/.exec(action)
    text = rest
      ? restWords(rest[1]!, rest[2]!, record)
      : withRecord(
          words(action).replace(/^./, (c) => c.toUpperCase()),
          record,
        )
  }
  if (entry.outcome !== 'failure') return text
  return action.startsWith('sign-in') ? 'Sign-in refused' : `${text} (failed)`
}
