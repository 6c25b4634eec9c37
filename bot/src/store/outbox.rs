//! The outbox: what a committed change must send (public posts, DMs, reminders), written in
//! the same transaction as the change and delivered afterwards by [`crate::outbox`]'s worker.
//! A row stays pending until it is delivered, skipped or given up; a crash between the
//! commit and the delivery leaves it pending, and the next start sends it.

use super::{Conn, Row, query, query_scalar, query2};

use super::{GameId, Store, StoreError, now_ms};
use crate::delivery::{DeliveryKind, DeliveryRow, NewDelivery};

/// The outcome of a delivery that went out.
pub const SENT: &str = "sent";

/// What a delivery changes besides its own row, recorded in the transaction that marks it
/// done ([`Store::finish_delivery_with`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Delivered {
    /// The game's current turn message becomes this one (`None`: no message is current any
    /// more, the game is over).
    pub turn_message: Option<(GameId, Option<u64>)>,
    /// A delivery that follows from this one (removing the buttons of the turn message it
    /// replaced), with its game.
    pub then: Option<(Option<GameId>, NewDelivery)>,
    /// The player's DM of a game is now this message (game, user, message): the game's
    /// later hand changes edit it.
    pub dm_message: Option<(GameId, u64, u64)>,
}

/// Reads one pending row; what cannot be read is described in `unreadable`.
fn read_delivery(r: &Row) -> DeliveryRow {
    let mut damage: Vec<String> = Vec::new();
    let mut get = |column: &str, value: Result<i64, sqlx::Error>| {
        value.unwrap_or_else(|e| {
            damage.push(format!("{column}: {e}"));
            0
        })
    };
    let outbox_id = get("outbox_id", r.try_get("outbox_id"));
    let target = get("target", r.try_get("target")) as u64;
    let channel_id = get("channel_id", r.try_get("channel_id")) as u64;
    let created_at = get("created_at", r.try_get("created_at"));
    let attempts = get("attempts", r.try_get("attempts")).max(0) as u32;
    let next_at = get("next_at", r.try_get("next_at"));
    let claimed = get("claimed_until", r.try_get("claimed")) != 0;
    let game_id = r.try_get::<Option<i64>, _>("game_id").unwrap_or_else(|e| {
        damage.push(format!("game_id: {e}"));
        None
    });
    let unreachable_since = r
        .try_get::<Option<i64>, _>("unreachable_at")
        .unwrap_or(None);
    let kind = match r.try_get::<String, _>("kind") {
        Ok(k) => DeliveryKind::from_word(&k).unwrap_or_else(|| {
            damage.push(StoreError::Corrupt(format!("unknown delivery kind {k}")).to_string());
            DeliveryKind::Channel
        }),
        Err(e) => {
            damage.push(format!("kind: {e}"));
            DeliveryKind::Channel
        }
    };
    // The reader's language: a DM's person's, a channel post's server's (a row without a
    // game, or of a server with no language words, reads in English).
    let chosen: Option<String> = r.try_get("language").unwrap_or(None);
    let locale: Option<String> = r.try_get("locale").unwrap_or(None);
    let lang = crate::delivery::reader_lang(chosen.as_deref(), locale.as_deref());
    let body_type: String = r.try_get("body_type").unwrap_or_default();
    let bytes: Vec<u8> = r.try_get("body_bytes").unwrap_or_default();
    let body = if body_type != "text" {
        damage.push(format!("the body is stored as {body_type}, not text"));
        String::new()
    } else {
        match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                damage.push(format!("the body is not UTF-8 ({e})"));
                String::new()
            }
        }
    };
    DeliveryRow {
        outbox_id,
        game_id,
        kind,
        target,
        channel_id,
        body,
        created_at,
        attempts,
        next_at,
        possibly_sent: attempts > 0 || claimed,
        unreachable_since,
        unreadable: (!damage.is_empty()).then(|| damage.join("; ")),
        lang,
    }
}

