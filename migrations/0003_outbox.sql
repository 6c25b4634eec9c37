-- The outbox: every public post, DM and reminder that a committed change causes is written in
-- the same transaction as the change, and delivered (with retries) by a worker.
-- Snapshots are checked against the log by a hash of the state recorded with the action.

CREATE TABLE outbox (
    outbox_id     INTEGER PRIMARY KEY,
    game_id       INTEGER REFERENCES game (game_id) ON DELETE CASCADE,  -- NULL: not about a game
    kind          TEXT    NOT NULL CHECK (kind IN ('channel', 'dm')),
    target        INTEGER NOT NULL,              -- channel id ('channel') or user id ('dm')
    channel_id    INTEGER NOT NULL,              -- the channel the change happened in (DM fallback notes)
    body          TEXT    NOT NULL,              -- JSON: text, mentions, buttons, caller to tell on failure
    created_at    INTEGER NOT NULL,              -- Unix ms (the commit)
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_at       INTEGER NOT NULL,              -- Unix ms: not before
    claimed_until INTEGER,                       -- Unix ms: a worker is delivering it until then
    done_at       INTEGER,                       -- Unix ms: delivered, skipped or given up
    outcome       TEXT,                          -- 'sent', 'skipped: …', 'failed: …'
    message_id    INTEGER                        -- the message it created
);
CREATE INDEX outbox_pending ON outbox (outbox_id) WHERE done_at IS NULL;

-- Pictures of an outbox row, dropped once it is done.
CREATE TABLE outbox_image (
    outbox_id INTEGER NOT NULL REFERENCES outbox (outbox_id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    png       BLOB    NOT NULL,
    PRIMARY KEY (outbox_id, position)
);

ALTER TABLE action ADD COLUMN state_hash TEXT;           -- CRC-32 of the state saved as a snapshot at this seq
ALTER TABLE channel_setting ADD COLUMN unreachable_at INTEGER;  -- Unix ms: posting failed for good (deleted, no permission)
