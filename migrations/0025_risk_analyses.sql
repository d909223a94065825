CREATE TABLE `risk_analyses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`analysis_date` text NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `risk_analyses_client_idx` ON `risk_analyses` (`client_id`,`analysis_date`);--> statement-breakpoint
CREATE TABLE `risk_evidence` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `risk_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `risk_evidence_key_unique` ON `risk_evidence` (`key`);--> statement-breakpoint
CREATE INDEX `risk_evidence_item_idx` ON `risk_evidence` (`item_id`);--> statement-breakpoint
CREATE TABLE `risk_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`analysis_id` integer NOT NULL,
	`position` integer NOT NULL,
	`area` text NOT NULL,
	`topic` text NOT NULL,
	`question` text NOT NULL,
	`asset_id` integer,
	`finding` text,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`analysis_id`) REFERENCES `risk_analyses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `risk_items_analysis_idx` ON `risk_items` (`analysis_id`,`position`);--> statement-breakpoint
CREATE TABLE `risk_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`analysis_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`analysis_id`) REFERENCES `risk_analyses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `risk_reminders_once_idx` ON `risk_reminders` (`analysis_id`);--> statement-breakpoint
CREATE TABLE `risk_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`description` text NOT NULL,
	`due_date` text NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `risk_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `risk_tasks_item_idx` ON `risk_tasks` (`item_id`);--> statement-breakpoint
-- hand-written:
-- The words of schema/risk-checklist.ts, and the lock of a completed analysis (ADR 156).
CREATE TRIGGER risk_analyses_words BEFORE INSERT ON risk_analyses
WHEN NEW.status NOT IN ('in_progress', 'completed')
BEGIN SELECT RAISE(ABORT, 'risk_analyses.status is in_progress or completed'); END;
--> statement-breakpoint
-- Every column but the client, which a merge of duplicate clients may move.
CREATE TRIGGER risk_analyses_locked BEFORE UPDATE OF analysis_date, status, completed_at ON risk_analyses
WHEN OLD.status = 'completed' OR NEW.status NOT IN ('in_progress', 'completed')
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER risk_analyses_no_delete BEFORE DELETE ON risk_analyses
WHEN OLD.status = 'completed'
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER risk_items_words BEFORE INSERT ON risk_items
WHEN NEW.area NOT IN ('administrative', 'physical', 'technical')
  OR (NEW.finding IS NOT NULL AND NEW.finding NOT IN ('met', 'partly', 'not_met', 'not_applicable'))
BEGIN SELECT RAISE(ABORT, 'risk_items.area or finding is not one of the words'); END;
--> statement-breakpoint
CREATE TRIGGER risk_items_locked BEFORE UPDATE ON risk_items
WHEN (SELECT status FROM risk_analyses WHERE id = OLD.analysis_id) = 'completed'
  OR (NEW.finding IS NOT NULL AND NEW.finding NOT IN ('met', 'partly', 'not_met', 'not_applicable'))
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER risk_items_no_delete BEFORE DELETE ON risk_items
WHEN (SELECT status FROM risk_analyses WHERE id = OLD.analysis_id) = 'completed'
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER risk_evidence_locked_insert BEFORE INSERT ON risk_evidence
WHEN (SELECT a.status FROM risk_items i JOIN risk_analyses a ON a.id = i.analysis_id WHERE i.id = NEW.item_id) = 'completed'
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER risk_evidence_locked_delete BEFORE DELETE ON risk_evidence
WHEN (SELECT a.status FROM risk_items i JOIN risk_analyses a ON a.id = i.analysis_id WHERE i.id = OLD.item_id) = 'completed'
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER risk_tasks_locked_insert BEFORE INSERT ON risk_tasks
WHEN (SELECT a.status FROM risk_items i JOIN risk_analyses a ON a.id = i.analysis_id WHERE i.id = NEW.item_id) = 'completed'
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER risk_tasks_locked_update BEFORE UPDATE ON risk_tasks
WHEN (SELECT a.status FROM risk_items i JOIN risk_analyses a ON a.id = i.analysis_id WHERE i.id = OLD.item_id) = 'completed'
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER risk_tasks_locked_delete BEFORE DELETE ON risk_tasks
WHEN (SELECT a.status FROM risk_items i JOIN risk_analyses a ON a.id = i.analysis_id WHERE i.id = OLD.item_id) = 'completed'
BEGIN SELECT RAISE(ABORT, 'A completed risk analysis cannot be changed'); END;
