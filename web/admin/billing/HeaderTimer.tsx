// The running timer in the admin's header (issue 26): the timer lives on the
// server (one row), so it survives reloads and shows on every admin page.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useMutation, useQuery } from 'urql'
import { ERRORS } from '../../../schema/messages'
import type { LateTimeChoice } from '../../../schema/plans'
import { toast } from '../../components/Toaster'
import { AdminButton } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'
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
  const [stopping, stop] = useMutation(STOP_TIMER)
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
    const result = await stop({ input: lateTime ? { lateTime } : {} })
    if (result.error) {
      const question = lateTimeQuestionOf(result.error)
      if (question) return setLateQuestion(question)
      // Without a client chosen at start the time needs one: the Time page asks for it.
      toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
      return
    }
    toast({ title: 'Time recorded', description: `${result.data?.stopTimer[0]?.minutes ?? 0} minutes` })
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
