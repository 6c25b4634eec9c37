//! Rematch lobbies (issue 28): a lobby seated like the game before it, each seat held for
//! its player (`seat.invited`, migration 0007) until they press Join.

use super::{
    GameId, NewDelivery, NewGame, Store, StoreError, UserId, insert_game, outbox, query,
    query_scalar,
};

impl Store {
    /// Opens a rematch's lobby in one transaction: the game, its seats in the given order
    /// (those in `invited` held until their player confirms) and its deliveries. A channel
    /// with an open game refuses it ([`StoreError::ChannelBusy`]).
    pub async fn create_rematch(
        &self,
        new: &NewGame<'_>,
        seats: &[(UserId, String)],
        invited: &[UserId],
        deliveries: &[NewDelivery],
    ) -> Result<GameId, StoreError> {
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let game_id = insert_game(&mut tx, new, seats, false, now).await?;
        for user in invited {
            query("UPDATE seat SET invited = 1 WHERE game_id = ? AND user_id = ?")
                .bind(game_id)
                .bind(*user as i64)
                .execute(&mut *tx)
                .await?;
        }
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(game_id)
    }

    /// The players whose seats in a lobby are held for them but not yet confirmed, in seat
    /// order.
    pub async fn invited_seats(&self, game_id: GameId) -> Result<Vec<UserId>, StoreError> {
        let users: Vec<i64> = query_scalar(
            "SELECT user_id FROM seat WHERE game_id = ? AND invited = 1 ORDER BY seat",
        )
        .bind(game_id)
        .fetch_all(self.read())
        .await?;
        Ok(users.into_iter().map(|u| u as u64).collect())
    }

    /// A player confirms the seat held for them (and the deliveries that say so are
    /// queued), only while the game is a lobby; false if there was no such seat.
    pub async fn confirm_seat(
        &self,
        game_id: GameId,
        user_id: UserId,
        deliveries: &[NewDelivery],
    ) -> Result<bool, StoreError> {
        let mut tx = self.db.begin().await?;
        let done = query(
            "UPDATE seat SET invited = 0 WHERE game_id = ? AND user_id = ? AND invited = 1
             AND EXISTS (SELECT 1 FROM game WHERE game_id = ? AND status = 'lobby')",
        )
        .bind(game_id)
        .bind(user_id as i64)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        outbox::insert(&mut tx, Some(game_id), deliveries).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Gives up the seats still held for players who did not confirm (the lobby starts with
    /// those present), closing the gaps in the seat order; returns how many went. Only
    /// while the game is a lobby.
    pub async fn drop_invited(&self, game_id: GameId) -> Result<u64, StoreError> {
        let mut tx = self.db.begin().await?;
        let gone = query(
            "DELETE FROM seat WHERE game_id = ? AND invited = 1
             AND EXISTS (SELECT 1 FROM game WHERE game_id = ? AND status = 'lobby')",
        )
        .bind(game_id)
        .bind(game_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        // Renumber the seats left 0, 1, 2… in order, one at a time so (game, seat) stays
        // unique.
        let left: Vec<i64> = query_scalar("SELECT seat FROM seat WHERE game_id = ? ORDER BY seat")
            .bind(game_id)
            .fetch_all(&mut *tx)
            .await?;
        for (to, from) in left.into_iter().enumerate() {
            if to as i64 != from {
                query("UPDATE seat SET seat = ? WHERE game_id = ? AND seat = ?")
                    .bind(to as i64)
                    .bind(game_id)
                    .bind(from)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(gone)
    }
}
