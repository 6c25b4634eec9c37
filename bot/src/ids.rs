//! The two ids every layer of the bot passes around: a game's and a person's. They live
//! below the store, the table and the outbox, so none of those has to import another for
//! a number.

/// A game's id.
pub type GameId = i64;
/// A user's id (a Discord snowflake, or a local player number).
pub type UserId = u64;
