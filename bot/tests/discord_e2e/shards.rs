//! Several bots on one database, each running its own range of gateway shards (issue 31):
//! the fake Discord sends each server's interactions on the shard Discord would
//! (`(server_id >> 22) % shards`), each bot has its own table and caches, as separate
//! processes would, and games of every server play to the end by clicks while one bot is
//! stopped and started again in the middle.

use turnpost_bot::discord::Shards;

use super::support::clicks::{At, open, play_turn};
use super::*;

/// A server whose events Discord sends on shard `shard` of `total`.
fn server_on(shard: u64, total: u64, n: u64) -> u64 {
    ((n * total + shard) << 22) | 0x1234
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_with_their_own_shards_play_every_servers_games_on_one_database() {
    let fake = FakeDiscord::start().await;
    name_users(&fake);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let shard = |id: u32| {
        Some(Shards {
            first: id,
            last: id,
            total: 2,
        })
    };
    let start = |id: u32, seed: u64| {
        support::bot::start_sharded(&fake, &db, seeded(seed), Arc::new(PngPainter), shard(id))
    };
    let (first, _) = start(0, 500).await;
    let (mut second, _) = start(1, 600).await;
    assert_eq!(fake.shards_ready(), vec![(0, 2), (1, 2)]);

    // Four servers, two on each shard, one game in each.
    let tables: Vec<At> = (0..4)
        .map(|i| (server_on(i % 2, 2, 1 + i / 2), 8100 + i))
        .collect();
    for &at in &tables {
        open(&fake, at, "rtta", json!([]), &[ANNA, BERT]).await;
    }
    // Turns in turn, across the servers; the second bot stops and starts again after a while.
    let mut rngs: Vec<u64> = (0..tables.len() as u64).map(|i| 31 + 2 * i).collect();
    let mut over = vec![false; tables.len()];
    let mut actions = 0;
    let mut rounds = 0;
    while over.iter().any(|o| !o) {
        for (i, &at) in tables.iter().enumerate() {
            if over[i] {
                continue;
            }
            match play_turn(&fake, at, &mut rngs[i]).await {
                Some(n) => actions += n,
                None => over[i] = true,
            }
        }
        rounds += 1;
        assert!(rounds < 400, "the games did not end");
        if rounds == 3 {
            second.stop().await;
            let restarted = start(1, 700).await;
            second = restarted.0;
            assert_eq!(fake.shards_ready(), vec![(0, 2), (1, 2)]);
        }
    }
    assert!(actions > 40, "{actions} actions");

    // Every interaction went on its server's shard.
    let routed = fake.dispatched_shards();
    assert!(routed.len() > actions, "{} interactions", routed.len());
    for (guild, shard) in &routed {
        let expected = guild.map_or(0, |g| (g >> 22) % 2);
        assert_eq!(*shard, (expected, 2), "server {guild:?}");
    }
    for s in [0, 1] {
        assert!(
            routed.iter().any(|(_, (id, _))| *id == s),
            "nothing went on shard {s}"
        );
    }
    eprintln!(
        "two bots, shards 0 and 1 of 2: {} games, {actions} actions, {} interactions routed",
        tables.len(),
        routed.len()
    );
    second.stop().await;
    first.stop().await;
    fake.assert_clean();
}
