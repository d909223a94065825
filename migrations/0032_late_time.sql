CREATE TABLE `late_time` (
	`time_entry_id` integer PRIMARY KEY NOT NULL,
	`choice` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`time_entry_id`) REFERENCES `time_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The closed set of choices, kept by the database (hand-written).
CREATE TRIGGER `late_time_choice_check` BEFORE INSERT ON `late_time`
  WHEN NEW.`choice` NOT IN ('next', 'none')
  BEGIN SELECT RAISE(ABORT, 'late time choice is invalid'); END;--> statement-breakpoint
CREATE TRIGGER `late_time_choice_check_update` BEFORE UPDATE OF `choice` ON `late_time`
  WHEN NEW.`choice` NOT IN ('next', 'none')
  BEGIN SELECT RAISE(ABORT, 'late time choice is invalid'); END;--> statement-breakpoint
-- A choice is fixed once its entry is billed (the billed-entry lock of migration 0010 holds the entry itself).
CREATE TRIGGER `late_time_fixed_when_billed` BEFORE UPDATE ON `late_time`
  WHEN (SELECT `invoice_id` FROM `time_entries` WHERE `id` = OLD.`time_entry_id`) IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'time entry is billed'); END;