/// Adds the statements that write deliveries to a caller's batch, one run
/// [`together`](super::Batch::together); each picture row points at its outbox row: on
/// SQLite the newest in the table while the caller's write transaction holds the lock, on
/// PostgreSQL the one its insert returned.
pub(super) fn add_to_batch<'q>(
    batch: &mut super::Batch<'q>,
    game_id: Option<GameId>,
    deliveries: &'q [NewDelivery],
) -> Result<(), StoreError> {
    // Delivery times follow the wall clock: they are about Discord's real behaviour, and
    // the worker compares them with it (tests move the table's clock, not Discord's).
    let now = now_ms();
    // PostgreSQL runs the batch as one statement whose clauses may run in any order; each
    // row after the first is selected from the row before it, so they are inserted, and take
    // their ids (the order they are sent in), in the order given.
    let mut previous: Option<String> = None;
    for d in deliveries {
        const SQLITE: &str =
            "INSERT INTO outbox (game_id, kind, target, channel_id, body, created_at, next_at)
             VALUES (?, ?, ?, ?, ?, ?, ?);";
        const COLUMNS: &str =
            "INSERT INTO outbox (game_id, kind, target, channel_id, body, created_at, next_at)";
        batch.push2_made(
            SQLITE,
            match &previous {
                None => format!("{COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING outbox_id"),
                Some(row) => {
                    format!("{COLUMNS} SELECT ?, ?, ?, ?, ?, ?, ? FROM {row} RETURNING outbox_id")
                }
            },
        );
        batch.add(game_id)?;
        batch.add(d.kind.as_str())?;
        batch.add(d.target as i64)?;
        batch.add(d.channel_id as i64)?;
        batch.add(d.body.as_str())?;
        batch.add(now)?;
        batch.add(now)?;
        // SQLite (one writer): the row just inserted has the highest id. PostgreSQL (the
        // batch is one statement): the id the row's insert returned.
        let row = batch.rows_of_last()?;
        previous = Some(row.clone());
        for (position, (name, png)) in d.images.iter().enumerate() {
            batch.push2_made(
                "INSERT INTO outbox_image (outbox_id, position, name, png)
                 VALUES ((SELECT MAX(outbox_id) FROM outbox), ?, ?, ?);",
                format!(
                    "INSERT INTO outbox_image (outbox_id, position, name, png)
                     SELECT outbox_id, ?, ?, ? FROM {row}"
                ),
            );
            batch.add(position as i64)?;
            batch.add(name.as_str())?;
            batch.add(png.as_slice())?;
        }
    }
    Ok(())
}

/// Writes deliveries inside a caller's transaction.
pub(super) async fn insert(
    tx: &mut Conn,
    game_id: Option<GameId>,
    deliveries: &[NewDelivery],
) -> Result<(), StoreError> {
    let now = now_ms();
    for d in deliveries {
        let id: i64 = query_scalar(
            "INSERT INTO outbox (game_id, kind, target, channel_id, body, created_at, next_at)
             VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING outbox_id",
        )
        .bind(game_id)
        .bind(d.kind.as_str())
        .bind(d.target as i64)
        .bind(d.channel_id as i64)
        .bind(&d.body)
        .bind(now)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        for (position, (name, png)) in d.images.iter().enumerate() {
            query("INSERT INTO outbox_image (outbox_id, position, name, png) VALUES (?, ?, ?, ?)")
                .bind(id)
                .bind(position as i64)
                .bind(name)
                .bind(png)
                .execute(&mut *tx)
                .await?;
        }
    }
    Ok(())
}

