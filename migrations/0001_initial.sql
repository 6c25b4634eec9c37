-- Turnpost's store. Discord snowflakes are stored as INTEGER (they fit in 63 bits).
-- Released migrations are never edited: add a new file instead.

CREATE TABLE game (
    game_id     INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,              -- 'pandoria', 'rtta'
    options     TEXT    NOT NULL,              -- JSON array of [key, value] pairs as chosen
    seed        TEXT    NOT NULL,              -- 64 hex digits; never shown to players
    guild_id    INTEGER,                       -- NULL outside a server (local play)
    channel_id  INTEGER NOT NULL,
    creator_id  INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    max_players INTEGER NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,    -- the sequence number of the last action
    created_at  INTEGER NOT NULL,              -- Unix milliseconds
    updated_at  INTEGER NOT NULL
);

-- One open game per channel.
CREATE UNIQUE INDEX game_open_in_channel ON game (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX game_by_guild ON game (guild_id, status);

CREATE TABLE seat (
    game_id  INTEGER NOT NULL REFERENCES game (game_id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,                 -- 0-based, in turn order
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,                 -- display name when seated
    resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seat_by_user ON seat (user_id);

-- Append-only: every action, and the table's own entries 'undo' and 'resign'.
CREATE TABLE action (
    game_id        INTEGER NOT NULL REFERENCES game (game_id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,           -- 1, 2, 3, … without gaps
    seat           INTEGER NOT NULL,
    notation       TEXT    NOT NULL,
    interaction_id TEXT    UNIQUE,             -- Discord interaction (or local) id; NULL for automatic moves
    reveals        INTEGER NOT NULL DEFAULT 0, -- showed something new: undo stops here
    log            TEXT    NOT NULL,           -- JSON array of the log lines it caused
    created_at     INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- A cache of states: loading is the latest snapshot plus the actions after it.
CREATE TABLE snapshot (
    game_id INTEGER NOT NULL REFERENCES game (game_id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    state   TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
