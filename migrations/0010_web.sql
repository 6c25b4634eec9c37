-- Leagues on the web (issue 32): a server's pages exist only after a moderator turns them
-- on (/league web:on), under an unguessable path token that /league web:rotate replaces.
CREATE TABLE web_page (
    guild_id INTEGER PRIMARY KEY,
    token    TEXT    NOT NULL UNIQUE,                -- 22 url-safe characters (128 random bits)
    enabled  INTEGER NOT NULL DEFAULT 1              -- 0: /league web:off (the token is kept for web:on)
);
