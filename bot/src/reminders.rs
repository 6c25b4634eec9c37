//! When to remind a player who has not acted: after the channel's period of idleness, once
//! per period, never inside the player's quiet hours. Pure functions, so tests need no clock.

/// A player's quiet hours in their local time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietHours {
    /// Local hour (0–23) when quiet begins.
    pub start: u8,
    /// Local hour (0–23) when quiet ends.
    pub end: u8,
    /// The player's offset from UTC in minutes.
    pub utc_offset_minutes: i32,
}

impl QuietHours {
    /// Whether `now_ms` (Unix milliseconds) falls inside the quiet hours; a range may wrap
    /// past midnight (22 → 7). Equal start and end means no quiet hours.
    pub fn contains(&self, now_ms: i64) -> bool {
        let local_minutes =
            (now_ms / 60_000 + i64::from(self.utc_offset_minutes)).rem_euclid(24 * 60);
        let hour = (local_minutes / 60) as u8;
        match self.start.cmp(&self.end) {
            std::cmp::Ordering::Equal => false,
            std::cmp::Ordering::Less => (self.start..self.end).contains(&hour),
            std::cmp::Ordering::Greater => hour >= self.start || hour < self.end,
        }
    }
}

const HOUR_MS: i64 = 3_600_000;

/// Whether a reminder is due now for a player idle since `idle_since_ms`.
pub fn due(
    now_ms: i64,
    idle_since_ms: i64,
    reminded_at_ms: Option<i64>,
    period_hours: u32,
    quiet: Option<QuietHours>,
) -> bool {
    if period_hours == 0 {
        return false;
    }
    let period = i64::from(period_hours) * HOUR_MS;
    if now_ms - idle_since_ms < period {
        return false;
    }
    // Once per period: the last reminder (for this wait) must be a period old.
    if let Some(at) = reminded_at_ms
        && at >= idle_since_ms
        && now_ms - at < period
    {
        return false;
    }
    !quiet.is_some_and(|q| q.contains(now_ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: i64 = HOUR_MS;

    #[test]
    fn reminders_come_after_the_period_once_per_period() {
        assert!(!due(23 * H, 0, None, 24, None));
        assert!(due(24 * H, 0, None, 24, None));
        assert!(!due(30 * H, 0, Some(24 * H), 24, None), "reminded 6 h ago");
        assert!(due(48 * H, 0, Some(24 * H), 24, None), "a period later");
        // A reminder from an earlier wait does not count for this one.
        assert!(due(130 * H, 100 * H, Some(99 * H), 24, None));
        assert!(!due(1000 * H, 0, None, 0, None), "0 hours: never");
    }

    #[test]
    fn quiet_hours_wrap_midnight_and_follow_the_offset() {
        let q = QuietHours {
            start: 22,
            end: 7,
            utc_offset_minutes: 0,
        };
        assert!(q.contains(23 * H));
        assert!(q.contains(24 * H + 3 * H));
        assert!(!q.contains(12 * H));
        assert!(!q.contains(7 * H));
        // UTC+2: 21:00 UTC is 23:00 local.
        let q2 = QuietHours {
            utc_offset_minutes: 120,
            ..q
        };
        assert!(q2.contains(21 * H));
        assert!(!q2.contains(6 * H), "08:00 local");
        let daytime = QuietHours {
            start: 9,
            end: 17,
            utc_offset_minutes: -300,
        };
        assert!(daytime.contains(15 * H), "10:00 in UTC-5");
        assert!(!due(15 * H + 100 * H, 0, None, 24, Some(daytime)));
        assert!(due(23 * H + 100 * H, 0, None, 24, Some(daytime)));
        assert!(
            !QuietHours {
                start: 5,
                end: 5,
                utc_offset_minutes: 0
            }
            .contains(5 * H)
        );
    }
}
