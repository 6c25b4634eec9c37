-- Leagues and stallers: deadlines with a policy, votes to replace a seat, vacations,
-- seasons, results and ratings. Times are Unix milliseconds from the table's clock.

-- The table's terms, chosen at /new.
ALTER TABLE game ADD COLUMN deadline_hours INTEGER NOT NULL DEFAULT 0;  -- 0: no deadline
ALTER TABLE game ADD COLUMN deadline_policy TEXT NOT NULL DEFAULT 'skip'
    CHECK (deadline_policy IN ('skip', 'replace', 'forfeit'));
ALTER TABLE game ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game ADD COLUMN finished_at INTEGER;                       -- when it finished
ALTER TABLE game ADD COLUMN season_id INTEGER;                          -- the server's season open then

-- Server settings a moderator chooses.
CREATE TABLE guild_setting (
    guild_id        INTEGER PRIMARY KEY,
    deadline_hours  INTEGER NOT NULL DEFAULT 0,      -- default for /new
    deadline_policy TEXT    NOT NULL DEFAULT 'skip' CHECK (deadline_policy IN ('skip', 'replace', 'forfeit')),
    rated           INTEGER NOT NULL DEFAULT 1,      -- default for /new
    vacation_days   INTEGER NOT NULL DEFAULT 14      -- vacation allowed per season
);

-- The running deadline of an active game with one: who must act and until when.
CREATE TABLE deadline (
    game_id    INTEGER PRIMARY KEY REFERENCES game (game_id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    began_at   INTEGER NOT NULL,                     -- the decision passed to this person
    due_at     INTEGER NOT NULL,                     -- the policy applies (moved by vacations)
    warned     INTEGER NOT NULL DEFAULT 0,           -- 0: none, 1: half time, 2: an hour before
    phase      TEXT    NOT NULL DEFAULT 'running' CHECK (phase IN ('running', 'voting', 'open')),
    check_at   INTEGER NOT NULL                      -- when the sweep must look at it next
);
-- The sweep reads only what is due: one range scan of this index.
CREATE INDEX deadline_due ON deadline (check_at);
CREATE INDEX deadline_by_user ON deadline (user_id);

-- Votes on replacing the late seat of a game (one vote per other player).
CREATE TABLE replace_vote (
    game_id  INTEGER NOT NULL REFERENCES game (game_id) ON DELETE CASCADE,
    voter_id INTEGER NOT NULL,
    replace  INTEGER NOT NULL,                       -- 1: replace, 0: keep waiting
    PRIMARY KEY (game_id, voter_id)
);

-- Vacations: a user's deadlines pause from starts_at to ends_at (in every game).
CREATE TABLE vacation (
    vacation_id INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,                    -- whose allowance it counts against
    season_id   INTEGER,                             -- the season it counts against (NULL: none open)
    starts_at   INTEGER NOT NULL,
    ends_at     INTEGER NOT NULL,
    days        INTEGER NOT NULL
);
CREATE INDEX vacation_by_user ON vacation (user_id, ends_at);

CREATE TABLE season (
    season_id  INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    started_at INTEGER NOT NULL,
    closed_at  INTEGER
);
CREATE UNIQUE INDEX season_open ON season (guild_id) WHERE closed_at IS NULL;

-- Every finished game's result per seat (rated or not), written with its last action.
CREATE TABLE result (
    game_id   INTEGER NOT NULL REFERENCES game (game_id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    team      INTEGER NOT NULL,                      -- seats of one team win or lose together
    rank      INTEGER NOT NULL,                      -- 1 = best; resigned and forfeited seats last
    score     INTEGER,                               -- NULL when the game ended by resignations
    resigned  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX result_by_user ON result (user_id);
CREATE INDEX game_finished ON game (guild_id, finished_at) WHERE finished_at IS NOT NULL;

-- Ratings (Weng-Lin) per server, game and season; season_id 0 is all-time. A cache of the
-- results: recomputable from them at any time.
CREATE TABLE rating (
    guild_id  INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    season_id INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    games     INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, season_id, user_id)
);
CREATE INDEX rating_board ON rating (guild_id, kind, season_id, mu);

-- Which games' results are in the ratings (applying one twice changes nothing), and each
-- player's all-time rating after it (the history /profile draws).
CREATE TABLE rating_applied (
    game_id INTEGER PRIMARY KEY REFERENCES game (game_id) ON DELETE CASCADE
);
CREATE TABLE rating_history (
    game_id INTEGER NOT NULL REFERENCES game (game_id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    mu      REAL    NOT NULL,
    sigma   REAL    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history (user_id, at);

-- Seat changes by a vote (a volunteer took the seat) are table entries in the action log;
-- the seat's current player is in seat.user_id as before.
