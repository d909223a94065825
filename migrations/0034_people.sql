CREATE TABLE `people_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`staff_id` integer NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`started_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `people_runs_once_idx` ON `people_runs` (`staff_id`,`kind`);--> statement-breakpoint
CREATE TABLE `run_steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`kind` text NOT NULL,
	`credential_id` text,
	`asset_id` integer,
	`done_at` integer,
	`done_by` text,
	`note` text,
	FOREIGN KEY (`run_id`) REFERENCES `people_runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `run_steps_run_idx` ON `run_steps` (`run_id`,`position`);--> statement-breakpoint
CREATE TABLE `run_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`kind` text NOT NULL,
	`steps` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `run_templates_client_idx` ON `run_templates` (`client_id`,`kind`);--> statement-breakpoint
CREATE TABLE `staff` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text,
	`start_date` text,
	`leave_date` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `staff_client_idx` ON `staff` (`client_id`,`active`);--> statement-breakpoint
CREATE TABLE `standing_trainings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`training_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`training_id`) REFERENCES `trainings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `standing_trainings_client_idx` ON `standing_trainings` (`client_id`,`training_id`);--> statement-breakpoint
CREATE TABLE `training_assignments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`training_id` integer NOT NULL,
	`version` integer NOT NULL,
	`staff_id` integer NOT NULL,
	`cycle` integer NOT NULL,
	`due_date` text NOT NULL,
	`assigned_at` integer NOT NULL,
	`source` text DEFAULT 'owner' NOT NULL,
	FOREIGN KEY (`training_id`) REFERENCES `trainings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `training_assignments_once_idx` ON `training_assignments` (`training_id`,`version`,`staff_id`,`cycle`);--> statement-breakpoint
CREATE INDEX `training_assignments_staff_idx` ON `training_assignments` (`staff_id`);--> statement-breakpoint
CREATE INDEX `training_assignments_due_idx` ON `training_assignments` (`due_date`);--> statement-breakpoint
CREATE TABLE `training_completions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`assignment_id` integer NOT NULL,
	`staff_id` integer NOT NULL,
	`training_id` integer NOT NULL,
	`version` integer NOT NULL,
	`score` integer NOT NULL,
	`passed` integer NOT NULL,
	`answers` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`assignment_id`) REFERENCES `training_assignments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `training_completions_pass_idx` ON `training_completions` (`assignment_id`) WHERE passed = 1;--> statement-breakpoint
CREATE INDEX `training_completions_staff_idx` ON `training_completions` (`staff_id`,`at`);--> statement-breakpoint
CREATE TABLE `training_versions` (
	`training_id` integer NOT NULL,
	`version` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`questions` text NOT NULL,
	`pass_percent` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`training_id`, `version`),
	FOREIGN KEY (`training_id`) REFERENCES `trainings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `trainings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`questions` text NOT NULL,
	`pass_percent` integer DEFAULT 80 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `assets` ADD `staff_id` integer;--> statement-breakpoint
ALTER TABLE `credentials` ADD `staff_id` integer;--> statement-breakpoint
-- Training records are append-only (issue 55, ADR 200): an auditor's record of
-- who passed what, when, at which version and with which answers is never
-- edited, and no purge (whatever the retention settings) removes one.
CREATE TRIGGER training_completions_no_update BEFORE UPDATE ON training_completions
BEGIN SELECT RAISE(ABORT, 'Training records are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER training_completions_no_delete BEFORE DELETE ON training_completions
BEGIN SELECT RAISE(ABORT, 'Training records are append-only'); END;
--> statement-breakpoint
-- A version as taken is kept as it was: a record names it.
CREATE TRIGGER training_versions_no_update BEFORE UPDATE ON training_versions
BEGIN SELECT RAISE(ABORT, 'A training version is kept as it was'); END;
--> statement-breakpoint
CREATE TRIGGER training_versions_no_delete BEFORE DELETE ON training_versions
BEGIN SELECT RAISE(ABORT, 'A training version is kept as it was'); END;
--> statement-breakpoint
CREATE TRIGGER people_words BEFORE INSERT ON people_runs
WHEN NEW.kind NOT IN ('onboarding', 'offboarding')
BEGIN SELECT RAISE(ABORT, 'people_runs.kind is onboarding or offboarding'); END;
--> statement-breakpoint
CREATE TRIGGER run_steps_words BEFORE INSERT ON run_steps
WHEN NEW.kind NOT IN ('template', 'rotate', 'collect')
BEGIN SELECT RAISE(ABORT, 'run_steps.kind is template, rotate or collect'); END;
--> statement-breakpoint
-- A done step stays done: who and when are the evidence.
CREATE TRIGGER run_steps_done_once BEFORE UPDATE OF done_at, done_by ON run_steps
WHEN OLD.done_at IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'A done step stays done'); END;
