CREATE TABLE `baa_renewal_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`baa_id` integer NOT NULL,
	`renewal_date` text NOT NULL,
	`lead_days` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`baa_id`) REFERENCES `baas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `baa_renewal_notices_once` ON `baa_renewal_notices` (`baa_id`,`renewal_date`,`lead_days`);--> statement-breakpoint
CREATE TABLE `baas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`source` text NOT NULL,
	`signature_id` integer,
	`effective_date` text NOT NULL,
	`renewal_date` text,
	`notification_days` integer DEFAULT 60 NOT NULL,
	`notification_day_kind` text DEFAULT 'calendar' NOT NULL,
	`document_key` text,
	`document_sha256` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`signature_id`) REFERENCES `signatures`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `baas_client_idx` ON `baas` (`client_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `baas_signature_once` ON `baas` (`signature_id`);--> statement-breakpoint
CREATE TABLE `incident_assets` (
	`incident_id` integer NOT NULL,
	`asset_id` integer NOT NULL,
	PRIMARY KEY(`incident_id`, `asset_id`),
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `incident_clients` (
	`incident_id` integer NOT NULL,
	`client_id` integer NOT NULL,
	`due_at_ms` integer NOT NULL,
	`basis` text NOT NULL,
	`notified_at_ms` integer,
	PRIMARY KEY(`incident_id`, `client_id`),
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `incident_clients_client_idx` ON `incident_clients` (`client_id`);--> statement-breakpoint
CREATE TABLE `incident_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`client_id` integer NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`sent_at` integer,
	`sent_to` text,
	`pdf_key` text,
	`pdf_sha256` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `incident_notices_incident_idx` ON `incident_notices` (`incident_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `incident_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`client_id` integer NOT NULL,
	`mark` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `incident_reminders_once` ON `incident_reminders` (`incident_id`,`client_id`,`mark`);--> statement-breakpoint
CREATE TABLE `incident_timeline` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`incident_id` integer NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`changes` text DEFAULT '{}' NOT NULL,
	`note` text,
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `incident_timeline_incident_idx` ON `incident_timeline` (`incident_id`,`at`);--> statement-breakpoint
CREATE TABLE `incidents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`title` text NOT NULL,
	`discovered_at` text NOT NULL,
	`discovered_at_ms` integer NOT NULL,
	`reported_by` text,
	`description` text NOT NULL,
	`ephi_involved` text DEFAULT 'unknown' NOT NULL,
	`individuals_affected` integer,
	`phi_nature` text,
	`recipient` text,
	`acquired_or_viewed` text,
	`mitigation` text,
	`determination` text DEFAULT 'undetermined' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `incidents_reference_unique` ON `incidents` (`reference`);--> statement-breakpoint
CREATE INDEX `incidents_discovered_idx` ON `incidents` (`discovered_at_ms`);--> statement-breakpoint
-- hand-written:
-- Incidents are kept (45 CFR 164.316(b)(2)): never deleted.
CREATE TRIGGER `incidents_no_delete` BEFORE DELETE ON `incidents`
  BEGIN SELECT RAISE(ABORT, 'incidents are never deleted'); END;
--> statement-breakpoint
-- The timeline is append-only.
CREATE TRIGGER `incident_timeline_no_update` BEFORE UPDATE ON `incident_timeline`
  BEGIN SELECT RAISE(ABORT, 'incident timeline is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `incident_timeline_no_delete` BEFORE DELETE ON `incident_timeline`
  BEGIN SELECT RAISE(ABORT, 'incident timeline is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `incident_clients_no_delete` BEFORE DELETE ON `incident_clients`
  BEGIN SELECT RAISE(ABORT, 'incident clients are never deleted'); END;
--> statement-breakpoint
-- A sent notice is never rewritten nor deleted; a draft may be edited.
-- Every column of what was sent; the client may change only by a merge of duplicate clients.
CREATE TRIGGER `incident_notices_sent_frozen` BEFORE UPDATE OF `incident_id`, `subject`, `body`, `status`, `sent_at`, `sent_to`, `pdf_key`, `pdf_sha256` ON `incident_notices`
  WHEN OLD.`status` = 'sent'
  BEGIN SELECT RAISE(ABORT, 'a sent notice is never rewritten'); END;
--> statement-breakpoint
CREATE TRIGGER `incident_notices_no_delete` BEFORE DELETE ON `incident_notices`
  WHEN OLD.`status` = 'sent'
  BEGIN SELECT RAISE(ABORT, 'a sent notice is never deleted'); END;
--> statement-breakpoint
-- The allowed words (schema/compliance.ts); a test compares the lists.
CREATE TRIGGER `incidents_words_insert` BEFORE INSERT ON `incidents`
  WHEN NEW.`ephi_involved` NOT IN ('yes', 'no', 'unknown')
    OR NEW.`determination` NOT IN ('breach', 'not_breach', 'undetermined')
  BEGIN SELECT RAISE(ABORT, 'incident ephi_involved or determination is invalid'); END;
--> statement-breakpoint
CREATE TRIGGER `incidents_words_update` BEFORE UPDATE ON `incidents`
  WHEN NEW.`ephi_involved` NOT IN ('yes', 'no', 'unknown')
    OR NEW.`determination` NOT IN ('breach', 'not_breach', 'undetermined')
  BEGIN SELECT RAISE(ABORT, 'incident ephi_involved or determination is invalid'); END;
--> statement-breakpoint
CREATE TRIGGER `baas_words_insert` BEFORE INSERT ON `baas`
  WHEN NEW.`source` NOT IN ('quote', 'recorded') OR NEW.`notification_day_kind` NOT IN ('calendar', 'business')
    OR NEW.`notification_days` < 1
  BEGIN SELECT RAISE(ABORT, 'baa source, notification days or kind is invalid'); END;
--> statement-breakpoint
CREATE TRIGGER `baas_words_update` BEFORE UPDATE ON `baas`
  WHEN NEW.`source` NOT IN ('quote', 'recorded') OR NEW.`notification_day_kind` NOT IN ('calendar', 'business')
    OR NEW.`notification_days` < 1
  BEGIN SELECT RAISE(ABORT, 'baa source, notification days or kind is invalid'); END;
--> statement-breakpoint
CREATE TRIGGER `incident_reminders_words_check` BEFORE INSERT ON `incident_reminders`
  WHEN NEW.`mark` NOT IN ('half', '7d', '1d')
  BEGIN SELECT RAISE(ABORT, 'incident reminder mark is invalid'); END;
--> statement-breakpoint
CREATE TRIGGER `baa_renewal_notices_words_check` BEFORE INSERT ON `baa_renewal_notices`
  WHEN NEW.`lead_days` NOT IN (60, 14)
  BEGIN SELECT RAISE(ABORT, 'baa renewal notice lead is invalid'); END;
