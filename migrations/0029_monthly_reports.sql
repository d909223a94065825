CREATE TABLE `monthly_report_mailings` (
	`client_id` integer NOT NULL,
	`period` text NOT NULL,
	`recipients` integer NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`client_id`, `period`),
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `contacts` ADD `report_opt_in` integer DEFAULT false NOT NULL;