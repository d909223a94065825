-- Issue 28: join details for the invitation (a phone number to call, or a video link).
ALTER TABLE `availability_settings` ADD `meeting_location_kind` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `availability_settings` ADD `meeting_location` text;