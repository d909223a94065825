CREATE TABLE `request_erasures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_kind` text NOT NULL,
	`request_id` integer NOT NULL,
	`reason` text NOT NULL,
	`erased_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `consultations` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `consultations` ADD `fingerprint` text;--> statement-breakpoint
CREATE INDEX `consultations_fingerprint_idx` ON `consultations` (`fingerprint`,`created_at`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `kind` text DEFAULT 'notification' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `digest_id` integer;--> statement-breakpoint
ALTER TABLE `support_requests` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `support_requests` ADD `fingerprint` text;--> statement-breakpoint
CREATE INDEX `support_requests_fingerprint_idx` ON `support_requests` (`fingerprint`,`created_at`);