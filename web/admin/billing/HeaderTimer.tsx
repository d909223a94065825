// The running timer in the admin's header (issue 26): the timer lives on the
// server (one row), so it survives reloads and shows on every admin page.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { ERRORS } from '../../../schema/messages'
import type { LateTimeChoice } from '../../../schema/plans'
import { useSave } from '../save'
import { AdminButton } from '../ui'
import { FROM_NETWORK } from '../urql'
import { LateTimeDialog, lateTimeQuestionOf } from './LateTimeDialog'
import { STOP_TIMER, TIMER } from './queries'

/** Elapsed time as h:mm:ss. */
export function elapsed(fromIso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 1000))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
}

export function HeaderTimer({ onStopped }: { onStopped?: () => void }) {
  const [{ data }, refetch] = useQuery({ query: TIMER, requestPolicy: 'cache-and-network' })
  const [stopping, stop] = useSave(STOP_TIMER, {
    // The late-time question is asked in a dialog, not toasted. Without a client chosen
    // at start the time needs one: the toast says so, and the Time page asks for it.
    failure: (message, error) =>
      lateTimeQuestionOf(error)
        ? null
        : { title: ERRORS.errorTitle, description: message, variant: 'destructive' },
  })
  const [now, setNow] = useState(() => Date.now())
  // A timer started in a plan month already invoiced: the server asks where its time goes (issue 52).
  const [lateQuestion, setLateQuestion] = useState<string | null>(null)
  const timer = data?.timer ?? null
  useEffect(() => {
    if (!timer) return
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [timer])
  if (!timer) return null

  async function onStop(lateTime: LateTimeChoice | null = null) {
    const stopped = await stop({ input: lateTime ? { lateTime } : {} }, (d) => ({
      title: 'Time recorded',
      description: `${d.stopTimer[0]?.minutes ?? 0} minutes`,
    }))
    if (!stopped.ok) {
      if (stopped.errors.lateTime) setLateQuestion(stopped.message)
      return
    }
    refetch(FROM_NETWORK)
    onStopped?.()
  }

  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-1 text-sm text-amber-900"
    >
      <Link to="/admin/time" className="underline">
        Timer {elapsed(timer.startedAt, now)}
      </Link>
      {timer.description && <span className="hidden sm:inline">({timer.description})</span>}
      <AdminButton
        variant="secondary"
        onPress={() => void onStop()}
        isDisabled={stopping.fetching}
        className="px-2 py-1"
      >
        Stop
      </AdminButton>
      <LateTimeDialog
        question={lateQuestion}
        onClose={() => setLateQuestion(null)}
        onChoose={(choice) => void onStop(choice)}
      />
    </div>
  )
}
