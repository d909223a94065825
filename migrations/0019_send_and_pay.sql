CREATE TABLE `billing_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`payment_instructions` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `quote_change_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` integer NOT NULL,
	`contact_id` integer,
	`author_name` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quote_change_requests_quote_idx` ON `quote_change_requests` (`quote_id`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `once_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_once_key_idx` ON `mail_outbox` (`once_key`) WHERE once_key is not null;--> statement-breakpoint
-- hand-written:
-- The seeded agreements' "Draft template" note is meant for the owner only (issue 36): it becomes
-- a fenced owner-note block (schema/owner-notes.ts), stripped from all the client sees. Drafts
-- only: a sent quote's agreements are frozen (and the triggers of 0014 refuse to change them).
UPDATE `agreement_templates` SET `body` = replace(`body`, '> **Draft template: have it reviewed by a lawyer before you rely on it.** It is a starting point, not legal advice.', ':::owner-note' || char(10) || '**Draft template: have it reviewed by a lawyer before you rely on it.** It is a starting point, not legal advice.' || char(10) || ':::');--> statement-breakpoint
UPDATE `quote_agreements` SET `body` = replace(`body`, '> **Draft template: have it reviewed by a lawyer before you rely on it.** It is a starting point, not legal advice.', ':::owner-note' || char(10) || '**Draft template: have it reviewed by a lawyer before you rely on it.** It is a starting point, not legal advice.' || char(10) || ':::') WHERE `quote_id` IN (SELECT `id` FROM `quotes` WHERE `status` = 'draft');
