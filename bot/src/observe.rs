//! `/metrics` and `/healthz` over HTTP (issue 31): the recorder's Prometheus text, with the
//! gauges that are questions to the store and the cache read at each scrape, and whether the
//! store answers and the shards are connected. Served on `TURNPOST_METRICS_ADDR` (off by
//! default) by `turnpost serve`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;

use crate::clock::now_ms;
use crate::metrics::{self, Health};
use crate::table::Table;

#[derive(Clone)]
struct Site {
    table: Arc<Table>,
    health: Arc<Health>,
}

/// The routes `/metrics` and `/healthz` over `table` and `health`.
pub fn router(table: Arc<Table>, health: Arc<Health>) -> Router {
    Router::new()
        .route("/metrics", get(scrape))
        .route("/healthz", get(healthz))
        .with_state(Site { table, health })
}

/// Serves `/metrics` and `/healthz` on `addr` until the task is dropped; returns the address
/// bound (port 0 picks a free one).
pub async fn serve(
    addr: SocketAddr,
    table: Arc<Table>,
    health: Arc<Health>,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), String> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot serve metrics on {addr}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot serve metrics on {addr}: {e}"))?;
    let app = router(table, health);
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the metrics server stopped");
        }
    });
    Ok((bound, task))
}

/// The outbox rows not delivered yet and when the oldest was queued (Unix ms).
async fn backlog(table: &Table) -> Result<(i64, Option<i64>), crate::store::StoreError> {
    let store = table.store();
    Ok((
        store.pending_delivery_count().await?,
        store.oldest_pending_delivery().await?,
    ))
}

async fn scrape(State(site): State<Site>) -> impl IntoResponse {
    let handle = metrics::handle();
    match backlog(&site.table).await {
        Ok((count, oldest)) => {
            ::metrics::gauge!(metrics::OUTBOX_BACKLOG).set(count as f64);
            let age = oldest.map_or(0, |at| (now_ms() - at).max(0));
            ::metrics::gauge!(metrics::OUTBOX_OLDEST_SECONDS).set(age as f64 / 1000.0);
        }
        Err(e) => tracing::warn!(error = %e, "metrics: the outbox backlog cannot be read"),
    }
    ::metrics::gauge!(metrics::GAMES_CACHED).set(site.table.cached_games() as f64);
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        handle.render(),
    )
}

/// 200 when the store answers and every shard this process runs is connected, 503
/// otherwise; the body says which.
async fn healthz(State(site): State<Site>) -> impl IntoResponse {
    let store = backlog(&site.table).await;
    let expected = site.health.expected();
    let connected = site.health.connected();
    let shards_ok = connected >= expected;
    let body = serde_json::json!({
        "status": if store.is_ok() && shards_ok { "ok" } else { "unhealthy" },
        "store": match &store { Ok(_) => "ok".to_string(), Err(e) => e.to_string() },
        "shards_connected": connected,
        "shards_expected": expected,
    });
    let status = if store.is_ok() && shards_ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, axum::Json(body))
}
