//! Leagues on the web (issue 32): a read-only site over the table, served by `turnpost serve`
//! on `TURNPOST_WEB_ADDR` (off by default). A server's pages exist only after a moderator
//! turns them on (`/league web:on`) and live under its unguessable path `/s/<token>/`:
//! the leaderboard per game and season, a player's profile with a rating chart, the
//! finished games, a finished game's replay step by step and a running game's board.
//!
//! The site is a front end like Discord and the terminal: it asks the table (never the
//! store), and everything it shows comes from public views and public log lines. Pages are
//! HTML written on the server (the `pages` module); a little plain JavaScript steps a replay without
//! reloading (buttons, ←/→, a slider) and refreshes a running board when its version
//! changes. Every input (the path token, game and player ids, step and page numbers, the
//! query) is bounded and refused in words on a page with the right status; each client
//! address has a small token bucket.

mod pages;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, RawQuery, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use turnpost_core::t;
use turnpost_core::words::{Arg, Lang, Text};

use crate::store::GameId;
use crate::table::{Moment, Table, TableError};

pub use pages::{COLOURS, contrast};

/// The longest request path and query the site reads (longer: refused).
pub const MAX_URI: usize = 300;
/// The most a query string may have: `game`, `season`, `page`, `step`.
const MAX_QUERY_PAIRS: usize = 4;

/// How the site limits each client address: a bucket of `burst` requests, refilled at
/// `per_second`.
#[derive(Clone, Copy, Debug)]
pub struct WebSettings {
    /// Requests a client may make at once.
    pub burst: f64,
    /// Requests a client may make per second, sustained.
    pub per_second: f64,
}

impl Default for WebSettings {
    fn default() -> Self {
        WebSettings {
            burst: 40.0,
            per_second: 10.0,
        }
    }
}

/// Client addresses remembered at most by the rate limit (full buckets are forgotten
/// first: they hold nothing).
const CLIENTS_REMEMBERED: usize = 10_000;

