CREATE TABLE `agreement_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`needs_legal_review` integer DEFAULT false NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`scope` text NOT NULL,
	`expires_at` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `client_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`uploaded_by` text NOT NULL,
	`contact_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_files_key_unique` ON `client_files` (`key`);--> statement-breakpoint
CREATE INDEX `client_files_client_idx` ON `client_files` (`client_id`);--> statement-breakpoint
CREATE TABLE `clients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`domains` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`default_rate_cents` integer,
	`rounding_minutes` integer DEFAULT 0 NOT NULL,
	`payment_terms_days` integer DEFAULT 15 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `clients_name_idx` ON `clients` (`name`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`role` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_email_unique` ON `contacts` (`email`);--> statement-breakpoint
CREATE INDEX `contacts_client_idx` ON `contacts` (`client_id`);--> statement-breakpoint
CREATE TABLE `document_counters` (
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `year`)
);
--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit` text,
	`unit_price_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`time_entry_id` integer,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`contact_id` integer,
	`number` text NOT NULL,
	`source` text NOT NULL,
	`quote_id` integer,
	`block_id` integer,
	`credit_for_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text NOT NULL,
	`terms_days` integer DEFAULT 15 NOT NULL,
	`rounding_minutes` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`notes` text,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`tax_rate_bp` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`sent_at` integer,
	`viewed_at` integer,
	`paid_at` integer,
	`voided_at` integer,
	`reminders_sent` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`block_id`) REFERENCES `prepaid_blocks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_client_idx` ON `invoices` (`client_id`);--> statement-breakpoint
CREATE INDEX `invoices_status_idx` ON `invoices` (`status`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer,
	`amount_cents` integer NOT NULL,
	`date` text NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`stripe_event_id` text,
	`unmatched_number` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_event_id_unique` ON `payments` (`stripe_event_id`);--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `portal_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`contact_id` integer NOT NULL,
	`next` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `portal_links_contact_idx` ON `portal_links` (`contact_id`);--> statement-breakpoint
CREATE TABLE `portal_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`contact_id` integer NOT NULL,
	`client_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	`ip` text,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `portal_sessions_contact_idx` ON `portal_sessions` (`contact_id`);--> statement-breakpoint
CREATE TABLE `prepaid_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`minutes` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`valid_until` text,
	`low_notice_sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `prepaid_blocks_client_idx` ON `prepaid_blocks` (`client_id`);--> statement-breakpoint
CREATE TABLE `quote_agreements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` integer NOT NULL,
	`template_id` integer,
	`name` text NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `agreement_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quote_agreements_quote_idx` ON `quote_agreements` (`quote_id`);--> statement-breakpoint
CREATE TABLE `quote_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` integer NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit` text,
	`unit_price_cents` integer NOT NULL,
	`optional` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quote_lines_quote_idx` ON `quote_lines` (`quote_id`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`contact_id` integer,
	`consultation_id` integer,
	`number` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`superseded_by_id` integer,
	`title` text NOT NULL,
	`intro` text,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`tax_rate_bp` integer DEFAULT 0 NOT NULL,
	`deposit_percent` integer DEFAULT 0 NOT NULL,
	`payment_terms` text,
	`valid_until` text NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`sent_at` integer,
	`viewed_at` integer,
	`decided_at` integer,
	`decline_reason` text,
	`chosen_line_ids` text,
	`subtotal_cents` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`reminder_sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`consultation_id`) REFERENCES `consultations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_number_revision_idx` ON `quotes` (`number`,`revision`);--> statement-breakpoint
CREATE INDEX `quotes_client_idx` ON `quotes` (`client_id`);--> statement-breakpoint
CREATE INDEX `quotes_status_idx` ON `quotes` (`status`);--> statement-breakpoint
CREATE TABLE `running_timer` (
	`id` integer PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`client_id` integer,
	`support_request_id` integer,
	`consultation_id` integer,
	`description` text,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `signatures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` integer NOT NULL,
	`contact_id` integer,
	`signer_name` text NOT NULL,
	`signer_email` text NOT NULL,
	`signed_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`revision` integer NOT NULL,
	`document_sha256` text NOT NULL,
	`agreement_hashes` text DEFAULT '[]' NOT NULL,
	`pdf_key` text,
	`pdf_sha256` text,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `signatures_quote_id_unique` ON `signatures` (`quote_id`);--> statement-breakpoint
CREATE TABLE `time_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`support_request_id` integer,
	`consultation_id` integer,
	`date` text NOT NULL,
	`minutes` integer NOT NULL,
	`description` text NOT NULL,
	`billable` integer DEFAULT true NOT NULL,
	`rate_cents` integer NOT NULL,
	`block_id` integer,
	`invoice_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`support_request_id`) REFERENCES `support_requests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`consultation_id`) REFERENCES `consultations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`block_id`) REFERENCES `prepaid_blocks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `time_entries_client_idx` ON `time_entries` (`client_id`,`date`);--> statement-breakpoint
