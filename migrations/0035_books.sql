CREATE TABLE `calendar_feed` (
	`id` integer PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`busy_only` integer DEFAULT true NOT NULL,
	`include_maintenance` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `calendar_sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`host` text NOT NULL,
	`url_ciphertext` text NOT NULL,
	`url_iv` text NOT NULL,
	`wrapped_key` text NOT NULL,
	`wrap_iv` text NOT NULL,
	`key_id` text NOT NULL,
	`etag` text,
	`last_modified` text,
	`busy` text DEFAULT '[]' NOT NULL,
	`last_synced_at` integer,
	`last_attempt_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `billing_settings` ADD `xero_account_code` text;--> statement-breakpoint
ALTER TABLE `billing_settings` ADD `xero_tax_type` text;--> statement-breakpoint
ALTER TABLE `billing_settings` ADD `xero_tax_type_none` text;