// The admin's small design kit: react-aria-components primitives styled with
// Tailwind through their state data attributes. Focus management, labelling
// and ARIA come from react-aria; this file only adds the look.
import { type ReactNode, useContext, useLayoutEffect, useRef, useState } from 'react'
import {
  Button,
  type ButtonProps,
  Checkbox,
  Dialog,
  FieldError,
  FormValidationContext,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components'
import type { CombinedError } from 'urql'
import type { Option } from '../../schema/constants'
import type { FieldConstraint } from '../../schema/form-constraints'
import { messageOf } from './urql'

export const focusRing =
  'outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[focus-visible]:ring-offset-2'

const buttonVariants = {
  primary: 'bg-blue-700 text-white data-[hovered]:bg-blue-800 data-[pressed]:bg-blue-900',
  secondary:
    'border border-slate-300 bg-white text-slate-900 data-[hovered]:bg-slate-50 data-[pressed]:bg-slate-100',
  destructive: 'bg-red-700 text-white data-[hovered]:bg-red-800 data-[pressed]:bg-red-900',
  ghost: 'text-slate-700 data-[hovered]:bg-slate-100',
} as const

export function AdminButton({
  variant = 'primary',
  className = '',
  ...props
}: ButtonProps & { variant?: keyof typeof buttonVariants; className?: string }) {
  return (
    <Button
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 ${focusRing} ${buttonVariants[variant]} ${className}`}
    />
  )
}

/** A link styled as a secondary button (e.g. View opening a file in a new tab). */
export const linkButtonClass = `inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 outline-none`

export const fieldInput =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none data-[focused]:border-blue-600 data-[focused]:ring-2 data-[focused]:ring-blue-200 data-[invalid]:border-red-600 data-[disabled]:bg-slate-100'
export const fieldLabel = 'text-sm font-medium text-slate-800'

/** The visible mark of a field the server requires; screen readers hear "required" from the input itself. */
export const RequiredMark = ({ isRequired }: { isRequired?: boolean }) =>
  isRequired ? (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  ) : null
export const fieldErrorClass = 'text-sm text-red-700'

type TextFieldProps = {
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  multiline?: boolean
  isRequired?: boolean
  isDisabled?: boolean
  type?: 'text' | 'url' | 'password'
  description?: string
  className?: string
  /** The field's limits from the schema the server checks it with (schema/form-constraints.ts, ADR 148). */
  limits?: FieldConstraint
}

export function AdminTextField({
  name,
  label,
  value,
  onChange,
  multiline,
  isRequired,
  isDisabled,
  type = 'text',
  description,
  className = '',
  limits,
}: TextFieldProps) {
  const required = isRequired ?? limits?.required === true
  const error = useServerError(name, value)
  return (
    // The server's errors are this field's own (useServerError), so react-aria does not also show and clear them.
    <FormValidationContext.Provider value={NO_SERVER_ERRORS}>
      <TextField
        name={name}
        value={value}
        onChange={onChange}
        isRequired={required}
        maxLength={limits?.maxLength}
        minLength={limits?.minLength}
        pattern={limits?.pattern}
        isDisabled={isDisabled}
        isInvalid={error ? true : undefined}
        type={type}
        className={`flex flex-col gap-1 ${className}`}
      >
        <Label className={fieldLabel}>
          {label}
          <RequiredMark isRequired={required} />
        </Label>
        {multiline ? <TextArea rows={3} className={fieldInput} /> : <Input className={fieldInput} />}
        {description && (
          <Text slot="description" className="text-xs text-slate-500">
            {description}
          </Text>
        )}
        <FieldError className={fieldErrorClass}>{error}</FieldError>
      </TextField>
    </FormValidationContext.Provider>
  )
}

export const NO_SERVER_ERRORS = {}

/**
 * The server's error for a field of the enclosing <Form validationErrors>,
 * shown from its answer until the value changes. react-aria clears it on the
 * input's native change event, which fires on blur: the owner fixed the value,
 * pressed Save, the message vanished as the field lost focus, the button moved
 * up under the pointer and the click was lost. Cleared as the value changes,
 * the layout moves while typing instead.
 */
export function useServerError(name: string, value: string) {
  const errors = useContext(FormValidationContext)
  const [answered, setAnswered] = useState({ errors, value })
  if (answered.errors !== errors) setAnswered({ errors, value })
  const messages = errors[name]
  const message = Array.isArray(messages) ? messages.join(' ') : messages
  return message && answered.value === value ? message : undefined
}

export function AdminSelect<V extends string>({
  name,
  label,
  options,
  value,
  onChange,
  isRequired,
  className = '',
}: {
  name: string
  label: string
  options: readonly Option<V>[]
  value: V
  onChange: (value: V) => void
  isRequired?: boolean
  className?: string
}) {
  return (
    <Select
      name={name}
      value={value}
      onChange={(key) => key !== null && onChange(key as V)}
      isRequired={isRequired}
      // Nothing to choose yet (a list still loading): a react-aria select with
      // no items would not open, so it says so by being disabled until it has some.
      isDisabled={options.length === 0}
      className={`flex flex-col gap-1 ${className}`}
    >
      <Label className={fieldLabel}>
        {label}
        <RequiredMark isRequired={isRequired} />
      </Label>
      <Button className={`flex items-center justify-between gap-2 text-left ${fieldInput} ${focusRing}`}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className={fieldErrorClass} />
      {/* Scrolling inside, no taller than the room on screen (react-aria sets that as the
          popover's max-height): a long list (every client) otherwise grew past the screen,
          over its own button, and the release of the press that opened it chose an option. */}
      <Popover className="max-h-80 min-w-[var(--trigger-width)] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <ListBox className="outline-none">
          {options.map((o) => (
            <ListBoxItem
              key={o.value}
              id={o.value}
              textValue={o.label}
              className="cursor-default rounded px-3 py-2 text-sm outline-none data-[focused]:bg-blue-50 data-[selected]:font-semibold"
            >
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  )
}

export function AdminCheckbox({
  name,
  children,
  isSelected,
  onChange,
}: {
  name: string
  children: ReactNode
  isSelected: boolean
  onChange: (value: boolean) => void
}) {
  return (
    <Checkbox
      name={name}
      isSelected={isSelected}
      onChange={onChange}
      className="group flex items-center gap-2 text-sm"
    >
      <span
        aria-hidden="true"
        className="flex h-5 w-5 items-center justify-center rounded border border-slate-400 bg-white text-xs text-white group-data-[selected]:border-blue-700 group-data-[selected]:bg-blue-700 group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-blue-600"
      >
        ✓
      </span>
      {children}
    </Checkbox>
  )
}

/** A modal dialog with a title; `children` may be a render function receiving `close`. */
export function AdminDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  role = 'dialog',
  size = 'md',
}: {
  title: string
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode | ((close: () => void) => ReactNode)
  role?: 'dialog' | 'alertdialog'
  size?: 'md' | 'lg'
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={role === 'dialog'}
      className="fixed inset-0 z-50 overflow-y-auto bg-black/50"
    >
      {/* Centred when short, scrollable from its top when taller than the screen. */}
      <div className="flex min-h-full items-center justify-center p-4">
        <Modal
          className={`w-full ${size === 'lg' ? 'max-w-3xl' : 'max-w-md'} rounded-lg bg-white p-6 shadow-xl outline-none`}
        >
          <Dialog role={role} className="outline-none">
            {({ close }) => (
              <>
                <Heading slot="title" className="mb-4 text-xl font-semibold text-slate-900">
                  {title}
                </Heading>
                {typeof children === 'function' ? children(close) : children}
              </>
            )}
          </Dialog>
        </Modal>
      </div>
    </ModalOverlay>
  )
}

/**
 * "Are you sure?" before a destructive action (issue 52.5): the title names
 * the action and the record, `message` says what will happen, and `undo` what
 * cannot be undone (or how it can be), shown apart so it is never missed.
 * Every Delete, Withdraw, Void, Cancel and Erase of the admin goes through it.
 */
export function ConfirmDialog({
  title,
  message,
  undo,
  confirmLabel = 'Delete',
  isOpen,
  onOpenChange,
  onConfirm,
  isPending,
}: {
  title: string
  message: string
  /** What cannot be undone ("This cannot be undone."), or how it can be. */
  undo?: string
  confirmLabel?: string
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
  isPending?: boolean
}) {
  return (
    <AdminDialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} role="alertdialog">
      {(close) => (
        <>
          <p className="text-sm text-slate-700">{message}</p>
          {undo && <p className="mt-3 text-sm font-semibold text-slate-900">{undo}</p>}
          <div className="mt-6 flex justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            <AdminButton variant="destructive" onPress={onConfirm} isDisabled={isPending}>
              {confirmLabel}
            </AdminButton>
          </div>
        </>
      )}
    </AdminDialog>
  )
}

/** The words of an action that cannot be taken back, the same in every confirmation. */
export const CANNOT_UNDO = 'This cannot be undone.'

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
      {children}
    </p>
  )
}

/** A fetched list's states, shared by every tab: loading, a failed first fetch, empty, or the list itself. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  loading: boolean
  error: CombinedError | undefined
  empty: boolean
  emptyText: string
  children: ReactNode
}) {
  if (loading) return <p className="text-slate-600">Loading...</p>
  if (error) {
    return (
      <p role="alert" className="text-red-700">
        {messageOf(error)}
      </p>
    )
  }
  if (empty) return <EmptyState>{emptyText}</EmptyState>
  return children
}

export function Section({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  )
}

/** Bytes as whole kilobytes (SPEC §3: bytes / 1024, rounded). */
export const sizeInKb = (bytes: number) => `${Math.round(bytes / 1024)} KB`

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

/**
 * The admin's one table (issue 36.6, ADR 125): columns from 640 px, and below
 * that each row a card whose cells carry their column's name, so a 375 px
 * phone reads every value and reaches every action without scrolling
 * sideways. The names come from the table's own header (copied onto the cells
 * as data-label, again whenever rows change), so a table needs nothing more
 * than this element in place of <table>. The look is `.card-table` in
 * web/styles.css.
 */
export function CardTable({
  label,
  className = '',
  children,
}: {
  /** The table's accessible name, when the section's heading does not say it. */
  label?: string
  className?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLTableElement>(null)
  useLayoutEffect(() => {
    const table = ref.current
    if (!table) return
    const labelCells = () => {
      const names = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '')
      for (const row of table.querySelectorAll('tbody tr')) {
        ;[...row.children].forEach((cell, i) => {
          const name = names[i] ?? ''
          if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name)
        })
      }
    }
    labelCells()
    const observer = new MutationObserver(labelCells)
    observer.observe(table, { childList: true, subtree: true })
    return () => observer.disconnect()
  })
  return (
    <table ref={ref} aria-label={label} className={`card-table w-full text-left text-sm ${className}`}>
      {children}
    </table>
  )
}