CREATE INDEX `time_entries_invoice_idx` ON `time_entries` (`invoice_id`);--> statement-breakpoint
ALTER TABLE `consultations` ADD `client_id` integer REFERENCES clients(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `consultations` ADD `contact_id` integer REFERENCES contacts(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `consultations_client_idx` ON `consultations` (`client_id`);--> statement-breakpoint
ALTER TABLE `support_requests` ADD `client_id` integer REFERENCES clients(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `support_requests` ADD `contact_id` integer REFERENCES contacts(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `support_requests_client_idx` ON `support_requests` (`client_id`);--> statement-breakpoint
-- Hand-written (issue 24): every request stored before this migration belongs to a
-- contact. One client and contact per distinct e-mail address (lower case), made
-- from the address's earliest request: the organisation from its company or
-- business name, else the person's name. The clients table is empty here, so
-- the work table's rowid is both the client's and the contact's id.
CREATE TABLE `_contact_backfill` (`email` text PRIMARY KEY NOT NULL, `name` text NOT NULL, `phone` text, `org` text, `at` integer NOT NULL);--> statement-breakpoint
INSERT OR IGNORE INTO `_contact_backfill` (`email`, `name`, `phone`, `org`, `at`)
  SELECT lower(trim(`email`)), `name`, `phone`, `org`, `at` FROM (
    SELECT `email`, `name`, `phone`, `company` AS `org`, `created_at` AS `at` FROM `consultations`
    UNION ALL
    SELECT `email`, `name`, `phone`, `business_name` AS `org`, `created_at` AS `at` FROM `support_requests`
  ) ORDER BY `at`, `email`;--> statement-breakpoint
INSERT INTO `clients` (`id`, `name`, `created_at`, `updated_at`)
  SELECT rowid, coalesce(nullif(trim(`org`), ''), `name`), `at`, `at` FROM `_contact_backfill`;--> statement-breakpoint
INSERT INTO `contacts` (`id`, `client_id`, `name`, `email`, `phone`, `created_at`, `updated_at`)
  SELECT rowid, rowid, `name`, `email`, nullif(trim(`phone`), ''), `at`, `at` FROM `_contact_backfill`;--> statement-breakpoint
UPDATE `consultations` SET
  `contact_id` = (SELECT rowid FROM `_contact_backfill` b WHERE b.`email` = lower(trim(`consultations`.`email`))),
  `client_id` = (SELECT rowid FROM `_contact_backfill` b WHERE b.`email` = lower(trim(`consultations`.`email`)));--> statement-breakpoint
UPDATE `support_requests` SET
  `contact_id` = (SELECT rowid FROM `_contact_backfill` b WHERE b.`email` = lower(trim(`support_requests`.`email`))),
  `client_id` = (SELECT rowid FROM `_contact_backfill` b WHERE b.`email` = lower(trim(`support_requests`.`email`)));--> statement-breakpoint
DROP TABLE `_contact_backfill`;--> statement-breakpoint
-- Hand-written (issue 26): a billed time entry is locked by the database itself.
-- It joins at most one invoice (a second invoice cannot take it), returns to
-- unbilled only once its invoice is void, and cannot be edited or deleted while billed.
CREATE TRIGGER `time_entries_billed_once` BEFORE UPDATE OF `invoice_id` ON `time_entries`
  WHEN OLD.`invoice_id` IS NOT NULL AND NEW.`invoice_id` IS NOT NULL AND NEW.`invoice_id` IS NOT OLD.`invoice_id`
  BEGIN SELECT RAISE(ABORT, 'time entry already billed'); END;--> statement-breakpoint
CREATE TRIGGER `time_entries_unbilled_on_void` BEFORE UPDATE OF `invoice_id` ON `time_entries`
  WHEN OLD.`invoice_id` IS NOT NULL AND NEW.`invoice_id` IS NULL
    AND (SELECT `status` FROM `invoices` WHERE `id` = OLD.`invoice_id`) IS NOT 'void'
  BEGIN SELECT RAISE(ABORT, 'time entry is billed'); END;--> statement-breakpoint
CREATE TRIGGER `time_entries_billed_locked` BEFORE UPDATE OF `client_id`, `date`, `minutes`, `description`, `billable`, `rate_cents`, `block_id` ON `time_entries`
  WHEN OLD.`invoice_id` IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'time entry is billed'); END;--> statement-breakpoint
CREATE TRIGGER `time_entries_billed_kept` BEFORE DELETE ON `time_entries`
  WHEN OLD.`invoice_id` IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'time entry is billed'); END;--> statement-breakpoint
-- Hand-written (issue 25): a signature record is final once its PDF is stored.
CREATE TRIGGER `signatures_final` BEFORE UPDATE ON `signatures`
  WHEN OLD.`pdf_key` IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'signature is final'); END;
