CREATE TABLE `request_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`support_request_id` integer NOT NULL,
	`rating` text NOT NULL,
	`comment` text,
	`source` text NOT NULL,
	`rated_at` integer NOT NULL,
	`handled_at` integer,
	FOREIGN KEY (`support_request_id`) REFERENCES `support_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `request_ratings_request_idx` ON `request_ratings` (`support_request_id`);--> statement-breakpoint
CREATE INDEX `request_ratings_rated_idx` ON `request_ratings` (`rated_at`);--> statement-breakpoint
CREATE TABLE `testimonials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rating_id` integer NOT NULL,
	`email` text NOT NULL,
	`quote` text NOT NULL,
	`display_name` text NOT NULL,
	`practice_name` text NOT NULL,
	`consent_wording` text NOT NULL,
	`consented_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewed_at` integer,
	`withdrawn_at` integer,
	FOREIGN KEY (`rating_id`) REFERENCES `request_ratings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `testimonials_rating_idx` ON `testimonials` (`rating_id`);--> statement-breakpoint
CREATE INDEX `testimonials_status_idx` ON `testimonials` (`status`);--> statement-breakpoint
CREATE INDEX `testimonials_email_idx` ON `testimonials` (`email`);--> statement-breakpoint
-- hand-written:
CREATE TRIGGER `request_ratings_value` BEFORE INSERT ON `request_ratings`
WHEN NEW.rating NOT IN ('good', 'okay', 'poor') OR NEW.source NOT IN ('email', 'portal')
BEGIN SELECT RAISE(ABORT, 'rating must be good, okay or poor'); END;--> statement-breakpoint
CREATE TRIGGER `request_ratings_once` BEFORE UPDATE OF `rating`, `rated_at`, `support_request_id` ON `request_ratings`
BEGIN SELECT RAISE(ABORT, 'a rating is given once'); END;--> statement-breakpoint
CREATE TRIGGER `testimonials_consent_kept` BEFORE UPDATE OF `quote`, `display_name`, `practice_name`, `consent_wording`, `consented_at`, `email` ON `testimonials`
BEGIN SELECT RAISE(ABORT, 'a consent is kept as given'); END;
