CREATE TABLE `credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` integer NOT NULL,
	`asset_id` integer,
	`label` text NOT NULL,
	`username` text,
	`url` text,
	`notes` text,
	`secret_ciphertext` text NOT NULL,
	`secret_iv` text NOT NULL,
	`wrapped_key` text NOT NULL,
	`wrap_iv` text NOT NULL,
	`key_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `credentials_client_idx` ON `credentials` (`client_id`);--> statement-breakpoint
CREATE INDEX `credentials_key_idx` ON `credentials` (`key_id`);--> statement-breakpoint
-- hand-written: a credential names only an asset of its own client (the service checks first; this is the floor).
CREATE TRIGGER `credentials_asset_client_insert` BEFORE INSERT ON `credentials`
WHEN NEW.asset_id IS NOT NULL AND (SELECT client_id FROM assets WHERE id = NEW.asset_id) IS NOT NEW.client_id
BEGIN SELECT RAISE(ABORT, 'credential asset belongs to another client'); END;
--> statement-breakpoint
CREATE TRIGGER `credentials_asset_client_update` BEFORE UPDATE OF asset_id ON `credentials`
WHEN NEW.asset_id IS NOT NULL AND (SELECT client_id FROM assets WHERE id = NEW.asset_id) IS NOT NEW.client_id
BEGIN SELECT RAISE(ABORT, 'credential asset belongs to another client'); END;