impl Store {
    /// Queues deliveries that belong to no change of a game (a season's announcement).
    pub async fn queue(&self, deliveries: &[NewDelivery]) -> Result<(), StoreError> {
        let mut tx = self.db.begin().await?;
        insert(&mut tx, None, deliveries).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Pending deliveries, oldest first, at most `limit` (due or not: the worker keeps their
    /// order per game and sleeps until the earliest is due). A row that cannot be read (a
    /// damaged body or column) comes back with [`DeliveryRow::unreadable`] set rather than
    /// failing the whole list.
    pub async fn pending_deliveries(&self, limit: usize) -> Result<Vec<DeliveryRow>, StoreError> {
        // The body is read as bytes with its storage type: a body stored as a BLOB, or text
        // that is not UTF-8, is one row's damage, not the list's.
        // (PostgreSQL's text is always text in UTF-8.) The reader's language words come
        // with the row: a DM's person's, a channel post's server's (through its game).
        let rows = query2(
            "SELECT o.outbox_id, o.game_id, o.kind, o.target, o.channel_id,
                    typeof(o.body) AS body_type, CAST(o.body AS BLOB) AS body_bytes,
                    o.created_at, o.attempts, o.claimed_until IS NOT NULL AS claimed,
                    MAX(o.next_at, COALESCE(o.claimed_until, 0)) AS next_at,
                    c.unreachable_at,
                    COALESCE(u.language, s.language) AS language,
                    COALESCE(u.locale, s.locale) AS locale
             FROM outbox o
             LEFT JOIN channel_setting c ON o.kind = 'channel' AND c.channel_id = o.target
             LEFT JOIN user_setting u ON o.kind = 'dm' AND u.user_id = o.target
             LEFT JOIN game g ON o.kind = 'channel' AND g.game_id = o.game_id
             LEFT JOIN guild_setting s ON s.guild_id = g.guild_id
             WHERE o.done_at IS NULL ORDER BY o.outbox_id LIMIT ?",
            "SELECT o.outbox_id, o.game_id, o.kind, o.target, o.channel_id,
                    'text' AS body_type, convert_to(o.body, 'UTF8') AS body_bytes,
                    o.created_at, o.attempts, o.claimed_until IS NOT NULL AS claimed,
                    GREATEST(o.next_at, COALESCE(o.claimed_until, 0)) AS next_at,
                    c.unreachable_at,
                    COALESCE(u.language, s.language) AS language,
                    COALESCE(u.locale, s.locale) AS locale
             FROM outbox o
             LEFT JOIN channel_setting c ON o.kind = 'channel' AND c.channel_id = o.target
             LEFT JOIN user_setting u ON o.kind = 'dm' AND u.user_id = o.target
             LEFT JOIN game g ON o.kind = 'channel' AND g.game_id = o.game_id
             LEFT JOIN guild_setting s ON s.guild_id = g.guild_id
             WHERE o.done_at IS NULL ORDER BY o.outbox_id LIMIT ?",
        )
        .bind(limit as i64)
        .fetch_all(self.read())
        .await?;
        Ok(rows.iter().map(read_delivery).collect())
    }

    /// Claims a pending delivery for `lease_ms` (so two bot processes on one database do not
    /// both send it); false if it is done or another worker holds it.
    pub async fn claim_delivery(&self, outbox_id: i64, lease_ms: i64) -> Result<bool, StoreError> {
        let now = now_ms();
        let r = query(
            "UPDATE outbox SET claimed_until = ?
             WHERE outbox_id = ? AND done_at IS NULL AND (claimed_until IS NULL OR claimed_until < ?)",
        )
        .bind(now + lease_ms)
        .bind(outbox_id)
        .bind(now)
        .execute(self.read())
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// The pictures of a delivery, in order. Read as bytes whatever their storage type, so a
    /// damaged picture row costs at most that picture, never the delivery.
    pub async fn delivery_images(
        &self,
        outbox_id: i64,
    ) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let rows = query2(
            "SELECT CAST(name AS BLOB) AS name, CAST(png AS BLOB) AS png FROM outbox_image
             WHERE outbox_id = ? ORDER BY position",
            "SELECT convert_to(name, 'UTF8') AS name, png FROM outbox_image
             WHERE outbox_id = ? ORDER BY position",
        )
        .bind(outbox_id)
        .fetch_all(self.read())
        .await?;
        rows.iter()
            .map(|r| {
                let name: Vec<u8> = r.try_get("name")?;
                Ok((
                    String::from_utf8_lossy(&name).into_owned(),
                    r.try_get("png")?,
                ))
            })
            .collect()
    }

    /// Marks a delivery done (`outcome` says how) and drops its pictures.
    pub async fn finish_delivery(
        &self,
        outbox_id: i64,
        outcome: &str,
        message_id: Option<u64>,
    ) -> Result<(), StoreError> {
        self.finish_delivery_with(outbox_id, outcome, message_id, &Delivered::default())
            .await
    }

    /// Marks a delivery done (`outcome` says how), drops its pictures and records what its
    /// delivery changes, all in one transaction: a crash leaves either none of it or all.
    pub async fn finish_delivery_with(
        &self,
        outbox_id: i64,
        outcome: &str,
        message_id: Option<u64>,
        delivered: &Delivered,
    ) -> Result<(), StoreError> {
        let mut tx = self.db.begin().await?;
        query(
            "UPDATE outbox SET done_at = ?, outcome = ?, message_id = ?, claimed_until = NULL
             WHERE outbox_id = ?",
        )
        .bind(now_ms())
        .bind(outcome)
        .bind(message_id.map(|m| m as i64))
        .bind(outbox_id)
        .execute(&mut *tx)
        .await?;
        query("DELETE FROM outbox_image WHERE outbox_id = ?")
            .bind(outbox_id)
            .execute(&mut *tx)
            .await?;
        if outcome == SENT {
            // A channel that takes posts again is reachable again.
            query(
                "UPDATE channel_setting SET unreachable_at = NULL WHERE unreachable_at IS NOT NULL
                 AND channel_id = (SELECT target FROM outbox WHERE outbox_id = ? AND kind = 'channel')",
            )
            .bind(outbox_id)
            .execute(&mut *tx)
            .await?;
        }
        if let Some((game_id, turn_message)) = delivered.turn_message {
            query("UPDATE game SET turn_message_id = ? WHERE game_id = ?")
                .bind(turn_message.map(|m| m as i64))
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        if let Some((game_id, next)) = &delivered.then {
            insert(&mut tx, *game_id, std::slice::from_ref(next)).await?;
        }
        if let Some((game_id, user_id, message_id)) = delivered.dm_message {
            query(
                "INSERT INTO dm_message (game_id, user_id, message_id) VALUES (?, ?, ?)
                 ON CONFLICT (game_id, user_id) DO UPDATE SET message_id = excluded.message_id",
            )
            .bind(game_id)
            .bind(user_id as i64)
            .bind(message_id as i64)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The player's DM of a game that hand changes edit, once one was delivered.
    pub async fn dm_message(
        &self,
        game_id: GameId,
        user_id: u64,
    ) -> Result<Option<u64>, StoreError> {
        let id: Option<i64> =
            query_scalar("SELECT message_id FROM dm_message WHERE game_id = ? AND user_id = ?")
                .bind(game_id)
                .bind(user_id as i64)
                .fetch_optional(self.read())
                .await?;
        Ok(id.map(|m| m as u64))
    }

    /// Puts a delivery off until `next_at` (Unix ms) without counting an attempt: nothing
    /// was sent (its channel is unreachable and not due to be tried yet, or it just refused
    /// the post).
    pub async fn defer_delivery(
        &self,
        outbox_id: i64,
        next_at: i64,
        note: &str,
    ) -> Result<(), StoreError> {
        query(
            "UPDATE outbox SET next_at = ?, outcome = ?, claimed_until = NULL WHERE outbox_id = ?",
        )
        .bind(next_at)
        .bind(note)
        .bind(outbox_id)
        .execute(self.read())
        .await?;
        Ok(())
    }

    /// Message ids that deliveries of `kind` to `target` recorded, among those done since
    /// `since_ms` (Unix ms): messages that belong to other rows, which a look for a
    /// row's own earlier message must not take for it.
    pub async fn delivered_message_ids(
        &self,
        kind: DeliveryKind,
        target: u64,
        since_ms: i64,
    ) -> Result<Vec<u64>, StoreError> {
        let ids: Vec<i64> = query_scalar(
            "SELECT message_id FROM outbox WHERE kind = ? AND target = ? AND done_at >= ?
             AND message_id IS NOT NULL",
        )
        .bind(kind.as_str())
        .bind(target as i64)
        .bind(since_ms)
        .fetch_all(self.read())
        .await?;
        Ok(ids.into_iter().map(|m| m as u64).collect())
    }

    /// Someone used an unreachable channel: its held posts are due now (their next try is a
    /// probe). Returns how many were brought forward; nothing changes for a channel that is
    /// not marked unreachable.
    pub async fn probe_channel_now(&self, channel_id: u64) -> Result<u64, StoreError> {
        let now = now_ms();
        let r = query(
            "UPDATE outbox SET next_at = ?
             WHERE done_at IS NULL AND kind = 'channel' AND target = ? AND next_at > ?
             AND EXISTS (SELECT 1 FROM channel_setting
                         WHERE channel_id = ? AND unreachable_at IS NOT NULL)",
        )
        .bind(now)
        .bind(channel_id as i64)
        .bind(now)
        .bind(channel_id as i64)
        .execute(self.read())
        .await?;
        Ok(r.rows_affected())
    }

    /// Puts a delivery back to be tried again at `next_at` (Unix ms).
    pub async fn retry_delivery(
        &self,
        outbox_id: i64,
        next_at: i64,
        error: &str,
    ) -> Result<(), StoreError> {
        query(
            "UPDATE outbox SET attempts = attempts + 1, next_at = ?, outcome = ?, claimed_until = NULL
             WHERE outbox_id = ?",
        )
        .bind(next_at)
        .bind(error)
        .bind(outbox_id)
        .execute(self.read())
        .await?;
        Ok(())
    }

    /// How a delivery ended (`None` while pending), with the message it created.
    pub async fn delivery_outcome(
        &self,
        outbox_id: i64,
    ) -> Result<Option<(String, Option<u64>)>, StoreError> {
        let row = query(
            "SELECT outcome, message_id FROM outbox WHERE outbox_id = ? AND done_at IS NOT NULL",
        )
        .bind(outbox_id)
        .fetch_optional(self.read())
        .await?;
        row.map(|r| {
            Ok((
                r.try_get::<Option<String>, _>("outcome")?
                    .unwrap_or_default(),
                r.try_get::<Option<i64>, _>("message_id")?.map(|m| m as u64),
            ))
        })
        .transpose()
    }

    /// Forgets deliveries done before `before_ms` (Unix ms); returns how many. Their pictures
    /// went when they were done; this keeps the table from growing for ever.
    pub async fn prune_deliveries(&self, before_ms: i64) -> Result<u64, StoreError> {
        let r = query("DELETE FROM outbox WHERE done_at IS NOT NULL AND done_at < ?")
            .bind(before_ms)
            .execute(self.read())
            .await?;
        Ok(r.rows_affected())
    }

    /// When the oldest delivery still pending was queued (Unix ms), `None` when none is.
    pub async fn oldest_pending_delivery(&self) -> Result<Option<i64>, StoreError> {
        Ok(
            query_scalar("SELECT MIN(created_at) FROM outbox WHERE done_at IS NULL")
                .fetch_one(self.read())
                .await?,
        )
    }

    /// Pending deliveries in all.
    pub async fn pending_delivery_count(&self) -> Result<i64, StoreError> {
        Ok(
            query_scalar("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
                .fetch_one(self.read())
                .await?,
        )
    }

    /// A DM failed because the user takes none (Discord 50007): in one transaction, remember
    /// that their DMs are closed, queue `note` (a word in the channel, without the secret) and
    /// mark the DM done, so a crash can neither lose the note nor send it twice.
    pub async fn dms_closed(
        &self,
        outbox_id: i64,
        user_id: u64,
        game_id: Option<GameId>,
        note: &NewDelivery,
    ) -> Result<(), StoreError> {
        let mut tx = self.db.begin().await?;
        let now = now_ms();
        query(
            "INSERT INTO user_setting (user_id, dm_closed) VALUES (?, 1)
             ON CONFLICT (user_id) DO UPDATE SET dm_closed = 1",
        )
        .bind(user_id as i64)
        .execute(&mut *tx)
        .await?;
        insert(&mut tx, game_id, std::slice::from_ref(note)).await?;
        query(
            "UPDATE outbox SET done_at = ?, outcome = 'skipped: DMs closed', claimed_until = NULL
             WHERE outbox_id = ?",
        )
        .bind(now)
        .bind(outbox_id)
        .execute(&mut *tx)
        .await?;
        query("DELETE FROM outbox_image WHERE outbox_id = ?")
            .bind(outbox_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records that posting in a channel failed for good (deleted, or no permission) at `at`
    /// (Unix ms), unless it is already marked; returns since when it is unreachable.
    /// Reminders skip it, and the outbox holds its posts and tries it now and then, until a
    /// post there succeeds again.
    pub async fn set_channel_unreachable(
        &self,
        channel_id: u64,
        at: i64,
    ) -> Result<i64, StoreError> {
        let since: i64 = query_scalar(
            "INSERT INTO channel_setting (channel_id, unreachable_at) VALUES (?, ?)
             ON CONFLICT (channel_id) DO UPDATE
                 SET unreachable_at = COALESCE(channel_setting.unreachable_at, excluded.unreachable_at)
             RETURNING unreachable_at",
        )
        .bind(channel_id as i64)
        .bind(at)
        .fetch_one(self.read())
        .await?;
        Ok(since)
    }
}
