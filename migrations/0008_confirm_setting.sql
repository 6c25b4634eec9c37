-- Forgive (issue 28): whether a player is asked once before an action that ends a turn with
-- something unused (workers, an affordable purchase); `/settings confirm:off` turns it off.
ALTER TABLE user_setting ADD COLUMN confirm INTEGER NOT NULL DEFAULT 1;
