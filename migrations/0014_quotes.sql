-- Issue 25: files attached to an outbox message, as R2 references (the signed quote PDF).
ALTER TABLE `mail_outbox` ADD `attachments` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Hand-written (issue 25): a quote's lines and agreements change only while it
-- is a draft. A sent quote never changes (a revision is a new row), so an edit
-- that races a send fails here rather than altering what the client reads.
CREATE TRIGGER `quote_lines_insert_draft_only` BEFORE INSERT ON `quote_lines`
  WHEN (SELECT `status` FROM `quotes` WHERE `id` = NEW.`quote_id`) != 'draft'
  BEGIN SELECT RAISE(ABORT, 'quote is not a draft'); END;--> statement-breakpoint
CREATE TRIGGER `quote_lines_update_draft_only` BEFORE UPDATE ON `quote_lines`
  WHEN (SELECT `status` FROM `quotes` WHERE `id` = OLD.`quote_id`) != 'draft'
  BEGIN SELECT RAISE(ABORT, 'quote is not a draft'); END;--> statement-breakpoint
CREATE TRIGGER `quote_lines_delete_draft_only` BEFORE DELETE ON `quote_lines`
  WHEN (SELECT `status` FROM `quotes` WHERE `id` = OLD.`quote_id`) != 'draft'
  BEGIN SELECT RAISE(ABORT, 'quote is not a draft'); END;--> statement-breakpoint
CREATE TRIGGER `quote_agreements_insert_draft_only` BEFORE INSERT ON `quote_agreements`
  WHEN (SELECT `status` FROM `quotes` WHERE `id` = NEW.`quote_id`) != 'draft'
  BEGIN SELECT RAISE(ABORT, 'quote is not a draft'); END;--> statement-breakpoint
CREATE TRIGGER `quote_agreements_update_draft_only` BEFORE UPDATE ON `quote_agreements`
  WHEN (SELECT `status` FROM `quotes` WHERE `id` = OLD.`quote_id`) != 'draft'
  BEGIN SELECT RAISE(ABORT, 'quote is not a draft'); END;--> statement-breakpoint
CREATE TRIGGER `quote_agreements_delete_draft_only` BEFORE DELETE ON `quote_agreements`
  WHEN (SELECT `status` FROM `quotes` WHERE `id` = OLD.`quote_id`) != 'draft'
  BEGIN SELECT RAISE(ABORT, 'quote is not a draft'); END;--> statement-breakpoint
-- Hand-written (issue 25): a signature stays final once its PDF is stored, except
-- that erasing the signer's contact (privacy, ON DELETE SET NULL) may unlink it.
-- The record itself (name, e-mail, time, hashes) is kept as evidence of the contract.
DROP TRIGGER IF EXISTS `signatures_final`;--> statement-breakpoint
CREATE TRIGGER `signatures_final` BEFORE UPDATE ON `signatures`
  WHEN OLD.`pdf_key` IS NOT NULL AND NOT (
    NEW.`contact_id` IS NULL
    AND NEW.`quote_id` = OLD.`quote_id`
    AND NEW.`signer_name` = OLD.`signer_name`
    AND NEW.`signer_email` = OLD.`signer_email`
    AND NEW.`signed_at` = OLD.`signed_at`
    AND NEW.`ip` IS OLD.`ip`
    AND NEW.`user_agent` IS OLD.`user_agent`
    AND NEW.`revision` = OLD.`revision`
    AND NEW.`document_sha256` = OLD.`document_sha256`
    AND NEW.`agreement_hashes` = OLD.`agreement_hashes`
    AND NEW.`pdf_key` IS OLD.`pdf_key`
    AND NEW.`pdf_sha256` IS OLD.`pdf_sha256`
  )
  BEGIN SELECT RAISE(ABORT, 'signature is final'); END;
