-- A check value per action row (issue 26): a flipped bit in the log must not replay as
-- another legal move. CRC-32 (8 hex digits) of the row's game, sequence number, seat,
-- reveals flag, notation and log lines as stored, computed by the bot (store::action_checksum),
-- so the same value works on every backend. NULL in rows written before this migration:
-- those are accepted unchecked.
ALTER TABLE action ADD COLUMN checksum TEXT;
