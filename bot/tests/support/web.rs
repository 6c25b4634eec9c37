//! What the web tests and the web bench share: a tiny HTTP/1.1 GET over a TCP socket (no
//! client crate), turning a server's pages on, and playing a game at random.

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One answer.
#[derive(Debug)]
pub struct Got {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub bytes: Vec<u8>,
    /// The body as text (lossy), for pages.
    pub body: String,
}

impl Got {
    /// A header's value (names compared without case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// GETs `path` from `site`.
pub async fn get(site: SocketAddr, path: &str) -> Got {
    let mut stream = tokio::net::TcpStream::connect(site).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {site}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an HTTP answer");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut bytes = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"))
    {
        bytes = dechunk(&bytes);
    }
    let body = String::from_utf8_lossy(&bytes).into_owned();
    Got {
        status,
        headers,
        bytes,
        body,
    }
}

fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = raw.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&raw[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[end + 2..end + 2 + size]);
        raw = &raw[end + 2 + size + 2..];
    }
}

/// A caller on `guild` in `channel` (a moderator: the web pages are theirs to switch).
pub fn player(user: u64, name: &str, guild: u64, channel: u64) -> turnpost_bot::table::Caller {
    turnpost_bot::table::Caller {
        user,
        name: name.to_string(),
        guild: Some(guild),
        channel,
        moderator: true,
        interaction: None,
        followup: None,
    }
}

/// `/league web:on` by `moderator`; the pages' root path (`/s/<token>/`).
pub async fn web_on(
    table: &turnpost_bot::table::Table,
    moderator: &turnpost_bot::table::Caller,
) -> String {
    let answer = table
        .handle(
            moderator,
            turnpost_bot::table::Command::Web {
                switch: turnpost_bot::table::WebSwitch::On,
            },
        )
        .await
        .unwrap()
        .ephemeral
        .unwrap()
        .text
        .to_string();
    let start = answer.find("/s/").expect("a path in the answer");
    answer[start..start + 3 + turnpost_bot::table::TOKEN_LENGTH + 1].to_string()
}

/// Opens a rated game of `kind` in `seats[0]`'s channel with these players seated and plays
/// random legal actions from `seed`: `moves` of them (`None`: to the end). Returns the game.
pub async fn play(
    table: &turnpost_bot::table::Table,
    seats: &[turnpost_bot::table::Caller],
    kind: &str,
    seed: u64,
    moves: Option<usize>,
) -> i64 {
    use rand::{Rng, SeedableRng};
    use turnpost_bot::table::Command;
    let first = &seats[0];
    table
        .handle(
            first,
            Command::Create {
                game: kind.into(),
                options: vec![
                    ("rated".into(), "yes".into()),
                    ("deadline".into(), "off".into()),
                ],
                players: None,
                seats: seats.iter().map(|c| (c.user, c.name.clone())).collect(),
                seed: Some(turnpost_core::Seed::from_u64(seed)),
            },
        )
        .await
        .unwrap();
    let game = table.open_game_id(first.channel).await.unwrap().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut done = 0;
    while table.open_game_id(first.channel).await.unwrap().is_some()
        && moves.is_none_or(|m| done < m)
    {
        let (turn, _) = table
            .current_turn(first)
            .await
            .unwrap()
            .expect("somebody acts");
        let who = seats.iter().find(|c| c.user == turn.user).unwrap();
        let legal = table.suggest(who, "", usize::MAX).await.unwrap();
        let notation = legal[rng.random_range(0..legal.len())].clone();
        table
            .handle(
                who,
                Command::Act {
                    notation,
                    version: Some(turn.version),
                },
            )
            .await
            .unwrap();
        done += 1;
        assert!(done < 5_000, "the game does not end");
    }
    game
}
