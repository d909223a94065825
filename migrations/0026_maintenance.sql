CREATE TABLE `maintenance_schedule_assets` (
	`schedule_id` integer NOT NULL,
	`asset_id` integer NOT NULL,
	PRIMARY KEY(`schedule_id`, `asset_id`),
	FOREIGN KEY (`schedule_id`) REFERENCES `maintenance_schedules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `maintenance_schedule_assets_asset_idx` ON `maintenance_schedule_assets` (`asset_id`);--> statement-breakpoint
CREATE TABLE `maintenance_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`title` text NOT NULL,
	`checklist` text DEFAULT '[]' NOT NULL,
	`freq` text NOT NULL,
	`interval` integer DEFAULT 1 NOT NULL,
	`by_month_day` integer,
	`by_weekday` text,
	`start_date` text NOT NULL,
	`estimated_minutes` integer,
	`template_key` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `maintenance_schedules_client_idx` ON `maintenance_schedules` (`client_id`);--> statement-breakpoint
CREATE TABLE `maintenance_task_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `maintenance_tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `maintenance_task_files_key_unique` ON `maintenance_task_files` (`key`);--> statement-breakpoint
CREATE INDEX `maintenance_task_files_task_idx` ON `maintenance_task_files` (`task_id`);--> statement-breakpoint
CREATE TABLE `maintenance_task_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` integer NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`note` text,
	`done_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `maintenance_tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `maintenance_task_items_position_idx` ON `maintenance_task_items` (`task_id`,`position`);--> statement-breakpoint
CREATE TABLE `maintenance_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`schedule_id` integer,
	`client_id` integer NOT NULL,
	`title` text NOT NULL,
	`due_date` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`done_at` integer,
	`estimated_minutes` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`schedule_id`) REFERENCES `maintenance_schedules`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `maintenance_tasks_schedule_due_idx` ON `maintenance_tasks` (`schedule_id`,`due_date`);--> statement-breakpoint
CREATE INDEX `maintenance_tasks_client_idx` ON `maintenance_tasks` (`client_id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `maintenance_tasks_status_idx` ON `maintenance_tasks` (`status`,`due_date`);--> statement-breakpoint
ALTER TABLE `time_entries` ADD `maintenance_task_id` integer REFERENCES maintenance_tasks(id);--> statement-breakpoint
-- hand-written:
-- Closed sets kept by the database (schema/maintenance.ts; a test compares the lists).
CREATE TRIGGER `maintenance_schedules_words_check` BEFORE INSERT ON `maintenance_schedules`
  WHEN NEW.`freq` NOT IN ('weekly', 'monthly', 'quarterly', 'yearly')
    OR NEW.`status` NOT IN ('active', 'paused')
    OR NEW.`interval` < 1
  BEGIN SELECT RAISE(ABORT, 'maintenance schedule freq, status or interval is invalid'); END;--> statement-breakpoint
CREATE TRIGGER `maintenance_schedules_words_check_update` BEFORE UPDATE OF `freq`, `status`, `interval` ON `maintenance_schedules`
  WHEN NEW.`freq` NOT IN ('weekly', 'monthly', 'quarterly', 'yearly')
    OR NEW.`status` NOT IN ('active', 'paused')
    OR NEW.`interval` < 1
  BEGIN SELECT RAISE(ABORT, 'maintenance schedule freq, status or interval is invalid'); END;--> statement-breakpoint
CREATE TRIGGER `maintenance_tasks_status_check` BEFORE INSERT ON `maintenance_tasks`
  WHEN NEW.`status` NOT IN ('open', 'done')
  BEGIN SELECT RAISE(ABORT, 'maintenance task status is invalid'); END;--> statement-breakpoint
CREATE TRIGGER `maintenance_tasks_status_check_update` BEFORE UPDATE OF `status` ON `maintenance_tasks`
  WHEN NEW.`status` NOT IN ('open', 'done')
  BEGIN SELECT RAISE(ABORT, 'maintenance task status is invalid'); END;--> statement-breakpoint
-- What was done is evidence for the monthly report: a done task is never deleted
-- (deleting its schedule only unlinks it). Schedules and tasks follow their client
-- when a duplicate client is merged into the one kept (services/clients.ts).
CREATE TRIGGER `maintenance_tasks_done_kept` BEFORE DELETE ON `maintenance_tasks`
  WHEN OLD.`status` = 'done'
  BEGIN SELECT RAISE(ABORT, 'a done maintenance task is kept'); END;--> statement-breakpoint
-- Time logged on a task is the task's client's time (it counts against that client's plan).
CREATE TRIGGER `time_entries_maintenance_client` BEFORE INSERT ON `time_entries`
  WHEN NEW.`maintenance_task_id` IS NOT NULL
    AND NEW.`client_id` <> (SELECT `client_id` FROM `maintenance_tasks` WHERE `id` = NEW.`maintenance_task_id`)
  BEGIN SELECT RAISE(ABORT, 'time on a maintenance task is for its client'); END;
