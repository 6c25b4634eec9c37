//! Leases on thinking for AI seats (issue 31): several processes on one database each look
//! at every running game with an AI seat; the one holding a game's lease thinks for it, the
//! others leave it. A lease runs out on the wall clock (a search's time is real time), so a
//! process that dies holding one delays the seat by at most the lease's length.

use super::{GameId, Store, StoreError, now_ms, query};

impl Store {
    /// Takes the lease on deciding for `game_id`'s AI seat for `for_ms`: true when this
    /// store holds it now (it was free, had run out, or was already this store's).
    pub async fn claim_ai(&self, game_id: GameId, for_ms: i64) -> Result<bool, StoreError> {
        let now = now_ms();
        let taken = query(
            "INSERT INTO ai_lease (game_id, holder, until_at) VALUES (?, ?, ?)
             ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder,
                 until_at = excluded.until_at
             WHERE ai_lease.until_at <= ? OR ai_lease.holder = excluded.holder",
        )
        .bind(game_id)
        .bind(self.holder)
        .bind(now + for_ms)
        .bind(now)
        .execute(self.write())
        .await?;
        Ok(taken.rows_affected() == 1)
    }

    /// Gives back this store's lease on `game_id`'s AI seat (nothing if it holds none).
    pub async fn release_ai(&self, game_id: GameId) -> Result<(), StoreError> {
        query("DELETE FROM ai_lease WHERE game_id = ? AND holder = ?")
            .bind(game_id)
            .bind(self.holder)
            .execute(self.write())
            .await?;
        Ok(())
    }
}
