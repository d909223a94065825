// The closed sets of SPEC §3 and §9 as GraphQL enums, generated from the
// option lists in constants.ts and request-options.ts (never re-typed).
// A GraphQL enum value must be a name ([_A-Za-z][_0-9A-Za-z]*), so each stored
// value gets an upper-case name ('business-management' -> BUSINESS_MANAGEMENT,
// '5k-15k' -> FROM_5K_15K, '09:00' -> AT_09_00); the Worker keeps the stored
// value internally and the admin client converts with enumName / enumValue.
import {
  ASSET_KIND_LABELS,
  ASSET_KINDS,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  EPHI_ANSWERS,
  EPHI_LABELS,
  RENEWAL_WHATS,
} from './assets'
import {
  INVOICE_SOURCE_LABELS,
  INVOICE_SOURCES,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from './billing-words'
import { CONTENT_TYPES, type Option, PROJECT_CATEGORIES, PROJECT_STATUSES } from './constants'
import { MAINTENANCE_FREQ_LABELS, MAINTENANCE_FREQS, SCHEDULE_STATUSES, TASK_FILTERS } from './maintenance'
import { PLAN_ROLLOVER, SUBSCRIPTION_STATUSES } from './plans'
import {
  BUDGETS,
  CONTACT_METHODS,
  CONTACT_TIMES,
  ISSUE_TYPES,
  PROJECT_TYPES,
  TIME_SLOTS,
  URGENCY_LEVELS,
} from './request-options'
import { MAIL_STATUSES, REQUEST_STATUSES, SUPPORT_STATUS_LABELS, SUPPORT_STATUSES } from './request-statuses'

type EnumSpec = {
  readonly options: readonly (Option & { readonly description?: string })[]
  /** Put before a name that would start with a digit. */
  readonly prefix?: string
  readonly description: string
}

const optionsOf = (values: readonly string[], label: (v: string) => string) =>
  values.map((value) => ({ value, label: label(value) }))

export const GRAPHQL_ENUMS = {
  ProjectStatus: {
    options: PROJECT_STATUSES,
    description:
      'Where a project stands; public cards show the label, a missing status counts as production.',
  },
  ProjectCategory: {
    options: PROJECT_CATEGORIES,
    description: 'The solution category a project is filed under in the public catalogue.',
  },
  ContentType: { options: CONTENT_TYPES, description: 'How a page-content block is edited and shown.' },
  RequestStatus: {
    options: optionsOf(REQUEST_STATUSES, (v) => `The request is ${v}.`),
    description: 'Where a consultation or support request stands; set by the owner.',
  },
  SupportStatus: {
    options: optionsOf(
      SUPPORT_STATUSES,
      (v) => `${SUPPORT_STATUS_LABELS[v as keyof typeof SUPPORT_STATUS_LABELS]}.`,
    ),
    description: 'Where a support request stands in the help-desk workflow; set by the owner.',
  },
  ReplyDelivery: {
    options: optionsOf([...MAIL_STATUSES, 'not_sent'], (v) =>
      v === 'not_sent' ? 'Stored only: mail to visitors is off.' : `The reply e-mail is ${v}.`,
    ),
    description: "State of the owner's reply e-mail to the requester.",
  },
  Delivery: {
    options: optionsOf(MAIL_STATUSES, (v) => `The notification e-mail is ${v}.`),
    description: "State of a request's notification e-mail to the owner.",
  },
  ProjectType: { options: PROJECT_TYPES, description: 'The kind of project a consultation is about.' },
  Budget: { options: BUDGETS, prefix: 'FROM', description: 'The budget range a visitor chose.' },
  TimeSlot: {
    options: TIME_SLOTS,
    prefix: 'AT',
    description: 'A consultation slot start, US Central time (no noon slot).',
  },
  IssueType: { options: ISSUE_TYPES, description: 'What an IT-support request is about.' },
  Urgency: { options: URGENCY_LEVELS, description: 'How soon an IT-support request needs an answer.' },
  ContactMethod: { options: CONTACT_METHODS, description: 'How the visitor wants to be contacted.' },
  ContactTime: { options: CONTACT_TIMES, description: 'When the visitor prefers to be contacted.' },
  InvoiceStatus: {
    options: optionsOf(
      INVOICE_STATUSES,
      (v) => INVOICE_STATUS_LABELS[v as keyof typeof INVOICE_STATUS_LABELS],
    ),
    description: 'Where an invoice or credit note stands.',
  },
  InvoiceSource: {
    options: optionsOf(
      INVOICE_SOURCES,
      (v) => INVOICE_SOURCE_LABELS[v as keyof typeof INVOICE_SOURCE_LABELS],
    ),
    description: 'What an invoice bills: time, a quote, a prepaid block, manual lines, or a credit note.',
  },
  PaymentMethod: {
    options: optionsOf(
      PAYMENT_METHODS,
      (v) => PAYMENT_METHOD_LABELS[v as keyof typeof PAYMENT_METHOD_LABELS],
    ),
    description: 'How a payment was made (Stripe only through its webhook).',
  },
  PlanRollover: {
    options: optionsOf(PLAN_ROLLOVER, (v) =>
      v === 'next' ? 'Unused included minutes go to the next period only.' : 'Unused minutes lapse.',
    ),
    description: "What happens to a period's unused included minutes.",
  },
  SubscriptionStatus: {
    options: optionsOf(SUBSCRIPTION_STATUSES, (v) => `The subscription is ${v}.`),
    description: 'Where a subscription to a plan stands.',
  },
  AssetKind: {
    options: optionsOf(ASSET_KINDS, (v) => ASSET_KIND_LABELS[v as keyof typeof ASSET_KIND_LABELS]),
    description: "What a piece of a client's IT is (issue 38).",
  },
  AssetStatus: {
    options: optionsOf(ASSET_STATUSES, (v) => ASSET_STATUS_LABELS[v as keyof typeof ASSET_STATUS_LABELS]),
    description: 'Whether an asset is in use, a spare, or retired (kept, never deleted).',
  },
  EphiAnswer: {
    options: optionsOf(EPHI_ANSWERS, (v) => EPHI_LABELS[v as keyof typeof EPHI_LABELS]),
    description: 'Whether an asset stores or processes patient data (ePHI).',
  },
  RenewalWhat: {
    options: optionsOf(RENEWAL_WHATS, (v) =>
      v === 'warranty' ? 'The warranty ends.' : 'A licence, domain, certificate or subscription renews.',
    ),
    description: 'What of an asset expires.',
  },
  MaintenanceFreq: {
    options: optionsOf(
      MAINTENANCE_FREQS,
      (v) => MAINTENANCE_FREQ_LABELS[v as keyof typeof MAINTENANCE_FREQ_LABELS],
    ),
    description: 'How often a maintenance schedule recurs (quarterly: every three months).',
  },
  MaintenanceScheduleStatus: {
    options: optionsOf(SCHEDULE_STATUSES, (v) => (v === 'active' ? 'Makes tasks.' : 'Makes no tasks.')),
    description: 'Whether a maintenance schedule makes tasks.',
  },
  MaintenanceTaskStatus: {
    options: optionsOf(TASK_FILTERS, (v) =>
      v === 'overdue' ? 'Open and due before today.' : `The task is ${v}.`,
    ),
    description: 'Where a maintenance task stands; overdue is open and past its due date.',
  },
} as const satisfies Record<string, EnumSpec>

export type GraphQLEnumName = keyof typeof GRAPHQL_ENUMS

/** The GraphQL name of a stored value: upper case, other characters as `_`, a prefix before a digit. */
export function enumName(kind: GraphQLEnumName, value: string): string {
  const spec: EnumSpec = GRAPHQL_ENUMS[kind]
  const name = value.toUpperCase().replace(/[^A-Z0-9]+/g, '_')
  return /^[0-9]/.test(name) ? `${spec.prefix ?? 'V'}_${name}` : name
}

/** The stored value behind a GraphQL enum name (the name itself when it is not one of the options). */
export function enumValue(kind: GraphQLEnumName, name: string): string {
  const spec: EnumSpec = GRAPHQL_ENUMS[kind]
  return spec.options.find((o) => enumName(kind, o.value) === name)?.value ?? name
}
