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

/// One permission the bot asks for: its bit, its name as Discord's channel settings show
/// it, and why Turnpost needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needed {
    /// The permission.
    pub bit: Permissions,
    /// Its name in Discord's settings.
    pub name: &'static str,
    /// What Turnpost needs it for, in words for a server's moderators.
    pub why: &'static str,
}

/// View Channel.
pub const VIEW_CHANNEL: Needed = Needed {
    bit: Permissions::VIEW_CHANNEL,
    name: "View Channel",
    why: "to see the channel the game is played in",
};
/// Send Messages.
pub const SEND_MESSAGES: Needed = Needed {
    bit: Permissions::SEND_MESSAGES,
    name: "Send Messages",
    why: "to post the lobby and the turn messages",
};
/// Embed Links.
pub const EMBED_LINKS: Needed = Needed {
    bit: Permissions::EMBED_LINKS,
    name: "Embed Links",
    why: "the turn messages show their pictures in embeds, which Discord leaves out without it",
};
/// Attach Files.
pub const ATTACH_FILES: Needed = Needed {
    bit: Permissions::ATTACH_FILES,
    name: "Attach Files",
    why: "to upload the pictures of the board and the hands",
};
/// Read Message History.
pub const READ_MESSAGE_HISTORY: Needed = Needed {
    bit: Permissions::READ_MESSAGE_HISTORY,
    name: "Read Message History",
    why: "after a crash the bot reads a channel's latest messages before posting again, so nothing arrives twice",
};
/// Create Public Threads.
pub const CREATE_PUBLIC_THREADS: Needed = Needed {
    bit: Permissions::CREATE_PUBLIC_THREADS,
    name: "Create Public Threads",
    why: "`/new thread:true` opens the game in a new thread of the channel",
};
/// Send Messages in Threads.
pub const SEND_MESSAGES_IN_THREADS: Needed = Needed {
    bit: Permissions::SEND_MESSAGES_IN_THREADS,
    name: "Send Messages in Threads",
    why: "to post the lobby and the turn messages of games played in threads",
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

/// Names joined for a sentence: "A", "A and B", "A, B and C".
fn listed(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// How to grant `missing` in Discord's settings, one line per permission with why it is
/// needed. `where_` is "this channel" or "this thread's channel".
pub fn how_to_grant(missing: &[Needed], where_: &str) -> String {
    let names: Vec<&str> = missing.iter().map(|n| n.name).collect();
    let mut text = format!(
        "To fix it, a moderator opens {where_}'s settings → Permissions → Turnpost's role (or Turnpost itself) → allows {}.",
        listed(&names)
    );
    for n in missing {
        text.push_str(&format!("\n- **{}**: {}.", n.name, n.why));
    }
    text
}

/// The refusal of opening or starting a game at `place` without `missing` (not empty):
/// which permissions are missing, why each is needed and how to grant them.
pub fn refusal(missing: &[Needed], place: Place, doing: &str) -> String {
    let names: Vec<&str> = missing.iter().map(|n| n.name).collect();
    let where_ = match place {
        Place::Thread => "this thread's channel",
        Place::Channel | Place::NewThread => "this channel",
    };
    format!(
        "I cannot {doing} here: Turnpost lacks {} in {where_}. Nothing was changed.\n{}",
        listed(&names),
        how_to_grant(missing, where_)
    )
}

/// A note for an interaction in a channel with a running game where the bot lacks
/// `missing` (not empty): what the players miss because of it, and how to grant it.
pub fn warning(missing: &[Needed], place: Place) -> String {
    let names: Vec<&str> = missing.iter().map(|n| n.name).collect();
    let where_ = match place {
        Place::Thread => "this thread's channel",
        Place::Channel | Place::NewThread => "this channel",
    };
    let effect = if missing == [EMBED_LINKS] {
        "the turn messages go out without their pictures"
    } else {
        "the game's messages may not arrive or may lack their pictures"
    };
    format!(
        "⚠ Turnpost lacks {} in {where_}, so {effect}. {}",
        listed(&names),
        how_to_grant(missing, where_)
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
        let text = refusal(&[EMBED_LINKS, ATTACH_FILES], Place::Channel, "open a table");
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
        assert_eq!(listed(&["A", "B", "C"]), "A, B and C");
    }
}
