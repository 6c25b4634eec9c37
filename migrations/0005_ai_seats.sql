-- AI seats (issue 17). An AI seat is a seat row whose user_id is 2^62 or more (no Discord
-- user has such an id; the id also carries the AI's level), so seats need no new column.
-- Games that start with AI seats are unrated unless the server allows it here.
ALTER TABLE guild_setting ADD COLUMN ai_rated INTEGER NOT NULL DEFAULT 0;
