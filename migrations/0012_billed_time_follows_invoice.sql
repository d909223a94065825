-- Issue 24: merging two clients moves every record of one into the other,
-- billed time included. The billed-time lock of 0010 refused any change of a
-- billed entry's client; now a billed entry may change client only to its own
-- invoice's client, so it follows its invoice (which the merge moves first)
-- and can still never be separated from it. Every other lock is unchanged.
DROP TRIGGER `time_entries_billed_locked`;--> statement-breakpoint
CREATE TRIGGER `time_entries_billed_locked` BEFORE UPDATE OF `date`, `minutes`, `description`, `billable`, `rate_cents`, `block_id` ON `time_entries`
  WHEN OLD.`invoice_id` IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'time entry is billed'); END;--> statement-breakpoint
CREATE TRIGGER `time_entries_billed_client` BEFORE UPDATE OF `client_id` ON `time_entries`
  WHEN OLD.`invoice_id` IS NOT NULL
    AND NEW.`client_id` IS NOT (SELECT `client_id` FROM `invoices` WHERE `id` = OLD.`invoice_id`)
  BEGIN SELECT RAISE(ABORT, 'time entry is billed'); END;
