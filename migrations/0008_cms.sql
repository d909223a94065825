CREATE TABLE `project_slug_history` (
	`slug` text PRIMARY KEY NOT NULL,
	`project_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_slug_history_project_idx` ON `project_slug_history` (`project_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`description` text NOT NULL,
	`category` text DEFAULT 'other' NOT NULL,
	`business_value` text,
	`key_features` text DEFAULT '[]' NOT NULL,
	`problem_solved` text,
	`target_audience` text,
	`status` text,
	`image` text,
	`technologies` text DEFAULT '[]' NOT NULL,
	`live_url` text,
	`github_url` text,
	`demo_url` text,
	`is_public` integer DEFAULT true NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`metrics` text DEFAULT '[]' NOT NULL,
	`testimonial` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_projects`("id", "title", "slug", "description", "category", "business_value", "key_features", "problem_solved", "target_audience", "status", "image", "technologies", "live_url", "github_url", "demo_url", "is_public", "featured", "sort_order", "metrics", "testimonial", "created_at", "updated_at") SELECT "id", "title",
  -- Hand-written (issue 16): a slug from the title; duplicates and blanks are fixed below.
  trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim("title")), ' ', '-'), '/', '-'), '.', '-'), ',', '-'), ':', '-'), ';', '-'), '!', '-'), '?', '-'), '''', '-'), '"', '-'), '(', '-'), ')', '-'), '&', '-'), '+', '-'), '_', '-'), '#', '-'), '*', '-'), '@', '-'), '%', '-'), '$', '-'), '=', '-'), '[', '-'), ']', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'),
  "description", "category", "business_value", "key_features", "problem_solved", "target_audience", "status", "image", "technologies", "live_url", "github_url", "demo_url", "is_public", "featured", "sort_order",
  -- Free-text metrics and testimonials are kept: the text becomes one metric's value, or the quote.
  CASE WHEN "metrics" IS NULL OR trim("metrics") = '' THEN '[]' ELSE json_array(json_object('label', '', 'value', "metrics")) END,
  CASE WHEN "testimonial" IS NULL OR trim("testimonial") = '' THEN NULL ELSE json_object('quote', "testimonial", 'author', '', 'role', '') END,
  "created_at", "updated_at" FROM `projects`;--> statement-breakpoint
UPDATE `__new_projects` SET `slug` = 'project-' || `id` WHERE `slug` = '';--> statement-breakpoint
UPDATE `__new_projects` SET `slug` = `slug` || '-' || `id` WHERE EXISTS (SELECT 1 FROM `__new_projects` AS o WHERE o.`slug` = `__new_projects`.`slug` AND o.`id` < `__new_projects`.`id`);--> statement-breakpoint
DROP TABLE `projects`;--> statement-breakpoint
ALTER TABLE `__new_projects` RENAME TO `projects`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `projects_slug_unique` ON `projects` (`slug`);--> statement-breakpoint
CREATE INDEX `projects_order_idx` ON `projects` (`sort_order`,`created_at`);--> statement-breakpoint
ALTER TABLE `skills` ADD `sort_order` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `uploaded_files` ADD `is_public` integer DEFAULT false NOT NULL;