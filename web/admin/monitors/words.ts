// The monitors' words in the admin (issue 54): GraphQL's enum values as people read them.
import {
  MONITOR_KIND_LABELS,
  MONITOR_STATE_LABELS,
  type MonitorKind,
  type MonitorShownState,
} from '../../../schema/monitors'

export const kindLabel = (kind: string) => MONITOR_KIND_LABELS[kind.toLowerCase() as MonitorKind] ?? kind
export const stateLabel = (state: string) =>
  MONITOR_STATE_LABELS[state.toLowerCase() as MonitorShownState] ?? state

const STATE_STYLE: Record<string, string> = {
  DOWN: 'bg-red-100 text-red-900',
  UP: 'bg-green-100 text-green-900',
  PENDING: 'bg-slate-100 text-slate-800',
  PAUSED: 'bg-slate-100 text-slate-800',
}

export const stateClass = (state: string) =>
  `inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[state] ?? ''}`

/** What a monitor watches, in one line. */
export const targetOf = (m: { url?: string | null; domain?: string | null; heartbeatUrl?: string | null }) =>
  m.url ?? m.domain ?? (m.heartbeatUrl ? 'Push URL (heartbeat)' : '')
