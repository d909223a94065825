CREATE TABLE `job_alerts` (
	`name` text PRIMARY KEY NOT NULL,
	`alert` text DEFAULT 'ok' NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`outcome` text DEFAULT 'running' NOT NULL,
	`summary` text,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `job_runs_name_idx` ON `job_runs` (`name`,`started_at`);--> statement-breakpoint
CREATE INDEX `job_runs_started_idx` ON `job_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `monitor_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`monitor_id` integer NOT NULL,
	`slot` text NOT NULL,
	`at` integer NOT NULL,
	`ok` integer NOT NULL,
	`status` integer,
	`ms` integer,
	`error` text,
	FOREIGN KEY (`monitor_id`) REFERENCES `monitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monitor_checks_slot_idx` ON `monitor_checks` (`monitor_id`,`slot`);--> statement-breakpoint
CREATE INDEX `monitor_checks_at_idx` ON `monitor_checks` (`monitor_id`,`at`);--> statement-breakpoint
CREATE TABLE `monitor_contact_alerts` (
	`contact_id` integer PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `monitor_maintenance` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`monitor_id` integer,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`monitor_id`) REFERENCES `monitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `monitor_maintenance_client_idx` ON `monitor_maintenance` (`client_id`,`ends_at`);--> statement-breakpoint
CREATE TABLE `monitor_outages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`monitor_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`cause` text,
	`alerted` integer DEFAULT true NOT NULL,
	`request_id` integer,
	FOREIGN KEY (`monitor_id`) REFERENCES `monitors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `support_requests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monitor_outages_open_idx` ON `monitor_outages` (`monitor_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX `monitor_outages_monitor_idx` ON `monitor_outages` (`monitor_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `monitor_warnings` (
	`monitor_id` integer NOT NULL,
	`expires_on` text NOT NULL,
	`lead_days` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`monitor_id`) REFERENCES `monitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monitor_warnings_once_idx` ON `monitor_warnings` (`monitor_id`,`expires_on`,`lead_days`);--> statement-breakpoint
CREATE TABLE `monitors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`url` text,
	`keyword` text,
	`keyword_absent` integer DEFAULT false NOT NULL,
	`domain` text,
	`interval_minutes` integer DEFAULT 5 NOT NULL,
	`grace_minutes` integer DEFAULT 5 NOT NULL,
	`timeout_ms` integer DEFAULT 10000 NOT NULL,
	`urgency` text DEFAULT 'high' NOT NULL,
	`heartbeat_token` text,
	`state` text DEFAULT 'pending' NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`fail_streak` integer DEFAULT 0 NOT NULL,
	`last_checked_at` integer,
	`last_response_ms` integer,
	`last_beat_at` integer,
	`expires_at` integer,
	`next_check_at` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monitors_heartbeat_token_unique` ON `monitors` (`heartbeat_token`);--> statement-breakpoint
CREATE INDEX `monitors_client_idx` ON `monitors` (`client_id`);--> statement-breakpoint
CREATE INDEX `monitors_due_idx` ON `monitors` (`next_check_at`);