CREATE TABLE `request_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`consultation_id` integer,
	`support_request_id` integer,
	`direction` text NOT NULL,
	`author` text NOT NULL,
	`body` text NOT NULL,
	`outbox_id` integer,
	`attachments` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`consultation_id`) REFERENCES `consultations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`support_request_id`) REFERENCES `support_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `request_messages_consultation_idx` ON `request_messages` (`consultation_id`);--> statement-breakpoint
CREATE INDEX `request_messages_support_idx` ON `request_messages` (`support_request_id`);--> statement-breakpoint
CREATE TABLE `request_numbers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `consultations` ADD `reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `consultations_reference_unique` ON `consultations` (`reference`);--> statement-breakpoint
ALTER TABLE `support_requests` ADD `reference` text;--> statement-breakpoint
ALTER TABLE `support_requests` ADD `due_at` integer;--> statement-breakpoint
ALTER TABLE `support_requests` ADD `due_remaining_ms` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `support_requests_reference_unique` ON `support_requests` (`reference`);--> statement-breakpoint
-- Hand-written data migration (docs/decisions/053 and 054): number the requests
-- stored before references existed, consultations first, then support
-- requests, so that new numbers (request_numbers' autoincrement) follow them.
INSERT INTO `request_numbers` (`id`, `kind`) SELECT `id`, 'consultation' FROM `consultations`;--> statement-breakpoint
INSERT INTO `request_numbers` (`id`, `kind`) SELECT (SELECT coalesce(max(`id`), 0) FROM `consultations`) + `id`, 'support' FROM `support_requests`;--> statement-breakpoint
UPDATE `consultations` SET `reference` = 'C-' || (1000 + `id`);--> statement-breakpoint
UPDATE `support_requests` SET `reference` = 'S-' || (1000 + (SELECT coalesce(max(`id`), 0) FROM `consultations`) + `id`);--> statement-breakpoint
-- Support requests move to the help-desk workflow (ADR 053's mapping).
UPDATE `support_requests` SET `status` = CASE `status` WHEN 'confirmed' THEN 'in_progress' WHEN 'completed' THEN 'resolved' WHEN 'cancelled' THEN 'closed' ELSE `status` END;
