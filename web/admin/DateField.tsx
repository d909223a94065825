// The admin's date input (issue 52.7): react-aria's DatePicker, a field of
// month, day and year segments with a calendar beside it, in place of a text
// box that asked for "YYYY-MM-DD". Its value in and out is still the calendar
// date the API takes ("2026-12-19", or '' for none), so a form swaps a text
// field for this one without touching what it sends; the hidden input named
// `name` carries the same string for a native form post.
import { type CalendarDate, type CalendarDateTime, parseDate, parseDateTime } from '@internationalized/date'
import { useState } from 'react'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  FormValidationContext,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  Text,
} from 'react-aria-components'
import { fieldErrorClass, fieldLabel, focusRing, NO_SERVER_ERRORS, RequiredMark, useServerError } from './ui'

/** A calendar date string as react-aria's value; anything else (a half-typed date) as none. */
export function toCalendarDate(value: string): CalendarDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  try {
    return parseDate(value)
  } catch {
    return null
  }
}

/** "2026-11-23 09:05" (a wall-clock date and time, no zone) as react-aria's value; anything else as none. */
export function toCalendarDateTime(value: string): CalendarDateTime | null {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})$/.exec(value)
  if (!m) return null
  try {
    return parseDateTime(`${m[1]}T${m[2]}:${m[3]}`)
  } catch {
    return null
  }
}

/** react-aria's value back as the string the form keeps: "2026-11-23", or "2026-11-23 09:05" with a time. */
export function fromPicked(d: CalendarDate | CalendarDateTime | null): string {
  if (!d) return ''
  const day = `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
  return 'hour' in d ? `${day} ${String(d.hour).padStart(2, '0')}:${String(d.minute).padStart(2, '0')}` : day
}

export function AdminDateField({
  name,
  label,
  value,
  onChange,
  isRequired,
  isDisabled,
  description,
  error: shownError,
  withTime,
  className = '',
}: {
  name: string
  label: string
  /** "2026-12-19", or '' for no date. */
  value: string
  onChange: (value: string) => void
  isRequired?: boolean
  isDisabled?: boolean
  description?: string
  /** A date and a time of day (value "2026-11-23 09:05"), for when something happened. */
  withTime?: boolean
  /** An error the form keeps itself (one without react-aria's <Form validationErrors>). */
  error?: string
  className?: string
}) {
  const serverError = useServerError(name, value)
  const error = shownError ?? serverError
  const parse = withTime ? toCalendarDateTime : toCalendarDate
  // While a date is half typed react-aria holds it itself; the form sees '' until it is whole.
  const [typed, setTyped] = useState<CalendarDate | CalendarDateTime | null>(() => parse(value))
  const current = parse(value)
  const shown = current ?? (value === '' ? null : typed)
  return (
    // en-US whatever the browser's language: the server renders the same segments, and every other date the admin shows is en-US.
    <I18nProvider locale="en-US">
      <FormValidationContext.Provider value={NO_SERVER_ERRORS}>
        <DatePicker
          name={name}
          value={shown}
          onChange={(d) => {
            setTyped(d)
            onChange(fromPicked(d))
          }}
          granularity={withTime ? 'minute' : 'day'}
          isRequired={isRequired}
          isDisabled={isDisabled}
          isInvalid={error ? true : undefined}
          // The picker's own check would block the form's submit before the server could answer.
          validationBehavior="aria"
          className={`flex flex-col gap-1 ${className}`}
        >
          <Label className={fieldLabel}>
            {label}
            <RequiredMark isRequired={isRequired} />
          </Label>
          <Group className="flex w-full items-center rounded-md border border-slate-300 bg-white pl-3 text-sm text-slate-900 data-[focus-within]:border-blue-600 data-[focus-within]:ring-2 data-[focus-within]:ring-blue-200 data-[invalid]:border-red-600 data-[disabled]:bg-slate-100">
            <DateInput className="flex flex-1 py-2">
              {(segment) => (
                <DateSegment
                  segment={segment}
                  className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-blue-700 data-[focused]:text-white data-[placeholder]:text-slate-500"
                />
              )}
            </DateInput>
            <Button
              aria-label="Choose a date"
              className={`flex h-full items-center rounded-r-md px-3 py-2 text-slate-700 data-[hovered]:bg-slate-100 ${focusRing}`}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              >
                <rect x="3" y="4.5" width="14" height="12.5" rx="1.5" />
                <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
              </svg>
            </Button>
          </Group>
          {description && (
            <Text slot="description" className="text-xs text-slate-500">
              {description}
            </Text>
          )}
          <FieldError className={fieldErrorClass}>{error}</FieldError>
          <Popover className="rounded-md border border-slate-200 bg-white p-3 shadow-lg">
            <Dialog className="outline-none">
              <Calendar className="text-sm">
                <header className="mb-2 flex items-center justify-between gap-2">
                  <Button
                    slot="previous"
                    aria-label="Previous month"
                    className={`rounded px-2 py-1 ${focusRing}`}
                  >
                    ◀
                  </Button>
                  <Heading className="font-semibold text-slate-900" />
                  <Button slot="next" aria-label="Next month" className={`rounded px-2 py-1 ${focusRing}`}>
                    ▶
                  </Button>
                </header>
                <CalendarGrid className="border-separate border-spacing-1">
                  {(date) => (
                    <CalendarCell
                      date={date}
                      className={`flex h-9 w-9 items-center justify-center rounded-full text-slate-900 outline-none data-[hovered]:bg-slate-100 data-[outside-month]:hidden data-[selected]:bg-blue-700 data-[selected]:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[disabled]:text-slate-300`}
                    />
                  )}
                </CalendarGrid>
              </Calendar>
            </Dialog>
          </Popover>
        </DatePicker>
      </FormValidationContext.Provider>
    </I18nProvider>
  )
}
