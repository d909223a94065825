CREATE TABLE `autopay_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`attempt` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_intent_id` text,
	`error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `autopay_attempts_once_idx` ON `autopay_attempts` (`invoice_id`,`attempt`);--> statement-breakpoint
CREATE TABLE `period_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`period` text NOT NULL,
	`invoice_id` integer NOT NULL,
	`send_due` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `period_invoices_invoice_id_unique` ON `period_invoices` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `period_invoices_subscription_period_idx` ON `period_invoices` (`subscription_id`,`period`);--> statement-breakpoint
CREATE TABLE `plan_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer NOT NULL,
	`from_period` text NOT NULL,
	`monthly_fee_cents` integer NOT NULL,
	`included_minutes` integer NOT NULL,
	`overage_rate_cents` integer NOT NULL,
	`rollover` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_prices_plan_period_idx` ON `plan_prices` (`plan_id`,`from_period`);--> statement-breakpoint
CREATE TABLE `plan_units` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plan_units_plan_idx` ON `plan_units` (`plan_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`monthly_fee_cents` integer NOT NULL,
	`included_minutes` integer NOT NULL,
	`overage_rate_cents` integer NOT NULL,
	`rollover` text DEFAULT 'none' NOT NULL,
	`sla_urgent_hours` integer,
	`sla_high_hours` integer,
	`sla_medium_hours` integer,
	`sla_low_hours` integer,
	`auto_send` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscription_pauses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`from_period` text NOT NULL,
	`to_period` text,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_pauses_subscription_idx` ON `subscription_pauses` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `subscription_units` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_units_subscription_idx` ON `subscription_units` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`start_date` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`ends_period` text,
	`autopay` integer DEFAULT false NOT NULL,
	`alert_contact_id` integer,
	`stripe_setup_session_id` text,
	`stripe_customer_id` text,
	`stripe_payment_method_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`alert_contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_one_live_per_client_idx` ON `subscriptions` (`client_id`) WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX `subscriptions_plan_idx` ON `subscriptions` (`plan_id`);--> statement-breakpoint
CREATE TABLE `usage_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`period` text NOT NULL,
	`threshold` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `usage_alerts_once_idx` ON `usage_alerts` (`subscription_id`,`period`,`threshold`);--> statement-breakpoint
-- hand-written:
-- Closed sets kept by the database (SQLite cannot add CHECK to a table later; triggers can be replaced).
CREATE TRIGGER `subscriptions_status_check` BEFORE INSERT ON `subscriptions`
  WHEN NEW.`status` NOT IN ('active', 'paused', 'cancelled')
  BEGIN SELECT RAISE(ABORT, 'subscription status is invalid'); END;--> statement-breakpoint
CREATE TRIGGER `subscriptions_status_check_update` BEFORE UPDATE OF `status` ON `subscriptions`
  WHEN NEW.`status` NOT IN ('active', 'paused', 'cancelled')
  BEGIN SELECT RAISE(ABORT, 'subscription status is invalid'); END;--> statement-breakpoint
CREATE TRIGGER `plans_rollover_check` BEFORE INSERT ON `plans`
  WHEN NEW.`rollover` NOT IN ('none', 'next')
  BEGIN SELECT RAISE(ABORT, 'plan rollover is invalid'); END;--> statement-breakpoint
CREATE TRIGGER `plans_rollover_check_update` BEFORE UPDATE OF `rollover` ON `plans`
  WHEN NEW.`rollover` NOT IN ('none', 'next')
  BEGIN SELECT RAISE(ABORT, 'plan rollover is invalid'); END;--> statement-breakpoint
-- A period invoice is never moved to another period or invoice; voiding the
-- invoice frees its period (its time is already unbilled by the void), so the
-- period can be billed again, still once.
CREATE TRIGGER `period_invoices_fixed` BEFORE UPDATE OF `subscription_id`, `period`, `invoice_id` ON `period_invoices`
  BEGIN SELECT RAISE(ABORT, 'period invoice is fixed'); END;--> statement-breakpoint
CREATE TRIGGER `period_invoices_freed_on_void` AFTER UPDATE OF `status` ON `invoices`
  WHEN NEW.`status` = 'void'
  BEGIN DELETE FROM `period_invoices` WHERE `invoice_id` = NEW.`id`; END;
