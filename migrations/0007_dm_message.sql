-- Quiet DMs (issue 28): one DM message per player per game, edited in place as their hand
-- changes. The outbox records here the DM a game's later hand changes edit; a new DM (the
-- game's end, or one whose message was deleted) takes its place.
CREATE TABLE dm_message (
    game_id    INTEGER NOT NULL REFERENCES game (game_id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Rematch (issue 28): a rematch's lobby holds a seat for each player of the game before; the
-- seat is only invited until its player presses Join (then 0, a seat like any other).
ALTER TABLE seat ADD COLUMN invited INTEGER NOT NULL DEFAULT 0;
