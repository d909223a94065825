-- Issue 28: a requester's reply stays marked "Customer replied" until the owner opens the request.
ALTER TABLE `consultations` ADD `customer_replied_at` integer;--> statement-breakpoint
ALTER TABLE `support_requests` ADD `customer_replied_at` integer;