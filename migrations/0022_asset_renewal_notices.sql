CREATE TABLE `asset_renewal_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`asset_id` integer NOT NULL,
	`what` text NOT NULL,
	`due_date` text NOT NULL,
	`lead_days` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `asset_renewal_notices_once` ON `asset_renewal_notices` (`asset_id`,`what`,`due_date`,`lead_days`);--> statement-breakpoint
-- hand-written:
-- The words of RENEWAL_WHATS (schema/assets.ts) and the two leads; a test compares the lists.
CREATE TRIGGER `asset_renewal_notices_words_check` BEFORE INSERT ON `asset_renewal_notices`
  WHEN NEW.`what` NOT IN ('warranty', 'renewal') OR NEW.`lead_days` NOT IN (60, 14)
  BEGIN SELECT RAISE(ABORT, 'renewal notice what or lead is invalid'); END;