/// The token buckets, one per client address.
#[derive(Debug)]
struct Buckets {
    settings: WebSettings,
    clients: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Buckets {
    /// Whether `client` may make a request now (and takes a token if so).
    fn take(&self, client: IpAddr) -> bool {
        let now = Instant::now();
        let mut clients = self.clients.lock().unwrap_or_else(|p| p.into_inner());
        if clients.len() >= CLIENTS_REMEMBERED && !clients.contains_key(&client) {
            let (burst, rate) = (self.settings.burst, self.settings.per_second);
            clients.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
            if clients.len() >= CLIENTS_REMEMBERED {
                return false;
            }
        }
        let (tokens, at) = clients.entry(client).or_insert((self.settings.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.settings.per_second)
            .min(self.settings.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// How long a leaderboard or a list of games is served from memory before it is asked
/// again (ratings and lists change only when a game ends).
pub const PAGE_SECONDS: u64 = 10;
/// Pages kept in memory at most (all are dropped when full: they are cheap to make again).
const PAGES_CACHED: usize = 512;

/// Leaderboards and lists of games as recently made: (server, path and query, language) →
/// (when, page). The token is checked before this is read, so a rotated one finds nothing.
type Pages = Mutex<HashMap<(u64, String, Lang), (Instant, String)>>;

#[derive(Clone)]
struct Site {
    table: Arc<Table>,
    buckets: Arc<Buckets>,
    pages: Arc<Pages>,
}

impl Site {
    /// A page from memory, if it was made less than [`PAGE_SECONDS`] ago.
    fn cached(&self, key: &(u64, String, Lang)) -> Option<Response> {
        let pages = self.pages.lock().unwrap_or_else(|p| p.into_inner());
        let (at, page) = pages.get(key)?;
        (at.elapsed().as_secs() < PAGE_SECONDS).then(|| html(StatusCode::OK, page.clone()))
    }

    /// Keeps a page for [`PAGE_SECONDS`]; answers it.
    fn keep(&self, key: (u64, String, Lang), page: String) -> Response {
        let mut pages = self.pages.lock().unwrap_or_else(|p| p.into_inner());
        if pages.len() >= PAGES_CACHED {
            pages.clear();
        }
        pages.insert(key, (Instant::now(), page.clone()));
        html(StatusCode::OK, page)
    }
}

/// A request the site refuses: the status and why, in words.
#[derive(Debug)]
struct Refused {
    status: StatusCode,
    why: Text,
    lang: Lang,
}

impl Refused {
    fn new(status: StatusCode, why: Text) -> Refused {
        Refused {
            status,
            why,
            lang: Lang::En,
        }
    }

    fn not_found() -> Refused {
        Refused::new(StatusCode::NOT_FOUND, t!("bot-web-not-found"))
    }

    fn bad(why: Text) -> Refused {
        Refused::new(StatusCode::BAD_REQUEST, why)
    }

    fn with(self, lang: Lang) -> Refused {
        Refused { lang, ..self }
    }
}

impl From<TableError> for Refused {
    fn from(e: TableError) -> Refused {
        match e {
            TableError::Refused(why) => Refused::bad(why),
            TableError::Internal(e) => {
                tracing::error!(error = %e, "a web page failed");
                Refused::new(StatusCode::INTERNAL_SERVER_ERROR, t!("bot-web-failed"))
            }
        }
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        html(self.status, pages::refused(self.lang, &self.why))
    }
}

type Answer = Result<Response, Refused>;

/// An HTML page with the site's headers.
fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

/// The routes of the site over `table`.
pub fn router(table: Arc<Table>, settings: WebSettings) -> Router {
    let site = Site {
        table,
        buckets: Arc::new(Buckets {
            settings,
            clients: Mutex::new(HashMap::new()),
        }),
        pages: Arc::new(Mutex::new(HashMap::new())),
    };
    Router::new()
        .route("/web.css", get(css))
        .route("/web.js", get(script))
        .route("/s/{token}/", get(leaderboard))
        .route("/s/{token}/games", get(games))
        .route("/s/{token}/player/{user}", get(profile))
        .route("/s/{token}/game/{game}", get(game))
        .route("/s/{token}/game/{game}/version", get(version))
        .route(
            "/s/{token}/game/{game}/step/{step}/{picture}",
            get(step_picture),
        )
        .route(
            "/s/{token}/game/{game}/now/{version}/{picture}",
            get(board_picture),
        )
        .fallback(|| async { Refused::not_found() })
        .layer(middleware::from_fn_with_state(site.clone(), guard))
        .with_state(site)
}

/// The site's address from `TURNPOST_WEB_ADDR` (off when unset) and its public address from
/// `TURNPOST_WEB_URL` (the links the bot prints; without it, only the path is printed).
pub fn from_env() -> Result<Option<(SocketAddr, Option<String>)>, String> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let Some(addr) = var("TURNPOST_WEB_ADDR") else {
        return Ok(None);
    };
    let addr = addr.trim().parse().map_err(|_| {
        format!("TURNPOST_WEB_ADDR is not an address with a port (like 0.0.0.0:8080): {addr}")
    })?;
    let base = var("TURNPOST_WEB_URL");
    if let Some(b) = &base
        && !(b.starts_with("http://") || b.starts_with("https://"))
    {
        return Err(format!(
            "TURNPOST_WEB_URL is not an http:// or https:// address: {b}"
        ));
    }
    Ok(Some((addr, base)))
}

/// Serves the site on `addr` until the task is dropped; returns the address bound (port 0
/// picks a free one).
pub async fn serve(
    addr: SocketAddr,
    table: Arc<Table>,
    settings: WebSettings,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), String> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot serve the web pages on {addr}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot serve the web pages on {addr}: {e}"))?;
    let app = router(table, settings).into_make_service_with_connect_info::<SocketAddr>();
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the web server stopped");
        }
    });
    Ok((bound, task))
}

/// Before every request: the rate limit and the length of the address; after: headers
/// that keep the path token out of other sites' logs and search engines.
async fn guard(State(site): State<Site>, request: Request, next: Next) -> Response {
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let mut response = if client.is_some_and(|ip| !site.buckets.take(ip)) {
        let mut r =
            Refused::new(StatusCode::TOO_MANY_REQUESTS, t!("bot-web-too-many")).into_response();
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
        r
    } else if request.uri().to_string().len() > MAX_URI {
        Refused::new(
            StatusCode::URI_TOO_LONG,
            t!("bot-web-too-long", most = MAX_URI),
        )
        .into_response()
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        "x-robots-tag",
        HeaderValue::from_static("noindex, nofollow"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    response
}

async fn css() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        pages::css(),
    )
        .into_response()
}

async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        pages::SCRIPT,
    )
        .into_response()
}

/// The server under `token` and its language; a wrong, rotated or switched-off token is
/// "not found" (the same answer, so a guess learns nothing).
async fn server(site: &Site, token: &str) -> Result<(u64, Lang), Refused> {
    site.table
        .web_server(token)
        .await?
        .ok_or_else(Refused::not_found)
}

