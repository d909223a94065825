CREATE TABLE `monthly_report_mailings` (
	`client_id` integer NOT NULL,
	`period` text NOT NULL,
	`recipients` integer NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`client_id`, `period`)
);
--> statement-breakpoint
ALTER TABLE `contacts` ADD `report_opt_in` integer DEFAULT false NOT NULL;