//! The league's rules that the table applies and the store keeps: what happens when a
//! deadline passes ([`Policy`]), a table's terms ([`Terms`]), where a running deadline stands
//! ([`Phase`]), how long a vacation may be, and the ratings ([`ratings`]). The store reads
//! and writes these as columns; it decides none of them.

pub mod ratings;

/// Most vacation days in one go.
pub const LONGEST_VACATION: u32 = 60;

/// What happens when a deadline passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// The seat plays the move that changes least (a pass where the game allows one).
    #[default]
    Skip,
    /// The other players vote; a majority opens the seat to a volunteer.
    Replace,
    /// The seat resigns and plays on automatically.
    Forfeit,
}

impl Policy {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Policy::Skip => "skip",
            Policy::Replace => "replace",
            Policy::Forfeit => "forfeit",
        }
    }

    /// From a word a player typed or chose (or the stored word).
    pub fn from_word(text: &str) -> Option<Policy> {
        match text.trim().to_ascii_lowercase().as_str() {
            "skip" | "pass" => Some(Policy::Skip),
            "replace" | "vote" => Some(Policy::Replace),
            "forfeit" | "resign" => Some(Policy::Forfeit),
            _ => None,
        }
    }

    /// What happens when time runs out, in the reader's language (`bot-policy-then`).
    pub fn then(self) -> turnpost_core::words::Text {
        turnpost_core::t!(
            "bot-policy-then",
            policy = turnpost_core::words::Arg::raw(self.as_str())
        )
    }
}

/// The terms of a table, chosen at `/new`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Hours each person has for a turn (0: no deadline).
    pub deadline_hours: u32,
    /// What happens when it passes.
    pub policy: Policy,
    /// Whether the result counts for ratings.
    pub rated: bool,
}

/// Where a deadline stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Counting down.
    Running,
    /// Passed under the replace policy: the others are voting.
    Voting,
    /// The vote passed: the seat waits for a volunteer.
    Open,
}

impl Phase {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Running => "running",
            Phase::Voting => "voting",
            Phase::Open => "open",
        }
    }

    /// From the stored word.
    pub fn from_word(text: &str) -> Option<Phase> {
        match text {
            "running" => Some(Phase::Running),
            "voting" => Some(Phase::Voting),
            "open" => Some(Phase::Open),
            _ => None,
        }
    }
}