/// The query string as pairs, each key one of `allowed` at most once; refused in words
/// otherwise.
fn query(raw: Option<&str>, allowed: &[&str]) -> Result<HashMap<String, String>, Refused> {
    let mut pairs = HashMap::new();
    for pair in raw.unwrap_or_default().split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        if !allowed.contains(&key) || pairs.len() >= MAX_QUERY_PAIRS {
            return Err(Refused::bad(t!(
                "bot-web-unknown-query",
                key = Arg::raw(crate::table::echo(key)),
                allowed = Arg::raw(allowed.join(", "))
            )));
        }
        if pairs.insert(key.to_string(), value.to_string()).is_some() {
            return Err(Refused::bad(t!(
                "bot-web-query-twice",
                key = Arg::raw(crate::table::echo(key))
            )));
        }
    }
    Ok(pairs)
}

/// A whole number `what` (a key of `bot-web-number`) within `low..=high`, refused in words
/// otherwise.
fn number(text: &str, what: &'static str, low: u64, high: u64) -> Result<u64, Refused> {
    let n = (text.len() <= 20 && !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse::<u64>().ok())
        .flatten();
    match n {
        Some(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(Refused::bad(t!(
            "bot-web-number",
            what = Arg::raw(what),
            given = Arg::raw(crate::table::echo(text)),
            low = low,
            high = high
        ))),
    }
}

/// The server's pages' root path.
fn root(token: &str) -> String {
    format!("/s/{token}")
}

/// A game id from the path.
fn game_id(text: &str) -> Result<GameId, Refused> {
    Ok(number(text, "game", 1, i64::MAX as u64)? as GameId)
}

async fn leaderboard(
    State(site): State<Site>,
    Path(token): Path<String>,
    RawQuery(raw): RawQuery,
) -> Answer {
    let (guild, lang) = server(&site, &token).await?;
    let key = (
        guild,
        format!("?{}", raw.as_deref().unwrap_or_default()),
        lang,
    );
    if let Some(page) = site.cached(&key) {
        return Ok(page);
    }
    let q = query(raw.as_deref(), &["game", "season"]).map_err(|r| r.with(lang))?;
    let kind = match q.get("game") {
        Some(k) if k.len() <= 20 && k.bytes().all(|b| b.is_ascii_lowercase()) => Some(k.as_str()),
        Some(k) => {
            return Err(Refused::bad(t!(
                "bot-web-no-such-game",
                game = Arg::raw(crate::table::echo(k))
            ))
            .with(lang));
        }
        None => None,
    };
    let season = match q.get("season") {
        Some(s) => Some(number(s, "season", 0, i64::MAX as u64).map_err(|r| r.with(lang))? as i64),
        None => None,
    };
    let board = site
        .table
        .web_leaderboard(guild, kind, season)
        .await
        .map_err(|e| Refused::from(e).with(lang))?
        .ok_or_else(|| Refused::not_found().with(lang))?;
    Ok(site.keep(key, pages::leaderboard(lang, &root(&token), &board)))
}

async fn profile(State(site): State<Site>, Path((token, user)): Path<(String, String)>) -> Answer {
    let (guild, lang) = server(&site, &token).await?;
    let user = number(&user, "player", 1, u64::MAX).map_err(|r| r.with(lang))?;
    let profile = site
        .table
        .web_profile(guild, user)
        .await
        .map_err(|e| Refused::from(e).with(lang))?
        .ok_or_else(|| Refused::not_found().with(lang))?;
    Ok(html(
        StatusCode::OK,
        pages::profile(lang, &root(&token), &profile),
    ))
}

async fn games(
    State(site): State<Site>,
    Path(token): Path<String>,
    RawQuery(raw): RawQuery,
) -> Answer {
    let (guild, lang) = server(&site, &token).await?;
    let key = (
        guild,
        format!("games?{}", raw.as_deref().unwrap_or_default()),
        lang,
    );
    if let Some(page) = site.cached(&key) {
        return Ok(page);
    }
    let q = query(raw.as_deref(), &["page"]).map_err(|r| r.with(lang))?;
    let total = site
        .table
        .web_games(guild, 1)
        .await
        .map_err(|e| Refused::from(e).with(lang))?;
    let pages = pages::page_count(total.total);
    let page = match q.get("page") {
        Some(p) => number(p, "page", 1, pages).map_err(|r| r.with(lang))? as usize,
        None => 1,
    };
    let list = if page == 1 {
        total
    } else {
        site.table
            .web_games(guild, page)
            .await
            .map_err(|e| Refused::from(e).with(lang))?
    };
    Ok(site.keep(key, pages::games(lang, &root(&token), &list, page)))
}

/// A game: a finished one's replay at `?step=`, a running one's board.
async fn game(
    State(site): State<Site>,
    Path((token, game)): Path<(String, String)>,
    RawQuery(raw): RawQuery,
) -> Answer {
    let (guild, lang) = server(&site, &token).await?;
    let fail = |e: TableError| Refused::from(e).with(lang);
    let game = game_id(&game).map_err(|r| r.with(lang))?;
    let q = query(raw.as_deref(), &["step"]).map_err(|r| r.with(lang))?;
    if let Some(replay) = site.table.web_replay(guild, game).await.map_err(fail)? {
        let last = replay.steps.len().saturating_sub(1);
        let step = match q.get("step") {
            Some(s) => number(s, "step", 0, last as u64).map_err(|r| r.with(lang))? as usize,
            None => last,
        };
        let images = site
            .table
            .web_pictures(
                game,
                Moment::Step(step),
                &replay.kind,
                replay.steps[step].view.clone(),
                lang,
            )
            .await
            .map_err(fail)?;
        return Ok(html(
            StatusCode::OK,
            pages::replay(lang, &root(&token), &replay, step, &images),
        ));
    }
    if q.contains_key("step") {
        return Err(Refused::not_found().with(lang));
    }
    let running = site
        .table
        .web_running(guild, game)
        .await
        .map_err(fail)?
        .ok_or_else(|| Refused::not_found().with(lang))?;
    let images = site
        .table
        .web_pictures(
            game,
            Moment::Now(running.version),
            &running.kind,
            running.view.clone(),
            lang,
        )
        .await
        .map_err(fail)?;
    Ok(html(
        StatusCode::OK,
        pages::running(lang, &root(&token), game, &running, &images),
    ))
}

/// A running game's version, for the board page's refresh.
async fn version(State(site): State<Site>, Path((token, game)): Path<(String, String)>) -> Answer {
    let (guild, lang) = server(&site, &token).await?;
    let game = game_id(&game).map_err(|r| r.with(lang))?;
    let version = site
        .table
        .web_version(guild, game)
        .await
        .map_err(|e| Refused::from(e).with(lang))?
        .ok_or_else(|| Refused::not_found().with(lang))?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        version.to_string(),
    )
        .into_response())
}

