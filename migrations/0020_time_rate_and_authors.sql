ALTER TABLE `request_messages` ADD `author_name` text;--> statement-breakpoint
ALTER TABLE `request_messages` ADD `author_contact_id` integer;--> statement-breakpoint
ALTER TABLE `running_timer` ADD `rate_cents` integer;--> statement-breakpoint
ALTER TABLE `time_entries` ADD `needs_rate` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: time kept without a rate (issue 36) is never billed until the owner sets one.
CREATE TRIGGER `time_entries_needs_rate_unbilled` BEFORE UPDATE OF `invoice_id` ON `time_entries`
  WHEN NEW.`invoice_id` IS NOT NULL AND NEW.`needs_rate` = 1
  BEGIN SELECT RAISE(ABORT, 'time entry needs a rate'); END;--> statement-breakpoint
CREATE TRIGGER `time_entries_needs_rate_insert` BEFORE INSERT ON `time_entries`
  WHEN NEW.`invoice_id` IS NOT NULL AND NEW.`needs_rate` = 1
  BEGIN SELECT RAISE(ABORT, 'time entry needs a rate'); END;--> statement-breakpoint
-- hand-written: the messages already stored name their author where the address is a contact's.
UPDATE `request_messages` SET
  `author_contact_id` = (SELECT `id` FROM `contacts` WHERE `contacts`.`email` = lower(`request_messages`.`author`)),
  `author_name` = (SELECT `name` FROM `contacts` WHERE `contacts`.`email` = lower(`request_messages`.`author`))
  WHERE `direction` = 'in';
