// A monitor's state as a coloured badge (issue 54), shared by the portal's
// monitor list and a monitor's page. The colour repeats the words, never replaces them.
import type { MonitorShownState } from '../../schema/monitors'

const STATE_STYLE: Record<MonitorShownState, string> = {
  up: 'bg-green-100 text-green-900',
  down: 'bg-red-100 text-red-900',
  pending: 'bg-slate-100 text-slate-800',
  paused: 'bg-slate-100 text-slate-800',
}

export function MonitorState({ monitor }: { monitor: { state: MonitorShownState; stateLabel: string } }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STATE_STYLE[monitor.state]}`}>
      {monitor.stateLabel}
    </span>
  )
}
