import { useCallback, useEffect, useState } from 'react'
import { toast } from '../../components/Toaster'
import { AdminButton, Section } from '../ui'
import { deviceOf, type SessionView, securityApi } from './api'
import { dateTime, fail } from './form'

export function SessionsPanel() {
  const [sessions, setSessions] = useState<SessionView[] | null>(null)
  const reload = useCallback(() => {
    securityApi.sessions().then(setSessions, (e) => fail('Could not load sessions', e))
  }, [])
  useEffect(reload, [])
  const others = sessions?.filter((s) => !s.current) ?? []
  return (
    <Section
      title="Sessions"
      actions={
        <AdminButton
          variant="secondary"
          isDisabled={others.length === 0}
          onPress={() =>
            securityApi.endOthers().then(
              ({ ended }) => {
                toast({
                  title: 'Signed out elsewhere',
                  description: ended === 1 ? '1 other session ended.' : `${ended} other sessions ended.`,
                })
                reload()
              },
              (e) => fail('Could not sign out', e),
            )
          }
        >
          Sign out everywhere else
        </AdminButton>
      }
    >
      <ul aria-label="Sessions" className="divide-y divide-slate-200">
        {sessions?.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-medium text-slate-900">
                {deviceOf(s.userAgent)}
                {s.current && (
                  <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">
                    This browser
                  </span>
                )}
              </p>
              <p className="text-xs text-slate-600">
                Signed in {dateTime(s.createdAt)} · last seen {dateTime(s.lastSeenAt)}
                {s.location ? ` · ${s.location}` : ''}
                {s.ip ? ` · ${s.ip}` : ''}
              </p>
            </div>
            {!s.current && (
              <AdminButton
                variant="secondary"
                onPress={() =>
                  securityApi.endSession(s.id).then(reload, (e) => fail('Could not sign out', e))
                }
              >
                Sign out
              </AdminButton>
            )}
          </li>
        ))}
      </ul>
    </Section>
  )
}