/// The index of a picture in a set (`0.png`, `1.png`).
fn picture_index(text: &str) -> Result<usize, Refused> {
    let n = text.strip_suffix(".png").unwrap_or("");
    Ok(number(n, "picture", 0, 9)? as usize)
}

/// One PNG of a set, or "not found".
fn png(images: &[crate::table::Image], index: usize, lang: Lang) -> Answer {
    let image = images
        .get(index)
        .ok_or_else(|| Refused::not_found().with(lang))?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "private, max-age=86400, immutable"),
        ],
        Body::from(image.png.clone()),
    )
        .into_response())
}

async fn step_picture(
    State(site): State<Site>,
    Path((token, game, step, picture)): Path<(String, String, String, String)>,
) -> Answer {
    let (guild, lang) = server(&site, &token).await?;
    let fail = |e: TableError| Refused::from(e).with(lang);
    let game = game_id(&game).map_err(|r| r.with(lang))?;
    let index = picture_index(&picture).map_err(|r| r.with(lang))?;
    let replay = site
        .table
        .web_replay(guild, game)
        .await
        .map_err(fail)?
        .ok_or_else(|| Refused::not_found().with(lang))?;
    let last = replay.steps.len().saturating_sub(1);
    let step = number(&step, "step", 0, last as u64).map_err(|r| r.with(lang))? as usize;
    let images = site
        .table
        .web_pictures(
            game,
            Moment::Step(step),
            &replay.kind,
            replay.steps[step].view.clone(),
            lang,
        )
        .await
        .map_err(fail)?;
    png(&images, index, lang)
}

async fn board_picture(
    State(site): State<Site>,
    Path((token, game, version, picture)): Path<(String, String, String, String)>,
) -> Answer {
    let (guild, lang) = server(&site, &token).await?;
    let fail = |e: TableError| Refused::from(e).with(lang);
    let game = game_id(&game).map_err(|r| r.with(lang))?;
    let index = picture_index(&picture).map_err(|r| r.with(lang))?;
    let asked = number(&version, "version", 0, i64::MAX as u64).map_err(|r| r.with(lang))? as i64;
    let running = site
        .table
        .web_running(guild, game)
        .await
        .map_err(fail)?
        .ok_or_else(|| Refused::not_found().with(lang))?;
    // Only the board as it is now is drawn: an old version's picture is gone.
    if running.version != asked {
        return Err(Refused::not_found().with(lang));
    }
    let images = site
        .table
        .web_pictures(
            game,
            Moment::Now(running.version),
            &running.kind,
            running.view.clone(),
            lang,
        )
        .await
        .map_err(fail)?;
    png(&images, index, lang)
}
