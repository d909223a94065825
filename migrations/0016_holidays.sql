ALTER TABLE `audit_log` ADD `state` text;--> statement-breakpoint
ALTER TABLE `availability_settings` ADD `unblocked_holidays` text DEFAULT '[]' NOT NULL;