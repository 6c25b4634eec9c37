-- Leagues on the web (issue 32), as migrations/0010_web.sql.
CREATE TABLE web_page (
    guild_id BIGINT PRIMARY KEY,
    token    TEXT   NOT NULL UNIQUE,                 -- 22 url-safe characters (128 random bits)
    enabled  BIGINT NOT NULL DEFAULT 1               -- 0: /league web:off (the token is kept for web:on)
);
