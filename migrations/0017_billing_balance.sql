ALTER TABLE `invoices` ADD `quote_part` text;--> statement-breakpoint
CREATE INDEX `invoices_credit_for_idx` ON `invoices` (`credit_for_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_block_live_idx` ON `invoices` (`block_id`) WHERE block_id is not null and status <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_quote_part_live_idx` ON `invoices` (`quote_id`,`quote_part`) WHERE quote_id is not null and status <> 'void';--> statement-breakpoint
ALTER TABLE `payments` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_session_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_payment_intent_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `unmatched_reason` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_session_id_unique` ON `payments` (`stripe_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_payment_intent_id_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
-- hand-written:
-- Issue 34. The one balance: what each invoice owes, was credited (credit
-- notes' totals, negative), was paid, and has left. Every view reads it
-- (services/invoices.ts listInvoices and getInvoice select from it), and the
-- triggers below check it inside the statement that writes, so two requests
-- at once cannot both pass. A credit note or a void invoice owes nothing.
CREATE VIEW `invoice_balances` AS
SELECT `id` AS `invoice_id`, `owed_cents`, `credited_cents`, `paid_cents`,
  `owed_cents` + `credited_cents` - `paid_cents` AS `balance_cents`
FROM (
  SELECT i.`id`,
    CASE WHEN i.`source` = 'credit' OR i.`status` = 'void' THEN 0 ELSE i.`total_cents` END AS `owed_cents`,
    CASE WHEN i.`source` = 'credit' OR i.`status` = 'void' THEN 0 ELSE coalesce((
      SELECT sum(c.`total_cents`) FROM `invoices` c
      WHERE c.`credit_for_id` = i.`id` AND c.`source` = 'credit' AND c.`status` <> 'void'), 0) END AS `credited_cents`,
    coalesce((SELECT sum(p.`amount_cents`) FROM `payments` p WHERE p.`invoice_id` = i.`id`), 0) AS `paid_cents`
  FROM `invoices` i
);--> statement-breakpoint
-- A quote's invoices name their part; before, the part was only in the line's words.
UPDATE `invoices` SET `quote_part` = CASE
    WHEN (SELECT l.`description` FROM `invoice_lines` l WHERE l.`invoice_id` = `invoices`.`id` ORDER BY l.`position` LIMIT 1) LIKE 'Deposit%' THEN 'deposit'
    WHEN (SELECT l.`description` FROM `invoice_lines` l WHERE l.`invoice_id` = `invoices`.`id` ORDER BY l.`position` LIMIT 1) LIKE 'Remainder%' THEN 'remainder'
    ELSE 'full' END
  WHERE `quote_id` IS NOT NULL AND `status` = 'void';--> statement-breakpoint
UPDATE `invoices` SET `quote_part` = CASE
    WHEN (SELECT l.`description` FROM `invoice_lines` l WHERE l.`invoice_id` = `invoices`.`id` ORDER BY l.`position` LIMIT 1) LIKE 'Deposit%' THEN 'deposit'
    WHEN (SELECT l.`description` FROM `invoice_lines` l WHERE l.`invoice_id` = `invoices`.`id` ORDER BY l.`position` LIMIT 1) LIKE 'Remainder%' THEN 'remainder'
    ELSE 'full' END
  WHERE `quote_id` IS NOT NULL AND `status` <> 'void'
    -- an older duplicate made before the index (none is expected) keeps its part unnamed rather than failing the migration
    AND NOT EXISTS (SELECT 1 FROM `invoices` o WHERE o.`quote_id` = `invoices`.`quote_id` AND o.`status` <> 'void' AND o.`id` < `invoices`.`id`
      AND substr((SELECT l.`description` FROM `invoice_lines` l WHERE l.`invoice_id` = o.`id` ORDER BY l.`position` LIMIT 1), 1, 7)
        = substr((SELECT l.`description` FROM `invoice_lines` l WHERE l.`invoice_id` = `invoices`.`id` ORDER BY l.`position` LIMIT 1), 1, 7));--> statement-breakpoint
-- The billing words (schema/billing-words.ts; test/worker/money-words.test.ts compares these lists).
CREATE TRIGGER `invoices_words_insert` BEFORE INSERT ON `invoices`
  BEGIN
    SELECT RAISE(ABORT, 'invoice status is not one of INVOICE_STATUSES') WHERE NEW.`status` NOT IN ('draft', 'sent', 'viewed', 'partially_paid', 'paid', 'void');
    SELECT RAISE(ABORT, 'invoice source is not one of INVOICE_SOURCES') WHERE NEW.`source` NOT IN ('time', 'quote', 'block', 'manual', 'credit');
    SELECT RAISE(ABORT, 'invoice quote part is not one of QUOTE_PARTS') WHERE NEW.`quote_part` IS NOT NULL AND NEW.`quote_part` NOT IN ('deposit', 'remainder', 'full');
  END;--> statement-breakpoint
CREATE TRIGGER `invoices_words_update` BEFORE UPDATE OF `status`, `source`, `quote_part` ON `invoices`
  BEGIN
    SELECT RAISE(ABORT, 'invoice status is not one of INVOICE_STATUSES') WHERE NEW.`status` NOT IN ('draft', 'sent', 'viewed', 'partially_paid', 'paid', 'void');
    SELECT RAISE(ABORT, 'invoice source is not one of INVOICE_SOURCES') WHERE NEW.`source` NOT IN ('time', 'quote', 'block', 'manual', 'credit');
    SELECT RAISE(ABORT, 'invoice quote part is not one of QUOTE_PARTS') WHERE NEW.`quote_part` IS NOT NULL AND NEW.`quote_part` NOT IN ('deposit', 'remainder', 'full');
  END;--> statement-breakpoint
CREATE TRIGGER `payments_method_insert` BEFORE INSERT ON `payments`
  BEGIN
    SELECT RAISE(ABORT, 'payment method is not one of PAYMENT_METHODS') WHERE NEW.`method` NOT IN ('stripe', 'bank transfer', 'check', 'cash', 'card', 'other');
  END;--> statement-breakpoint
CREATE TRIGGER `payments_method_update` BEFORE UPDATE OF `method` ON `payments`
  BEGIN
    SELECT RAISE(ABORT, 'payment method is not one of PAYMENT_METHODS') WHERE NEW.`method` NOT IN ('stripe', 'bank transfer', 'check', 'cash', 'card', 'other');
  END;--> statement-breakpoint
-- A credit note credits at most what is still owed (total, less earlier credits and payments, tax included).
CREATE TRIGGER `invoices_credit_within_balance` BEFORE INSERT ON `invoices`
  WHEN NEW.`source` = 'credit'
  BEGIN
    SELECT RAISE(ABORT, 'credit note exceeds the balance')
      WHERE NEW.`total_cents` > 0
        OR coalesce((SELECT b.`balance_cents` FROM `invoice_balances` b JOIN `invoices` o ON o.`id` = b.`invoice_id`
             WHERE b.`invoice_id` = NEW.`credit_for_id` AND o.`source` <> 'credit' AND o.`status` <> 'void'), -1) + NEW.`total_cents` < 0;
  END;--> statement-breakpoint
-- A payment is recorded on an invoice only when it is sent and unpaid, in its currency, for at most what is left.
CREATE TRIGGER `payments_match_insert` BEFORE INSERT ON `payments`
  WHEN NEW.`invoice_id` IS NOT NULL
  BEGIN
    SELECT RAISE(ABORT, 'payment: invoice not open') WHERE NOT EXISTS (SELECT 1 FROM `invoices` i WHERE i.`id` = NEW.`invoice_id`
      AND i.`source` <> 'credit' AND i.`status` IN ('sent', 'viewed', 'partially_paid'));
    SELECT RAISE(ABORT, 'payment: wrong currency') WHERE (SELECT i.`currency` FROM `invoices` i WHERE i.`id` = NEW.`invoice_id`) <> NEW.`currency`;
    SELECT RAISE(ABORT, 'payment: not positive') WHERE NEW.`amount_cents` <= 0;
    SELECT RAISE(ABORT, 'payment: exceeds balance') WHERE NEW.`amount_cents` > (SELECT b.`balance_cents` FROM `invoice_balances` b WHERE b.`invoice_id` = NEW.`invoice_id`);
  END;--> statement-breakpoint
CREATE TRIGGER `payments_match_update` BEFORE UPDATE OF `invoice_id` ON `payments`
  WHEN NEW.`invoice_id` IS NOT NULL AND NEW.`invoice_id` IS NOT OLD.`invoice_id`
  BEGIN
    SELECT RAISE(ABORT, 'payment: invoice not open') WHERE NOT EXISTS (SELECT 1 FROM `invoices` i WHERE i.`id` = NEW.`invoice_id`
      AND i.`source` <> 'credit' AND i.`status` IN ('sent', 'viewed', 'partially_paid'));
    SELECT RAISE(ABORT, 'payment: wrong currency') WHERE (SELECT i.`currency` FROM `invoices` i WHERE i.`id` = NEW.`invoice_id`) <> NEW.`currency`;
    SELECT RAISE(ABORT, 'payment: not positive') WHERE NEW.`amount_cents` <= 0;
    SELECT RAISE(ABORT, 'payment: exceeds balance') WHERE NEW.`amount_cents` > (SELECT b.`balance_cents` FROM `invoice_balances` b WHERE b.`invoice_id` = NEW.`invoice_id`);
  END;--> statement-breakpoint
-- A prepaid block is never drawn past its minutes (services/time.ts draws it in one statement; this is the floor under it).
CREATE TRIGGER `time_entries_block_within` BEFORE INSERT ON `time_entries`
  WHEN NEW.`block_id` IS NOT NULL
  BEGIN
    SELECT RAISE(ABORT, 'prepaid block overdrawn')
      WHERE coalesce((SELECT sum(te.`minutes`) FROM `time_entries` te WHERE te.`block_id` = NEW.`block_id`), 0) + NEW.`minutes`
        > (SELECT b.`minutes` FROM `prepaid_blocks` b WHERE b.`id` = NEW.`block_id`);
  END;
