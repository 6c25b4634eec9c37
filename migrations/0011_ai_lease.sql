-- Beyond one machine (issue 31): the process that thinks for a game's AI seat holds the
-- game's lease, so processes sharing a database never think for the same decision twice; a
-- dead holder's lease runs out and the next process to look takes the seat over.
CREATE TABLE ai_lease (
    game_id  INTEGER PRIMARY KEY,
    holder   INTEGER NOT NULL,                       -- the holding store's id (random, per process)
    until_at INTEGER NOT NULL                        -- wall-clock ms when it runs out
);
