//! `custom_id`s of buttons and select menus: `tp:<game>:<version>:<verb>[:<argument>]`,
//! at most 100 characters. They carry the game and its version, so a click on an old
//! message is refused politely and buttons keep working after a restart (nothing about
//! them lives in memory).

use turnpost_core::ai::Level;

/// What a component asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Open the acting player's private panel.
    Turn,
    /// Show the caller's hand.
    Hand,
    /// Show the log.
    Log,
    /// Take back the last action.
    Undo,
    /// Play this action.
    Act(String),
    /// Play this action although it leaves something unused (the answer to the question
    /// asked before it).
    Anyway(String),
    /// Play the action picked in a select menu (the notation is the selected value).
    Pick,
    /// Show this page (from 0) of a panel whose choices do not fit one select menu.
    Page(usize),
    /// Show the choices of the group picked in select menu number `n` of the panel (the key
    /// is the selected value; the number only keeps the menus' ids apart).
    Open(usize),
    /// Show the panel's toggles with these items selected (bit `i` = item `i`); panels of
    /// older versions had these buttons, which still show the panel.
    Toggle(u16),
    /// Play the action the items picked together in the panel's select stand for (the
    /// selected values are the items' numbers from 0).
    Toggled,
    /// Lobby: take a seat.
    Join,
    /// Lobby: leave.
    Leave,
    /// Lobby: start.
    Start,
    /// Confirm abandoning the game.
    Abandon,
    /// Vote on replacing a late player: replace (true) or keep waiting (false).
    Vote(bool),
    /// Take the open seat of a replaced player.
    TakeSeat,
    /// Lobby: seat an AI of this level (`easy`, `normal`, `strong`).
    AddAi(Level),
    /// Lobby: remove the last AI seat.
    RemoveAi,
    /// Give the open seat of a replaced player to an AI.
    AiSeat,
    /// The panel's **What does it do?**: what the offered choices do.
    Explain,
    /// The final message: open a lobby for the same players, options and seats.
    Rematch,
}

/// A decoded `custom_id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentId {
    /// The game (0 for lobby buttons, which act on the channel's table).
    pub game: i64,
    /// The game version the message showed.
    pub version: i64,
    /// What to do.
    pub verb: Verb,
}

/// Discord's limit on `custom_id`.
pub const MAX_LEN: usize = 100;

impl ComponentId {
    /// Encodes; `None` if it would exceed Discord's 100 characters.
    pub fn encode(&self) -> Option<String> {
        let verb = match &self.verb {
            Verb::Turn => "turn".to_string(),
            Verb::Hand => "hand".to_string(),
            Verb::Log => "log".to_string(),
            Verb::Undo => "undo".to_string(),
            Verb::Act(notation) => format!("act:{notation}"),
            Verb::Anyway(notation) => format!("sure:{notation}"),
            Verb::Pick => "pick".to_string(),
            Verb::Page(n) => format!("page:{n}"),
            Verb::Open(n) => format!("open:{n}"),
            Verb::Toggle(mask) => format!("tog:{mask}"),
            Verb::Toggled => "toggled".to_string(),
            Verb::Join => "join".to_string(),
            Verb::Leave => "leave".to_string(),
            Verb::Start => "start".to_string(),
            Verb::Abandon => "abandon".to_string(),
            Verb::Vote(true) => "vote:replace".to_string(),
            Verb::Vote(false) => "vote:keep".to_string(),
            Verb::TakeSeat => "seat".to_string(),
            Verb::AddAi(level) => format!("ai:{level}"),
            Verb::RemoveAi => "ai-".to_string(),
            Verb::AiSeat => "seat:ai".to_string(),
            Verb::Explain => "explain".to_string(),
            Verb::Rematch => "rematch".to_string(),
        };
        let id = format!("tp:{}:{}:{verb}", self.game, self.version);
        (id.len() <= MAX_LEN).then_some(id)
    }

    /// Decodes an id made by [`ComponentId::encode`].
    pub fn decode(id: &str) -> Option<ComponentId> {
        let rest = id.strip_prefix("tp:")?;
        let mut parts = rest.splitn(3, ':');
        let game = parts.next()?.parse().ok()?;
        let version = parts.next()?.parse().ok()?;
        let verb = match parts.next()? {
            "turn" => Verb::Turn,
            "hand" => Verb::Hand,
            "log" => Verb::Log,
            "undo" => Verb::Undo,
            "pick" => Verb::Pick,
            "toggled" => Verb::Toggled,
            "join" => Verb::Join,
            "leave" => Verb::Leave,
            "start" => Verb::Start,
            "abandon" => Verb::Abandon,
            "vote:replace" => Verb::Vote(true),
            "vote:keep" => Verb::Vote(false),
            "seat" => Verb::TakeSeat,
            "seat:ai" => Verb::AiSeat,
            "ai-" => Verb::RemoveAi,
            "explain" => Verb::Explain,
            "rematch" => Verb::Rematch,
            other => {
                if let Some(level) = other.strip_prefix("ai:") {
                    Verb::AddAi(Level::parse(level)?)
                } else if let Some(n) = other.strip_prefix("page:") {
                    Verb::Page(n.parse().ok()?)
                } else if let Some(n) = other.strip_prefix("open:") {
                    Verb::Open(n.parse().ok()?)
                } else if let Some(mask) = other.strip_prefix("tog:") {
                    Verb::Toggle(mask.parse().ok()?)
                } else if let Some(notation) = other.strip_prefix("sure:") {
                    Verb::Anyway(notation.to_string())
                } else {
                    Verb::Act(other.strip_prefix("act:")?.to_string())
                }
            }
        };
        Some(ComponentId {
            game,
            version,
            verb,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_respect_the_limit() {
        for verb in [
            Verb::Turn,
            Verb::Hand,
            Verb::Log,
            Verb::Undo,
            Verb::Pick,
            Verb::Page(3),
            Verb::Open(2),
            Verb::Toggle(0),
            Verb::Toggle(127),
            Verb::Join,
            Verb::Leave,
            Verb::Start,
            Verb::Abandon,
            Verb::Vote(true),
            Verb::Vote(false),
            Verb::TakeSeat,
            Verb::AddAi(Level::Easy),
            Verb::AddAi(Level::Strong),
            Verb::RemoveAi,
            Verb::AiSeat,
            Verb::Rematch,
            Verb::Explain,
            Verb::Act("tile D7 E7".into()),
            Verb::Act("buy agriculture sell wood: stone".into()),
            Verb::Anyway("done".into()),
        ] {
            let id = ComponentId {
                game: 123456789,
                version: 4242,
                verb,
            };
            let text = id.encode().unwrap();
            assert!(text.len() <= MAX_LEN);
            assert_eq!(ComponentId::decode(&text), Some(id));
        }
        let long = ComponentId {
            game: 1,
            version: 1,
            verb: Verb::Act("x".repeat(100)),
        };
        assert_eq!(long.encode(), None);
        for bad in [
            "",
            "tp:",
            "tp:x:1:turn",
            "tp:1:1:fly",
            "other:1:1:turn",
            "tp:1:1:tog:x",
            "tp:1:1:tog:70000",
        ] {
            assert_eq!(ComponentId::decode(bad), None, "{bad}");
        }
    }
}
