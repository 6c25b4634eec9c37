-- Beyond one machine (issue 31), as migrations/0011_ai_lease.sql.
CREATE TABLE ai_lease (
    game_id  BIGINT PRIMARY KEY,
    holder   BIGINT NOT NULL,                        -- the holding store's id (random, per process)
    until_at BIGINT NOT NULL                         -- wall-clock ms when it runs out
);
