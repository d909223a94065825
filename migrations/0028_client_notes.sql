CREATE TABLE `client_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`body` text NOT NULL,
	`author` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `client_notes_client_idx` ON `client_notes` (`client_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `support_requests` ADD `quote_id` integer REFERENCES quotes(id);--> statement-breakpoint
CREATE UNIQUE INDEX `support_requests_quote_idx` ON `support_requests` (`quote_id`);
--> statement-breakpoint
-- hand-written:
-- Each client's old notes become its first dated entry, dated when the client was last saved (the field kept no date of its own).
INSERT INTO `client_notes` (`client_id`, `body`, `author`, `created_at`)
SELECT `id`, trim(`notes`), NULL, `updated_at` FROM `clients` WHERE `notes` IS NOT NULL AND trim(`notes`) <> '';
