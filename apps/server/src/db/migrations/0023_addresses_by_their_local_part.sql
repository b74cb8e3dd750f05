-- The admin searches find an e-mail address, or a part of one holding its "@", from these indexes (docs/decisions/148):
-- the part before the "@" ends the address's local part, read backwards as a prefix, and the part after it starts the
-- domain. The trigram indexes took 7–13 ms at 100,000 customers for a whole address, because every address shares most
-- of its trigrams ("cus", "@ex", ".co") with all the others; these read one entry.
-- The customers' is built in about 0.2 s at 100,000 accounts, the bills' buyers' in about 1.2 s at a million
-- documents; each holds back only writes to its table meanwhile, and both only add.
CREATE INDEX IF NOT EXISTS "users_email_local_reversed_idx" ON "users" USING btree (reverse(split_part(lower("email"), '@', 1)) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_documents_buyer_email_local_reversed_idx" ON "tax_documents" USING btree (reverse(split_part(lower("buyer" ->> 'email'), '@', 1)) text_pattern_ops);
