// A new maintenance schedule (issue 40): pick a seeded template (it fills the
// title, recurrence, estimate and checklist, all editable) or start blank.
// The server checks everything; its field errors show beside the fields.
// A client page's "Add a schedule" arrives with ?clientId= (issue 52): that
// client is chosen and the form scrolled into view.
// The recurrence is chosen in words ("Every 3 months", "on the last Friday",
// recurrence.ts), its summary read back under the choices; the start date is a
// date picker (issue 52.7).
import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-aria-components'
import { useLocation } from 'react-router'
import { MAINTENANCE_FREQS, type MaintenanceFreq } from '../../../schema/maintenance'
import { businessToday, formatCalendarDate, ordinal } from '../../../schema/slot-time'
import { AdminDateField } from '../DateField'
import { fromEnum, toEnum } from '../graphql'
import { useSave } from '../save'
import { AdminButton, AdminSelect, AdminTextField, Section } from '../ui'
import { CREATE_SCHEDULE } from './queries'
import {
  type DayChoice,
  intervalOptions,
  recurrenceText,
  toFields,
  WEEK_POSITIONS,
  WEEKDAYS,
  type WeekdayCode,
  type WeekPosition,
} from './recurrence'

type Template = {
  key: string
  title: string
  freq: string
  estimatedMinutes: number
  checklist: readonly string[]
}

const FREQ_WORDS: Record<MaintenanceFreq, string> = {
  weekly: 'Every week',
  monthly: 'Every month',
  quarterly: 'Every quarter (3 months)',
  yearly: 'Every year',
}
const FREQ_OPTIONS = MAINTENANCE_FREQS.map((f) => ({ value: f, label: FREQ_WORDS[f] }))
const WEEKDAY_OPTIONS = WEEKDAYS.map(([value, label]) => ({ value, label }))
const POSITION_OPTIONS = WEEK_POSITIONS.map(([value, label]) => ({ value, label: `The ${label}` }))
const MONTH_DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({
  value: String(i + 1),
  label: i + 1 > 28 ? `The ${ordinal(i + 1)} (a shorter month's last day)` : `The ${ordinal(i + 1)}`,
}))
type On = 'start' | 'monthDay' | 'weekday'
const ON_OPTIONS: Record<'weekly' | 'other', { value: On; label: string }[]> = {
  weekly: [
    { value: 'start', label: "The start date's weekday" },
    { value: 'weekday', label: 'A weekday' },
  ],
  other: [
    { value: 'start', label: "The start date's day" },
    { value: 'monthDay', label: 'A day of the month' },
    { value: 'weekday', label: 'A weekday of the month' },
  ],
}

export function ScheduleForm({
  templates,
  clients,
  onDone,
}: {
  templates: readonly Template[]
  clients: readonly { id: number; name: string }[]
  onDone: () => void
}) {
  const [{ errors }, create] = useSave(CREATE_SCHEDULE, { failure: 'Not saved', fieldsAlone: true })
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
  const [on, setOn] = useState<On>('start')
  const [day, setDay] = useState('1')
  const [position, setPosition] = useState<WeekPosition>('1')
  const [weekday, setWeekday] = useState<WeekdayCode>('MO')
  const [startDate, setStartDate] = useState(businessToday())
  const [minutes, setMinutes] = useState('')
  const [checklist, setChecklist] = useState('')

  const weekly = freq === 'weekly'
  // A weekly schedule has no day of the month: that choice falls back to the start date's day.
  const onNow: On = weekly && on === 'monthDay' ? 'start' : on
  const choice: DayChoice =
    onNow === 'monthDay'
      ? { on: 'monthDay', day: Number(day) }
      : onNow === 'weekday'
        ? { on: 'weekday', position, weekday }
        : { on: 'start' }
  const fields = toFields(freq, choice)
  const summary = recurrenceText({ freq, interval: Number(every), ...fields })

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
    const added = await create(
      {
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
            byMonthDay: fields.byMonthDay ?? undefined,
            byWeekday: fields.byWeekday ?? undefined,
          },
          startDate,
          estimatedMinutes: number(minutes),
          templateKey: template || undefined,
        },
      },
      (d) => ({
        title: 'Schedule added',
        description: `Next due: ${(d.createMaintenanceSchedule.nextDueDates ?? []).map(formatCalendarDate).join(', ')}`,
      }),
    )
    if (!added.ok) return
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
            label="Repeats"
            options={FREQ_OPTIONS}
            value={freq}
            onChange={setFreq}
          />
          <AdminSelect
            name="interval"
            label="How often"
            options={intervalOptions(freq)}
            value={every}
            onChange={setEvery}
          />
          <AdminSelect
            name="on"
            label="On"
            options={ON_OPTIONS[weekly ? 'weekly' : 'other']}
            value={onNow}
            onChange={setOn}
          />
          {onNow === 'monthDay' && (
            <AdminSelect
              name="byMonthDay"
              label="Day of the month"
              options={MONTH_DAY_OPTIONS}
              value={day}
              onChange={setDay}
            />
          )}
          {onNow === 'weekday' && (
            <div className="grid grid-cols-2 gap-3">
              {!weekly && (
                <AdminSelect
                  name="position"
                  label="Which one"
                  options={POSITION_OPTIONS}
                  value={position}
                  onChange={setPosition}
                />
              )}
              <AdminSelect
                name="byWeekday"
                label="Weekday"
                options={WEEKDAY_OPTIONS}
                value={weekday}
                onChange={setWeekday}
                className={weekly ? 'col-span-2' : ''}
              />
            </div>
          )}
          <p
            className="text-sm text-slate-700 sm:col-span-2"
            aria-live="polite"
            data-testid="recurrence-summary"
          >
            <span className="font-medium">Recurs:</span> {summary}
            {onNow === 'start'
              ? weekly
                ? ", on the start date's weekday"
                : ", on the start date's day"
              : ''}
          </p>
          <AdminDateField
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
