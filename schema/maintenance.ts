// The words of recurring maintenance (issue 40): how often a schedule recurs,
// whether it is running, and a task's status. Each an `as const` list with its
// labels; the database refuses any other value (triggers of the maintenance
// migration). A module without imports, so the browser's pages can use it.

export const MAINTENANCE_FREQS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const
export type MaintenanceFreq = (typeof MAINTENANCE_FREQS)[number]

export const MAINTENANCE_FREQ_LABELS: Record<MaintenanceFreq, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
}

export const SCHEDULE_STATUSES = ['active', 'paused'] as const
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number]

/** Stored statuses. "overdue" is not stored: it is an open task whose due date is before today. */
export const TASK_STATUSES = ['open', 'done'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

/** What a list may ask for: the stored statuses and the derived one. */
export const TASK_FILTERS = ['open', 'done', 'overdue'] as const
export type TaskFilter = (typeof TASK_FILTERS)[number]

export const TASK_FILTER_LABELS: Record<TaskFilter, string> = {
  open: 'Open',
  done: 'Done',
  overdue: 'Overdue',
}

/** RFC 5545 weekday codes, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
}
