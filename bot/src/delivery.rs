//! What the outbox delivers, in the words the table, the store and the couriers share: where
//! a delivery goes ([`DeliveryKind`]), a delivery to write ([`NewDelivery`]), a pending one
//! as the worker hands it to a courier ([`DeliveryRow`]), and the turn whose buttons go
//! under a message ([`Turn`]). The store keeps these rows and the worker
//! ([`crate::outbox`]) sends them; neither owns the words, so a courier (the Discord
//! adapter) reads them without knowing the store, and the outbox without knowing the table.

use serde::{Deserialize, Serialize};
use turnpost_core::words::{Lang, Text};

use crate::ids::{GameId, UserId};

/// The language a reader reads (issue 30): the one they (or a server's moderators) chose,
/// else the one their Discord locale names (a person's client, a server's preferred locale),
/// else English.
pub fn reader_lang(chosen: Option<&str>, locale: Option<&str>) -> Lang {
    chosen
        .and_then(Lang::from_tag)
        .or_else(|| locale.and_then(Lang::from_discord))
        .unwrap_or_default()
}

/// Where a delivery goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeliveryKind {
    /// A message in a channel (the target is the channel id).
    Channel,
    /// A direct message (the target is the user id).
    Dm,
}

impl DeliveryKind {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryKind::Channel => "channel",
            DeliveryKind::Dm => "dm",
        }
    }

    /// From the stored word.
    pub fn from_word(word: &str) -> Option<DeliveryKind> {
        match word {
            "channel" => Some(DeliveryKind::Channel),
            "dm" => Some(DeliveryKind::Dm),
            _ => None,
        }
    }
}

/// A delivery to write with a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewDelivery {
    /// Channel post or DM.
    pub kind: DeliveryKind,
    /// The channel or user.
    pub target: u64,
    /// The channel where the change happened.
    pub channel_id: u64,
    /// What to send, as the front end understands it (JSON).
    pub body: String,
    /// Pictures: (file name, PNG bytes).
    pub images: Vec<(String, Vec<u8>)>,
}

/// A pending delivery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeliveryRow {
    /// Its id (also the nonce of the message, so a resent post is not doubled).
    pub outbox_id: i64,
    /// The game it is about.
    pub game_id: Option<GameId>,
    /// Channel post or DM.
    pub kind: DeliveryKind,
    /// The channel or user.
    pub target: u64,
    /// The channel where the change happened.
    pub channel_id: u64,
    /// What to send (JSON).
    pub body: String,
    /// Unix ms of the commit.
    pub created_at: i64,
    /// Failed attempts so far.
    pub attempts: u32,
    /// Unix ms before which it must not be tried (a retry's wait, or another worker's
    /// claim).
    pub next_at: i64,
    /// Whether an earlier attempt may have reached the receiver: it failed in a way that
    /// leaves that open (a timeout, a server error), or a worker claimed it and never said
    /// how it ended (a crash between sending and recording).
    pub possibly_sent: bool,
    /// For a channel post: since when (Unix ms) the channel cannot be posted in.
    pub unreachable_since: Option<i64>,
    /// Why the row cannot be read, if it cannot (a body that is not text, or not UTF-8, a
    /// column of the wrong type): the worker gives it up instead of sending it.
    pub unreadable: Option<String>,
    /// The reader's language when the row is read: a DM's person's, a channel post's
    /// server's ([`reader_lang`]); the row's words are typed and made text in it.
    pub lang: Lang,
}

impl DeliveryRow {
    /// Deliveries with the same key go out in order: one game's messages, or one target's.
    pub fn order_key(&self) -> (bool, i64) {
        match self.game_id {
            Some(g) => (true, g),
            None => (false, self.target as i64),
        }
    }
}

/// The state a front end needs for buttons on the turn message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The game.
    pub game_id: GameId,
    /// Its version (buttons carry it; stale ones are refused).
    pub version: i64,
    /// Who must act.
    pub user: UserId,
    /// What they must decide (older rows hold plain English, read as given).
    pub prompt: Text,
    /// Whether that player could undo now.
    pub can_undo: bool,
}
