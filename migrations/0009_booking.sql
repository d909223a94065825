CREATE TABLE `availability_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`weekly_hours` text NOT NULL,
	`blocked` text DEFAULT '[]' NOT NULL,
	`min_notice_minutes` integer NOT NULL,
	`horizon_days` integer NOT NULL,
	`meeting_minutes` integer NOT NULL,
	`change_cutoff_hours` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `consultations` ADD `uid` text;--> statement-breakpoint
ALTER TABLE `consultations` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `consultations` ADD `reminder_sent_at` integer;--> statement-breakpoint
-- Hand-written: requests stored before this migration get their booking identity too.
UPDATE `consultations` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `consultations_uid_idx` ON `consultations` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `consultations_active_slot_idx` ON `consultations` (`preferred_date`,`preferred_time`) WHERE status in ('pending', 'confirmed');