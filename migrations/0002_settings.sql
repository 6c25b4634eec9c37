-- Channel and user settings, DM state and reminder bookkeeping.

CREATE TABLE channel_setting (
    channel_id     INTEGER PRIMARY KEY,
    reminder_hours INTEGER NOT NULL DEFAULT 24 CHECK (reminder_hours >= 0)  -- 0: no reminders
);

CREATE TABLE user_setting (
    user_id            INTEGER PRIMARY KEY,
    dm_closed          INTEGER NOT NULL DEFAULT 0,  -- a DM failed with 50007: do not retry until they use a command
    quiet_start        INTEGER,                     -- local hour 0-23 when quiet hours begin
    quiet_end          INTEGER,                     -- local hour 0-23 when they end
    utc_offset_minutes INTEGER NOT NULL DEFAULT 0
);

ALTER TABLE game ADD COLUMN turn_message_id INTEGER;  -- the latest public turn message
ALTER TABLE game ADD COLUMN reminded_at INTEGER;      -- Unix ms of the last reminder
