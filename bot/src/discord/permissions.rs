//! The Discord permissions Turnpost needs, in one list: the invite link asks for exactly
//! these (the README's integer is checked against [`invite_integer`] by a test), and the
//! bot checks the ones a place needs before it opens or starts a game there.
//!
//! Where the bot learns its permissions: every interaction carries `app_permissions`, the
//! bot's own permissions in the interaction's channel as Discord computed them (roles,
//! the channel's overwrites, a thread's parent, Administrator, timeouts). That is the
//! simplest source that is also always right: no extra request, no role or member cache
//! (the bot has only the `GUILDS` intent), and it is as fresh as the click.

use serenity::all::Permissions;
use turnpost_core::t;
use turnpost_core::words::{Arg, Text};

/// One permission the bot asks for: its bit, and the key of its name as Discord's channel
/// settings show it and of why Turnpost needs it (`bot-permission-name`,
/// `bot-permission-why`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needed {
    /// The permission.
    pub bit: Permissions,
    /// Its key in the words (`embed-links`).
    pub key: &'static str,
}

impl Needed {
    /// Its name in Discord's settings, in the reader's language (Discord's own words).
    pub fn name(self) -> Text {
        t!("bot-permission-name", permission = Arg::raw(self.key))
    }

    /// What Turnpost needs it for, in words for a server's moderators.
    pub fn why(self) -> Text {
        t!("bot-permission-why", permission = Arg::raw(self.key))
    }
}

/// View Channel.
pub const VIEW_CHANNEL: Needed = Needed {
    bit: Permissions::VIEW_CHANNEL,
    key: "view-channel",
};
/// Send Messages.
pub const SEND_MESSAGES: Needed = Needed {
    bit: Permissions::SEND_MESSAGES,
    key: "send-messages",
};
/// Embed Links.
pub const EMBED_LINKS: Needed = Needed {
    bit: Permissions::EMBED_LINKS,
    key: "embed-links",
};
/// Attach Files.
pub const ATTACH_FILES: Needed = Needed {
    bit: Permissions::ATTACH_FILES,
    key: "attach-files",
};
/// Read Message History.
pub const READ_MESSAGE_HISTORY: Needed = Needed {
    bit: Permissions::READ_MESSAGE_HISTORY,
    key: "read-message-history",
};
/// Create Public Threads.
pub const CREATE_PUBLIC_THREADS: Needed = Needed {
    bit: Permissions::CREATE_PUBLIC_THREADS,
    key: "create-public-threads",
};
/// Send Messages in Threads.
pub const SEND_MESSAGES_IN_THREADS: Needed = Needed {
    bit: Permissions::SEND_MESSAGES_IN_THREADS,
    key: "send-messages-in-threads",
};

/// Every permission the invite asks for, in the order of their bits.
pub const INVITE: [Needed; 7] = [
    VIEW_CHANNEL,
    SEND_MESSAGES,
    EMBED_LINKS,
    ATTACH_FILES,
    READ_MESSAGE_HISTORY,
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES_IN_THREADS,
];

/// The invite link's permission integer: the bits of [`INVITE`].
pub fn invite_integer() -> u64 {
    INVITE.iter().fold(0, |all, n| all | n.bit.bits())
}

/// Where a game is to be played, which decides what the bot needs there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A text channel.
    Channel,
    /// An existing thread (a thread's permissions come from its parent channel, and
    /// posting in it takes Send Messages in Threads instead of Send Messages).
    Thread,
    /// A channel where `/new thread:true` is to open a thread: the bot posts the link line
    /// in the channel and plays in the new thread.
    NewThread,
}

impl Place {
    /// What the bot needs there, in the order it names them.
    pub fn needs(self) -> Vec<Needed> {
        let mut needs = vec![VIEW_CHANNEL];
        match self {
            Place::Channel => needs.push(SEND_MESSAGES),
            Place::Thread => needs.push(SEND_MESSAGES_IN_THREADS),
            Place::NewThread => {
                needs.extend([
                    SEND_MESSAGES,
                    CREATE_PUBLIC_THREADS,
                    SEND_MESSAGES_IN_THREADS,
                ]);
            }
        }
        needs.extend([ATTACH_FILES, EMBED_LINKS, READ_MESSAGE_HISTORY]);
        needs
    }
}

/// What the bot lacks at `place` when it has `have` there (Administrator has everything).
pub fn missing(have: Permissions, place: Place) -> Vec<Needed> {
    if have.contains(Permissions::ADMINISTRATOR) {
        return Vec::new();
    }
    place
        .needs()
        .into_iter()
        .filter(|n| !have.contains(n.bit))
        .collect()
}

/// The names of `missing` joined for a sentence: "A", "A and B", "A, B and C".
fn listed(missing: &[Needed]) -> Text {
    Text::and_list(missing.iter().map(|n| n.name()))
}

