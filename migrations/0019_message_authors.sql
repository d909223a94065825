ALTER TABLE `request_messages` ADD `author_name` text;--> statement-breakpoint
ALTER TABLE `request_messages` ADD `author_contact_id` integer;--> statement-breakpoint
-- hand-written: the messages already stored name their author where the address is a contact's.
UPDATE `request_messages` SET
  `author_contact_id` = (SELECT `id` FROM `contacts` WHERE `contacts`.`email` = lower(`request_messages`.`author`)),
  `author_name` = (SELECT `name` FROM `contacts` WHERE `contacts`.`email` = lower(`request_messages`.`author`))
  WHERE `direction` = 'in';
