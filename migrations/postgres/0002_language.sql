-- German and English (issue 30): whose language the bot speaks (as migrations/0009_language.sql).
ALTER TABLE user_setting ADD COLUMN language TEXT;   -- /settings language: (a tag: 'en', 'de'); NULL: follow Discord
ALTER TABLE user_setting ADD COLUMN locale TEXT;     -- the Discord locale of the user's last interaction ('de', 'en-US')
ALTER TABLE guild_setting ADD COLUMN language TEXT;  -- /league language: (a tag); NULL: follow the server's preferred locale
ALTER TABLE guild_setting ADD COLUMN locale TEXT;    -- the server's preferred locale as Discord last sent it
