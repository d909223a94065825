// Managed-service plans (issue 37, docs/plans.md): prices, subscriptions, period invoices, autopay, alerts.
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { invoices } from './tables-billing'
import { clients, contacts } from './tables-clients'
import { timestamps } from './timestamps'

/**
 * A monthly IT-support plan. The columns hold the terms as they stand now;
 * what a period is billed at comes from planPrices (a price change applies
 * from the next period, ADR 134).
 */
export const plans = sqliteTable('plans', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  monthlyFeeCents: integer('monthly_fee_cents').notNull(),
  includedMinutes: integer('included_minutes').notNull(),
  // Cents per hour of time past the included (and rolled-over) minutes.
  overageRateCents: integer('overage_rate_cents').notNull(),
  // 'none' | 'next' (PLAN_ROLLOVER in schema/plans.ts)
  rollover: text('rollover').notNull().default('none'),
  // First-response targets in hours by urgency; null: the inbox's default.
  slaUrgentHours: integer('sla_urgent_hours'),
  slaHighHours: integer('sla_high_hours'),
  slaMediumHours: integer('sla_medium_hours'),
  slaLowHours: integer('sla_low_hours'),
  // Period invoices are sent as soon as the cron makes them (off: drafts wait for review).
  autoSend: integer('auto_send', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
})

/** The terms a plan bills from a period on ('0000-00' for the first terms); one row per plan and period. */
export const planPrices = sqliteTable(
  'plan_prices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    fromPeriod: text('from_period').notNull(),
    monthlyFeeCents: integer('monthly_fee_cents').notNull(),
    includedMinutes: integer('included_minutes').notNull(),
    overageRateCents: integer('overage_rate_cents').notNull(),
    rollover: text('rollover').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('plan_prices_plan_period_idx').on(t.planId, t.fromPeriod)],
)

/** A plan's per-unit lines (per workstation, per user): the defaults a new subscription copies. */
export const planUnits = sqliteTable(
  'plan_units',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [index('plan_units_plan_idx').on(t.planId)],
)

/**
 * A client on a plan from a start date. At most one subscription per client
 * that is not cancelled (a partial unique index: the database's rule).
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    // Calendar date (YYYY-MM-DD) in the business time zone; its month is the first (prorated) period.
    startDate: text('start_date').notNull(),
    // 'active' | 'paused' | 'cancelled' (SUBSCRIPTION_STATUSES in schema/plans.ts)
    status: text('status').notNull().default('active'),
    // Cancelled at the end of endsPeriod (YYYY-MM): billed for it, not after.
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    endsPeriod: text('ends_period'),
    autopay: integer('autopay', { mode: 'boolean' }).notNull().default(false),
    // The contact who opted in to the usage alerts (80 % and 100 %); null: the owner only.
    alertContactId: integer('alert_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    // Autopay (ADR 139): the Checkout Session (setup mode) the portal opened last, and the card it saved.
    stripeSetupSessionId: text('stripe_setup_session_id'),
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_one_live_per_client_idx').on(t.clientId).where(sql`status <> 'cancelled'`),
    index('subscriptions_plan_idx').on(t.planId),
  ],
)

/** A subscription's unit lines with their quantities (and prices, copied from the plan or given). */
export const subscriptionUnits = sqliteTable(
  'subscription_units',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('subscription_units_subscription_idx').on(t.subscriptionId)],
)

/** Whole periods a subscription is paused (no fee; time billed as usual); toPeriod null: still paused. */
export const subscriptionPauses = sqliteTable(
  'subscription_pauses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    fromPeriod: text('from_period').notNull(),
    toPeriod: text('to_period'),
  },
  (t) => [index('subscription_pauses_subscription_idx').on(t.subscriptionId)],
)

/**
 * The invoice of one subscription and period (YYYY-MM): inserted in the batch
 * that makes the invoice, so a second one for the same period aborts that
 * batch whole (no invoice, no number, no time billed).
 */
export const periodInvoices = sqliteTable(
  'period_invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    period: text('period').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id),
    // Made by the cron for a plan that sends automatically, and not yet sent (a later run sends it).
    sendDue: integer('send_due', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('period_invoices_subscription_period_idx').on(t.subscriptionId, t.period)],
)

/**
 * An off-session charge of a period invoice (autopay): attempt 1 when it is
 * sent, then at most 3 retries over 7 days. The unique (invoice, attempt) row
 * is the claim, so overlapping cron runs charge once.
 */
export const autopayAttempts = sqliteTable(
  'autopay_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    attempt: integer('attempt').notNull(),
    // 'pending' | 'succeeded' | 'failed'
    status: text('status').notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [uniqueIndex('autopay_attempts_once_idx').on(t.invoiceId, t.attempt)],
)

/** A usage alert sent (threshold 80 or 100 percent): once per subscription, period and threshold. */
export const usageAlerts = sqliteTable(
  'usage_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    threshold: integer('threshold').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('usage_alerts_once_idx').on(t.subscriptionId, t.period, t.threshold)],
)

export type Plan = typeof plans.$inferSelect
export type PlanPrice = typeof planPrices.$inferSelect
export type PlanUnit = typeof planUnits.$inferSelect
export type Subscription = typeof subscriptions.$inferSelect
export type SubscriptionUnit = typeof subscriptionUnits.$inferSelect
export type PeriodInvoice = typeof periodInvoices.$inferSelect
export type AutopayAttempt = typeof autopayAttempts.$inferSelect
