//! The outbox: what a committed change must send (public posts, DMs, reminders), written in
//! the same transaction as the change and delivered afterwards by [`crate::outbox`]'s worker.
//! A row stays pending until it is delivered, skipped or given up; a crash between the
//! commit and the delivery leaves it pending, and the next start sends it.

use sqlx::Row;
use sqlx::sqlite::SqliteConnection;

use super::{GameId, Store, StoreError, now_ms};

/// The outcome of a delivery that went out.
pub const SENT: &str = "sent";

/// Where a delivery goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeliveryKind {
    /// A message in a channel (the target is the channel id).
    Channel,
    /// A direct message (the target is the user id).
    Dm,
}

impl DeliveryKind {
    fn as_str(self) -> &'static str {
        match self {
            DeliveryKind::Channel => "channel",
            DeliveryKind::Dm => "dm",
        }
    }

    fn parse(s: &str) -> Result<DeliveryKind, StoreError> {
        match s {
            "channel" => Ok(DeliveryKind::Channel),
            "dm" => Ok(DeliveryKind::Dm),
            other => Err(StoreError::Corrupt(format!(
                "unknown delivery kind {other}"
            ))),
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

/// Adds the statements that write deliveries to a caller's batch (see
/// [`Batch`](super::Batch)); each picture row points at the outbox row just written, the
/// newest in the table while the caller's write transaction holds the lock.
pub(super) fn add_to_batch<'q>(
    batch: &mut super::Batch<'q>,
    game_id: Option<GameId>,
    deliveries: &'q [NewDelivery],
) -> Result<(), StoreError> {
    // Delivery times follow the wall clock: they are about Discord's real behaviour, and
    // the worker compares them with it (tests move the table's clock, not Discord's).
    let now = now_ms();
    for d in deliveries {
        batch.sql.push_str(
            "INSERT INTO outbox (game_id, kind, target, channel_id, body, created_at, next_at)
             VALUES (?, ?, ?, ?, ?, ?, ?);",
        );
        batch.add(game_id)?;
        batch.add(d.kind.as_str())?;
        batch.add(d.target as i64)?;
        batch.add(d.channel_id as i64)?;
        batch.add(d.body.as_str())?;
        batch.add(now)?;
        batch.add(now)?;
        for (position, (name, png)) in d.images.iter().enumerate() {
            batch.sql.push_str(
                "INSERT INTO outbox_image (outbox_id, position, name, png)
                 VALUES ((SELECT MAX(outbox_id) FROM outbox), ?, ?, ?);",
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
    tx: &mut SqliteConnection,
    game_id: Option<GameId>,
    deliveries: &[NewDelivery],
) -> Result<(), StoreError> {
    let now = now_ms();
    for d in deliveries {
        let id = sqlx::query(
            "INSERT INTO outbox (game_id, kind, target, channel_id, body, created_at, next_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(game_id)
        .bind(d.kind.as_str())
        .bind(d.target as i64)
        .bind(d.channel_id as i64)
        .bind(&d.body)
        .bind(now)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .last_insert_rowid();
        for (position, (name, png)) in d.images.iter().enumerate() {
            sqlx::query(
                "INSERT INTO outbox_image (outbox_id, position, name, png) VALUES (?, ?, ?, ?)",
            )
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
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        insert(&mut tx, None, deliveries).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Pending deliveries, oldest first, at most `limit` (due or not: the worker keeps their
    /// order per game and sleeps until the earliest is due).
    pub async fn pending_deliveries(&self, limit: usize) -> Result<Vec<DeliveryRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT outbox_id, game_id, kind, target, channel_id, body, created_at, attempts,
                    MAX(next_at, COALESCE(claimed_until, 0)) AS next_at
             FROM outbox WHERE done_at IS NULL ORDER BY outbox_id LIMIT ?",
        )
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let kind: String = r.try_get("kind")?;
                Ok(DeliveryRow {
                    outbox_id: r.try_get("outbox_id")?,
                    game_id: r.try_get("game_id")?,
                    kind: DeliveryKind::parse(&kind)?,
                    target: r.try_get::<i64, _>("target")? as u64,
                    channel_id: r.try_get::<i64, _>("channel_id")? as u64,
                    body: r.try_get("body")?,
                    created_at: r.try_get("created_at")?,
                    attempts: r.try_get::<i64, _>("attempts")? as u32,
                    next_at: r.try_get("next_at")?,
                })
            })
            .collect()
    }

    /// Claims a pending delivery for `lease_ms` (so two bot processes on one database do not
    /// both send it); false if it is done or another worker holds it.
    pub async fn claim_delivery(&self, outbox_id: i64, lease_ms: i64) -> Result<bool, StoreError> {
        let now = now_ms();
        let r = sqlx::query(
            "UPDATE outbox SET claimed_until = ?
             WHERE outbox_id = ? AND done_at IS NULL AND (claimed_until IS NULL OR claimed_until < ?)",
        )
        .bind(now + lease_ms)
        .bind(outbox_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// The pictures of a delivery, in order.
    pub async fn delivery_images(
        &self,
        outbox_id: i64,
    ) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let rows =
            sqlx::query("SELECT name, png FROM outbox_image WHERE outbox_id = ? ORDER BY position")
                .bind(outbox_id)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("name")?, r.try_get("png")?)))
            .collect()
    }

    /// Marks a delivery done (`outcome` says how) and drops its pictures.
    pub async fn finish_delivery(
        &self,
        outbox_id: i64,
        outcome: &str,
        message_id: Option<u64>,
    ) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        sqlx::query(
            "UPDATE outbox SET done_at = ?, outcome = ?, message_id = ?, claimed_until = NULL
             WHERE outbox_id = ?",
        )
        .bind(now_ms())
        .bind(outcome)
        .bind(message_id.map(|m| m as i64))
        .bind(outbox_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM outbox_image WHERE outbox_id = ?")
            .bind(outbox_id)
            .execute(&mut *tx)
            .await?;
        if outcome == SENT {
            // A channel that takes posts again is reachable again.
            sqlx::query(
                "UPDATE channel_setting SET unreachable_at = NULL WHERE unreachable_at IS NOT NULL
                 AND channel_id = (SELECT target FROM outbox WHERE outbox_id = ? AND kind = 'channel')",
            )
            .bind(outbox_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Puts a delivery back to be tried again at `next_at` (Unix ms).
    pub async fn retry_delivery(
        &self,
        outbox_id: i64,
        next_at: i64,
        error: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, next_at = ?, outcome = ?, claimed_until = NULL
             WHERE outbox_id = ?",
        )
        .bind(next_at)
        .bind(error)
        .bind(outbox_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// How a delivery ended (`None` while pending), with the message it created.
    pub async fn delivery_outcome(
        &self,
        outbox_id: i64,
    ) -> Result<Option<(String, Option<u64>)>, StoreError> {
        let row = sqlx::query(
            "SELECT outcome, message_id FROM outbox WHERE outbox_id = ? AND done_at IS NOT NULL",
        )
        .bind(outbox_id)
        .fetch_optional(&self.pool)
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
        let r = sqlx::query("DELETE FROM outbox WHERE done_at IS NOT NULL AND done_at < ?")
            .bind(before_ms)
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected())
    }

    /// Pending deliveries in all.
    pub async fn pending_delivery_count(&self) -> Result<i64, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
                .fetch_one(&self.pool)
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
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let now = now_ms();
        sqlx::query(
            "INSERT INTO user_setting (user_id, dm_closed) VALUES (?, 1)
             ON CONFLICT (user_id) DO UPDATE SET dm_closed = 1",
        )
        .bind(user_id as i64)
        .execute(&mut *tx)
        .await?;
        insert(&mut tx, game_id, std::slice::from_ref(note)).await?;
        sqlx::query(
            "UPDATE outbox SET done_at = ?, outcome = 'skipped: DMs closed', claimed_until = NULL
             WHERE outbox_id = ?",
        )
        .bind(now)
        .bind(outbox_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM outbox_image WHERE outbox_id = ?")
            .bind(outbox_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records that posting in a channel failed for good (deleted, or no permission) at `at`
    /// (Unix ms). Reminders skip it until a post there succeeds again.
    pub async fn set_channel_unreachable(
        &self,
        channel_id: u64,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO channel_setting (channel_id, unreachable_at) VALUES (?, ?)
             ON CONFLICT (channel_id) DO UPDATE SET unreachable_at = excluded.unreachable_at",
        )
        .bind(channel_id as i64)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
