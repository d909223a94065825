// A new maintenance schedule (issue 40): pick a seeded template (it fills the
// title, recurrence, estimate and checklist, all editable) or start blank.
// The server checks everything; its field errors show beside the fields.
// A client page's "Add a schedule" arrives with ?clientId= (issue 52): that
// client is chosen and the form scrolled into view.
import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-aria-components'
import { useLocation } from 'react-router'
import { useMutation } from 'urql'
import { MAINTENANCE_FREQ_LABELS, MAINTENANCE_FREQS, type MaintenanceFreq } from '../../../schema/maintenance'
import { businessToday, formatCalendarDate } from '../../../schema/slot-time'
import { toast } from '../../components/Toaster'
import { fromEnum, toEnum } from '../graphql'
import { AdminButton, AdminSelect, AdminTextField, Section } from '../ui'
import { fieldErrorsOf, messageOf } from '../urql'
import { CREATE_SCHEDULE } from './queries'

type Template = {
  key: string
  title: string
  freq: string
  estimatedMinutes: number
  checklist: readonly string[]
}

const FREQ_OPTIONS = MAINTENANCE_FREQS.map((f) => ({ value: f, label: MAINTENANCE_FREQ_LABELS[f] }))

export function ScheduleForm({
  templates,
  clients,
  onDone,
}: {
  templates: readonly Template[]
  clients: readonly { id: number; name: string }[]
  onDone: () => void
}) {
  const [, create] = useMutation(CREATE_SCHEDULE)
  const wanted = new URLSearchParams(useLocation().search).get('clientId')
  const preselected = clients.some((c) => String(c.id) === wanted) ? wanted : null
  const [clientId, setClientId] = useState(preselected ?? (clients[0] ? String(clients[0].id) : ''))
  const formRef = useRef<HTMLDivElement>(null)
  // Once, on arrival from a client page: the form is below the task and schedule lists.
  useEffect(() => {
    if (preselected) formRef.current?.scrollIntoView({ block: 'start' })
  }, [preselected])
  const [template, setTemplate] = useState('')
  const [title, setTitle] = useState('')
  const [freq, setFreq] = useState<MaintenanceFreq>('monthly')
  const [every, setEvery] = useState('1')
  const [day, setDay] = useState('')
  const [weekday, setWeekday] = useState('')
  const [startDate, setStartDate] = useState(businessToday())
  const [minutes, setMinutes] = useState('')
  const [checklist, setChecklist] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  function useTemplate(key: string) {
    setTemplate(key)
    const t = templates.find((x) => x.key === key)
    if (!t) return
    setTitle(t.title)
    setFreq(fromEnum('MaintenanceFreq', t.freq) as MaintenanceFreq)
    setMinutes(String(t.estimatedMinutes))
    setChecklist(t.checklist.join('\n'))
  }

  async function save() {
    const number = (text: string) => (text.trim() ? Number(text) : undefined)
    const result = await create({
      input: {
        clientId,
        title,
        checklist: checklist
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
        recurrence: {
          freq: toEnum('MaintenanceFreq', freq),
          interval: number(every),
          byMonthDay: number(day),
          byWeekday: weekday.trim() || undefined,
        },
        startDate,
        estimatedMinutes: number(minutes),
        templateKey: template || undefined,
      },
    })
    if (result.error) {
      const fields = fieldErrorsOf(result.error)
      setErrors(fields)
      if (!Object.keys(fields).length)
        toast({ title: 'Not saved', description: messageOf(result.error), variant: 'destructive' })
      return
    }
    setErrors({})
    const next = result.data?.createMaintenanceSchedule.nextDueDates ?? []
    toast({ title: 'Schedule added', description: `Next due: ${next.map(formatCalendarDate).join(', ')}` })
    setTemplate('')
    setTitle('')
    setChecklist('')
    onDone()
  }

  return (
    <div ref={formRef} className="scroll-mt-20">
      <Section title="New schedule">
        <Form
          validationErrors={errors}
          validationBehavior="aria"
          aria-label="New schedule"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
          className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        >
          <AdminSelect
            name="clientId"
            label="Client"
            options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
            value={clientId}
            onChange={setClientId}
            isRequired
          />
          <AdminSelect
            name="templateKey"
            label="Start from"
            options={[
              { value: '', label: 'Blank' },
              ...templates.map((t) => ({ value: t.key, label: t.title })),
            ]}
            value={template}
            onChange={useTemplate}
          />
          <AdminTextField name="title" label="Title" value={title} onChange={setTitle} isRequired />
          <AdminSelect
            name="recurrence"
            label="Recurs"
            options={FREQ_OPTIONS}
            value={freq}
            onChange={setFreq}
          />
          <AdminTextField
            name="interval"
            label="Every"
            value={every}
            onChange={setEvery}
            description="1: every week, month, quarter or year; 2: every other one"
          />
          <AdminTextField
            name="byMonthDay"
            label="Day of the month"
            value={day}
            onChange={setDay}
            description="1-31; past a month's end means its last day. Empty: the start date's day"
          />
          <AdminTextField
            name="byWeekday"
            label="Weekday"
            value={weekday}
            onChange={setWeekday}
            description="TU for weekly on Tuesday; 2TU for the 2nd Tuesday; -1FR for the last Friday"
          />
          <AdminTextField
            name="startDate"
            label="Start date"
            value={startDate}
            onChange={setStartDate}
            isRequired
          />
          <AdminTextField
            name="estimatedMinutes"
            label="Estimated minutes"
            value={minutes}
            onChange={setMinutes}
          />
          <AdminTextField
            name="checklist"
            label="Checklist (one item a line)"
            value={checklist}
            onChange={setChecklist}
            multiline
            isRequired
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <AdminButton type="submit">Add schedule</AdminButton>
          </div>
        </Form>
      </Section>
    </div>
  )
}
