// Form fields for the public request forms: react-aria-components composed
// and styled with Tailwind through their state data attributes. Every field
// has a visible label and shows its error (the browser's or the server's,
// matched by `name`) right below it, linked by react-aria to the input.
import type { DateValue } from '@internationalized/date'
import type { ReactNode } from 'react'
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
  Group,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components'
import type { Option } from '../../schema/constants'
import { HONEYPOT_FIELD } from '../../schema/request-options'
import { controlClass, fieldClass, hintClass, labelClass, submitClass } from './layout'

/**
 * The field's error, in a line reserved whether or not there is one: react-aria
 * hides a message when the field loses focus, and without the reserved line the
 * form would jump up under the pointer and swallow the click on Submit.
 */
function ErrorLine() {
  return (
    <div className="min-h-5">
      <FieldError className="text-sm font-medium text-red-700" />
    </div>
  )
}

/** The field's description, tied to it by react-aria's description slot. */
function Hint({ description }: { description?: string }) {
  return description ? (
    <Text slot="description" className={hintClass}>
      {description}
    </Text>
  ) : null
}

/** What follows a single control: its description, then its error line. */
function HintAndError({ description }: { description?: string }) {
  return (
    <>
      <Hint description={description} />
      <ErrorLine />
    </>
  )
}

function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <Label className={labelClass}>
      {children}
      {isRequired && (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      )}
    </Label>
  )
}

type Common = { name: string; label: string; isRequired?: boolean; description?: string }

export function TextInput({
  name,
  label,
  isRequired,
  description,
  type = 'text',
  autoComplete,
  maxLength,
}: Common & { type?: 'text' | 'email' | 'tel'; autoComplete?: string; maxLength?: number }) {
  return (
    <TextField
      name={name}
      type={type}
      isRequired={isRequired}
      autoComplete={autoComplete}
      className={fieldClass}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Input className={controlClass} maxLength={maxLength} />
      <HintAndError description={description} />
    </TextField>
  )
}

export function TextAreaInput({
  name,
  label,
  isRequired,
  description,
  placeholder,
  maxLength,
}: Common & { placeholder?: string; maxLength?: number }) {
  return (
    <TextField name={name} isRequired={isRequired} className={fieldClass}>
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <TextArea
        rows={5}
        placeholder={placeholder}
        maxLength={maxLength}
        className={`${controlClass} resize-y`}
      />
      <HintAndError description={description} />
    </TextField>
  )
}

export function SelectInput({
  name,
  label,
  isRequired,
  description,
  options,
  placeholder = 'Select an option',
}: Common & { options: readonly Option[]; placeholder?: string }) {
  return (
    <Select name={name} isRequired={isRequired} placeholder={placeholder} className={`group ${fieldClass}`}>
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Button
        className={`${controlClass} flex items-center justify-between gap-2 text-left group-data-[invalid]:border-red-700 data-[focus-visible]:border-blue-700 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-700/30`}
      >
        <SelectValue className="truncate data-[placeholder]:text-slate-500" />
        <span aria-hidden="true" className="text-slate-500">
          ▾
        </span>
      </Button>
      <HintAndError description={description} />
      <Popover className="max-h-72 w-[var(--trigger-width)] overflow-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg outline-none">
        <ListBox className="outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              className="cursor-default rounded-md px-3 py-2 text-slate-900 outline-none data-[focused]:bg-blue-50 data-[selected]:font-semibold data-[selected]:text-blue-800"
            >
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  )
}

export function DateInputField({
  name,
  label,
  isRequired,
  description,
  minValue,
}: Common & { minValue?: DateValue }) {
  return (
    <DatePicker
      name={name}
      isRequired={isRequired}
      minValue={minValue}
      granularity="day"
      className={fieldClass}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Group className={`${controlClass} flex items-center gap-2 py-2`}>
        <DateInput className="flex flex-1">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-blue-700 data-[focused]:text-white data-[placeholder]:text-slate-500"
            />
          )}
        </DateInput>
        <Button className="rounded-md px-2 py-1 text-slate-700 outline-none hover:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-700">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M16 3v4M8 3v4M3 10h18" />
          </svg>
        </Button>
      </Group>
      <HintAndError description={description} />
      <Popover className="rounded-lg border border-slate-200 bg-white p-3 shadow-lg outline-none">
        <Dialog className="outline-none">
          <Calendar>
            <header className="mb-2 flex items-center justify-between gap-2">
              <Button
                slot="previous"
                className="rounded-md px-2 py-1 outline-none hover:bg-slate-100 data-[disabled]:opacity-30 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-700"
              >
                ‹
              </Button>
              <Heading className="text-base font-semibold" />
              <Button
                slot="next"
                className="rounded-md px-2 py-1 outline-none hover:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-700"
              >
                ›
              </Button>
            </header>
            <CalendarGrid className="border-separate border-spacing-0.5">
              {(date) => (
                <CalendarCell
                  date={date}
                  className="flex h-9 w-9 items-center justify-center rounded-md text-sm outline-none data-[disabled]:text-slate-400 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-700 data-[hovered]:bg-slate-100 data-[outside-month]:hidden data-[selected]:bg-blue-700 data-[selected]:text-white data-[unavailable]:text-slate-400 data-[unavailable]:line-through"
                />
              )}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  )
}

export function RadioInput({
  name,
  label,
  isRequired,
  description,
  options,
  columns = 2,
}: Common & {
  options: readonly (Option & { readonly description?: string })[]
  columns?: 2 | 3 | 4
}) {
  const grid = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-2 md:grid-cols-4' }[columns]
  return (
    <RadioGroup name={name} isRequired={isRequired} className={fieldClass}>
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Hint description={description} />
      <div className={`grid gap-2 ${grid}`}>
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className="group flex cursor-default items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-700 data-[invalid]:border-red-700 data-[selected]:border-blue-700 data-[selected]:bg-blue-50"
          >
            <span
              aria-hidden="true"
              className="mt-0.5 h-4 w-4 shrink-0 rounded-full border-2 border-slate-400 group-data-[selected]:border-[5px] group-data-[selected]:border-blue-700"
            />
            <span className="flex flex-col">
              <span className="font-medium text-slate-900">{option.label}</span>
              {option.description && <span className="text-sm text-slate-600">{option.description}</span>}
            </span>
          </Radio>
        ))}
      </div>
      <ErrorLine />
    </RadioGroup>
  )
}

/**
 * The honeypot: off screen and out of the tab order, so people never fill it;
 * form-filling bots do, and the server then quietly drops the submission.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}

export function SubmitButton({
  isPending,
  idle,
  pending,
}: {
  isPending: boolean
  idle: string
  pending: string
}) {
  return (
    <Button type="submit" isPending={isPending} className={submitClass}>
      {isPending ? pending : idle}
    </Button>
  )
}