/// Where the permissions are granted: a thread's come from its channel.
fn where_(place: Place) -> Arg {
    Arg::raw(match place {
        Place::Thread => "thread",
        Place::Channel | Place::NewThread => "channel",
    })
}

/// How to grant `missing` at `place` in Discord's settings, one line per permission with
/// why it is needed.
pub fn how_to_grant(missing: &[Needed], place: Place) -> Text {
    let mut lines = vec![t!(
        "bot-permissions-how-to-grant",
        place = where_(place),
        names = listed(missing)
    )];
    lines.extend(
        missing
            .iter()
            .map(|n| t!("bot-permission-line", name = n.name(), why = n.why())),
    );
    Text::lines(lines)
}

/// What the bot does where it lacks permissions (an [`Arg::raw`] key of
/// `bot-permissions-refused`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// `/new`.
    OpenTable,
    /// `/start` and the lobby's Start.
    StartGame,
    /// Rematch under a game's last message.
    OpenRematch,
    /// `/new … thread:true`.
    OpenThread,
}

impl Doing {
    fn key(self) -> &'static str {
        match self {
            Doing::OpenTable => "open-table",
            Doing::StartGame => "start-game",
            Doing::OpenRematch => "open-rematch",
            Doing::OpenThread => "open-thread",
        }
    }
}

/// The refusal of opening or starting a game at `place` without `missing` (not empty):
/// which permissions are missing, why each is needed and how to grant them.
pub fn refusal(missing: &[Needed], place: Place, doing: Doing) -> Text {
    Text::lines([
        t!(
            "bot-permissions-refused",
            doing = Arg::raw(doing.key()),
            names = listed(missing),
            place = where_(place)
        ),
        how_to_grant(missing, place),
    ])
}

/// A note for an interaction in a channel with a running game where the bot lacks
/// `missing` (not empty): what the players miss because of it, and how to grant it.
pub fn warning(missing: &[Needed], place: Place) -> Text {
    let effect = if missing == [EMBED_LINKS] {
        "no-pictures"
    } else {
        "may-not-arrive"
    };
    t!(
        "bot-permissions-warning",
        names = listed(missing),
        place = where_(place),
        effect = Arg::raw(effect),
        how = how_to_grant(missing, place)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_asks_for_each_bit_once() {
        let mut bits: Vec<u64> = INVITE.iter().map(|n| n.bit.bits()).collect();
        let sum: u64 = bits.iter().sum();
        bits.sort_unstable();
        bits.dedup();
        assert_eq!(bits.len(), INVITE.len());
        assert_eq!(sum, invite_integer());
        assert_eq!(invite_integer(), 309_237_763_072);
    }

    #[test]
    fn a_place_needs_what_it_posts_with() {
        let all = Permissions::from_bits_truncate(invite_integer());
        for place in [Place::Channel, Place::Thread, Place::NewThread] {
            assert!(missing(all, place).is_empty(), "{place:?}");
            assert!(missing(Permissions::ADMINISTRATOR, place).is_empty());
            assert_eq!(missing(Permissions::empty(), place), place.needs());
        }
        let no_threads = all - Permissions::SEND_MESSAGES_IN_THREADS;
        assert!(missing(no_threads, Place::Channel).is_empty());
        assert_eq!(
            missing(no_threads, Place::Thread),
            vec![SEND_MESSAGES_IN_THREADS]
        );
        let no_create = all - Permissions::CREATE_PUBLIC_THREADS;
        assert_eq!(
            missing(no_create, Place::NewThread),
            vec![CREATE_PUBLIC_THREADS]
        );
    }

    #[test]
    fn the_refusal_names_each_missing_permission_and_how_to_grant_it() {
        crate::install_words();
        let text = refusal(
            &[EMBED_LINKS, ATTACH_FILES],
            Place::Channel,
            Doing::OpenTable,
        )
        .to_string();
        assert!(
            text.starts_with(
                "I cannot open a table here: Turnpost lacks Embed Links and Attach Files in this channel."
            ),
            "{text}"
        );
        assert!(
            text.contains("Permissions → Turnpost's role (or Turnpost itself) → allows Embed Links and Attach Files"),
            "{text}"
        );
        assert!(text.contains("- **Embed Links**: the turn messages show"));
        assert_eq!(
            listed(&[VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS]).to_string(),
            "View Channel, Send Messages and Embed Links"
        );
    }

    #[test]
    fn a_german_moderator_reads_discords_german_names_of_the_permissions() {
        crate::install_words();
        let refused = refusal(&[EMBED_LINKS], Place::Thread, Doing::StartGame);
        let text = turnpost_core::words::Lang::De.render(&refused);
        assert!(text.contains("Links einbetten"), "{text}");
        assert!(text.contains("im Kanal dieses Threads"), "{text}");
        assert!(!text.contains("Embed Links"), "{text}");
        let warned =
            turnpost_core::words::Lang::De.render(&warning(&[EMBED_LINKS], Place::Channel));
        assert!(warned.contains("ohne ihre Bilder"), "{warned}");
    }
}
