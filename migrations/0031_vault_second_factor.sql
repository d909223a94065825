-- ADR 181: when a session last proved a second factor (authenticator code or
-- passkey) through the re-authentication; a vault reveal needs it recent.
ALTER TABLE `sessions` ADD `factor_at` integer;--> statement-breakpoint
-- ADR 183: a credit note corrects an invoice the client was sent; a draft is
-- edited or deleted instead, and a void one owes nothing (the balance trigger of
-- 0017 already refuses that case, this names both). Every writer, hand-written
-- SQL included, is refused; services/invoices/lines.ts words the same rule first.
CREATE TRIGGER `invoices_credit_only_for_sent` BEFORE INSERT ON `invoices`
  WHEN NEW.`source` = 'credit'
  BEGIN
    SELECT RAISE(ABORT, 'credit note: invoice not sent')
      WHERE EXISTS (SELECT 1 FROM `invoices` o WHERE o.`id` = NEW.`credit_for_id` AND o.`status` IN ('draft', 'void'));
  END;
