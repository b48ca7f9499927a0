//! `felt serve`: the JSON API over HTTP. The work is [`feltkit::api::handle`]'s; this moves
//! bytes: axum on a small tokio runtime reads each request, the query runs on a rayon pool
//! (never on the async threads) with a stop flag the timeout raises, and its answer goes back
//! as JSON. docs/serve.md describes the endpoints, the limits and the status codes.

use std::net::SocketAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{to_bytes, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use clap::Args;
use feltkit::api::{handle, Limits, Route};
use feltkit::stop::Stop;
use serde_json::{json, Value};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

/// The OpenAPI description served at `/openapi.json`.
pub const OPENAPI: &str = include_str!("../../docs/openapi.json");

/// The web page served at `/` (docs/serve.md): plain HTML, CSS and JavaScript, with no build
/// step and nothing fetched from elsewhere.
const PAGE_HTML: &str = include_str!("page/index.html");
/// The page's script.
const PAGE_JS: &str = include_str!("page/page.js");
/// The page's style sheet.
const PAGE_CSS: &str = include_str!("page/page.css");

/// The page's Content-Security-Policy: its own script, style and requests only, no inline
/// script, no frames, no forms sent anywhere.
pub const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// The GET routes besides the API's POST ones, as `/api` lists them.
const GETS: [&str; 7] =
    ["/", "/api", "/api/health", "/api/version", "/openapi.json", "/page.css", "/page.js"];

/// The largest `--max-body`, in bytes (64 MiB).
pub const MAX_BODY: u64 = 64 << 20;

/// The longest `--timeout`, in seconds (an hour).
pub const MAX_TIMEOUT: u64 = 3600;

/// Cheap queries (ranking, range expansion, one hand converted or checked) waiting or running
/// at once; past it they are refused with 503 like expensive ones.
pub const CHEAP_QUEUE: usize = 512;

/// Arguments of `felt serve`.
#[derive(Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct ServeArgs {
    /// The address and port to listen on (port 0: any free port; the address is printed on
    /// stderr).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// The largest request body, in bytes (1024 to 67108864); a larger one is refused (413).
    #[arg(long, value_name = "BYTES", default_value = "1048576", value_parser = parse_body)]
    max_body: usize,
    /// Seconds a query may run (1 to 3600): past it the query is stopped and answered with an
    /// error (504).
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = parse_timeout)]
    timeout: u64,
    /// Expensive queries (equity, push/fold, luck, deal, replay and convert of long texts) run at
    /// once, 1 to 256 (default: one per core); past it they are refused with 503 and Retry-After.
    #[arg(long, value_name = "N", value_parser = super::parse_threads)]
    max_concurrent: Option<usize>,
    /// Worker threads for the expensive queries, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
}

/// The end of `felt serve --help`.
const AFTER_HELP: &str = "\
Endpoints (JSON in and out, docs/serve.md): POST /api/equity, /api/rank, /api/range,
/api/replay, /api/convert, /api/pushfold, /api/luck, /api/deal; GET /api/health, /api/version, /openapi.json,
/api (this list). GET / is a web page: a range editor, equity and a hand replayer.
Answers have the fields of the same command's --json output; errors are
{\"error\": {\"message\", \"where\"}}. SIGTERM or Ctrl-C stops accepting, finishes the queries
running, and exits 0.";

fn parse_body(text: &str) -> Result<usize, String> {
    super::parse_in_range(text, 1024, MAX_BODY).map(|n| n as usize)
}

fn parse_timeout(text: &str) -> Result<u64, String> {
    super::parse_in_range(text, 1, MAX_TIMEOUT)
}

/// What every request's handler shares.
struct Shared {
    limits: Limits,
    timeout: Duration,
    /// Permits of the expensive queries (`--max-concurrent`).
    expensive: Arc<Semaphore>,
    /// Permits of the cheap queries ([`CHEAP_QUEUE`]).
    cheap: Arc<Semaphore>,
    /// The cheap queries' own small pool, so that they never wait behind expensive ones.
    light: rayon::ThreadPool,
    /// What `/api/version` answers.
    version: Value,
}

/// Runs `felt serve` until SIGTERM or Ctrl-C.
pub fn run(args: ServeArgs, long_version: String) -> anyhow::Result<ExitCode> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args.threads.unwrap_or(cores);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("felt-query-{i}"))
        .build_global()
        .map_err(|e| anyhow::anyhow!("could not start {threads} worker threads: {e}"))?;
    let light = rayon::ThreadPoolBuilder::new()
        .num_threads(cores.clamp(1, 2))
        .thread_name(|i| format!("felt-cheap-{i}"))
        .build()
        .map_err(|e| anyhow::anyhow!("could not start the cheap queries' threads: {e}"))?;
    let limits = Limits {
        max_body: args.max_body,
        max_seconds: args.timeout as f64,
        max_threads: threads,
        seconds_flag: "--timeout",
        ..Limits::default()
    };
    let shared = Arc::new(Shared {
        limits,
        timeout: Duration::from_secs(args.timeout),
        expensive: Arc::new(Semaphore::new(args.max_concurrent.unwrap_or(cores))),
        cheap: Arc::new(Semaphore::new(CHEAP_QUEUE)),
        light,
        version: json!({
            "name": "felt",
            "version": env!("CARGO_PKG_VERSION"),
            "long": long_version,
        }),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(1, 2))
        .thread_name("felt-http")
        .enable_all()
        .build()?;
    runtime.block_on(serve(args.bind, shared))?;
    Ok(ExitCode::SUCCESS)
}

/// The router: every route of [`Route::ALL`] by POST, the GET endpoints, JSON 404 and 405.
fn router(shared: Arc<Shared>) -> Router {
    let mut app = Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", PAGE_HTML) }))
        .route("/page.js", get(|| async { asset("text/javascript; charset=utf-8", PAGE_JS) }))
        .route("/page.css", get(|| async { asset("text/css; charset=utf-8", PAGE_CSS) }))
        .route("/api", get(index))
        .route(
            "/api/health",
            get(|| async { json_response(StatusCode::OK, &json!({"status": "ok"})) }),
        )
        .route("/api/version", get(version))
        .route("/openapi.json", get(openapi));
    for route in Route::ALL {
        app = app.route(
            route.path(),
            post(move |state: State<Arc<Shared>>, req: Request| query(state, route, req)),
        );
    }
    app.fallback(not_found).method_not_allowed_fallback(wrong_method).with_state(shared)
}

async fn serve(bind: SocketAddr, shared: Arc<Shared>) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .map_err(|e| anyhow::anyhow!("--bind {bind}: cannot listen: {e}"))?;
    let addr = listener.local_addr()?;
    super::diagnose(format_args!("listening on http://{addr}"));
    axum::serve(listener, router(shared)).with_graceful_shutdown(shutdown()).await?;
    super::diagnose(format_args!("felt serve: stopped"));
    Ok(())
}

/// Resolves at the first SIGTERM or Ctrl-C.
async fn shutdown() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    super::diagnose(format_args!("felt serve: stopping: finishing the queries running"));
}

fn json_response(status: StatusCode, body: &Value) -> Response {
    let bytes = serde_json::to_vec(body).unwrap_or_else(|_| b"{}".to_vec());
    (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], bytes)
        .into_response()
}

fn error(status: StatusCode, message: &str) -> Response {
    json_response(status, &json!({"error": {"message": message, "where": null}}))
}

/// A 503 that says why and when to come back.
fn busy(what: &str) -> Response {
    let mut r = error(
        StatusCode::SERVICE_UNAVAILABLE,
        &format!("the server is busy: {what}; try again in a second"),
    );
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r
}

async fn index() -> Response {
    let mut posts: Vec<&str> = Route::ALL.iter().map(|r| r.path()).collect();
    posts.sort_unstable();
    json_response(
        StatusCode::OK,
        &json!({
            "name": "felt serve",
            "post": posts,
            "get": GETS,
            "page": "/",
            "games": feltkit::equity::GAME_NAMES
                .iter()
                .map(|(g, _)| json!({"name": g.name(), "grid": *g == feltkit::equity::Game::Holdem}))
                .collect::<Vec<_>>(),
            "docs": "docs/serve.md",
        }),
    )
}

/// One of the page's files, with its content type and the page's security headers.
fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(PAGE_CSP)),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body,
    )
        .into_response()
}

async fn version(State(shared): State<Arc<Shared>>) -> Response {
    json_response(StatusCode::OK, &shared.version)
}

async fn openapi() -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))],
        OPENAPI,
    )
        .into_response()
}

async fn not_found(req: Request) -> Response {
    error(StatusCode::NOT_FOUND, &format!("no endpoint {}: GET /api lists them", req.uri().path()))
}

async fn wrong_method(req: Request) -> Response {
    let path = req.uri().path();
    let allowed = if Route::from_path(path).is_some() { "POST" } else { "GET" };
    let mut r = error(
        StatusCode::METHOD_NOT_ALLOWED,
        &format!("{path} takes {allowed}, not {}", req.method()),
    );
    r.headers_mut().insert(header::ALLOW, HeaderValue::from_static(allowed));
    r
}

/// Reads the body (at most `--max-body` bytes), takes a permit, runs the query on a rayon
/// pool and waits for its answer at most `--timeout`.
async fn query(State(shared): State<Arc<Shared>>, route: Route, req: Request) -> Response {
    let max = shared.limits.max_body;
    let too_large = || {
        error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the body is larger than {max} bytes, the server's limit (--max-body)"),
        )
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return too_large();
    }
    let body: Bytes = match to_bytes(req.into_body(), max).await {
        Ok(b) => b,
        Err(_) => return too_large(),
    };
    let expensive = route.is_expensive(body.len());
    let permit: OwnedSemaphorePermit = if expensive {
        match shared.expensive.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                return busy("every slot for expensive queries is taken (--max-concurrent)");
            }
        }
    } else {
        match shared.cheap.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => return busy(&format!("{CHEAP_QUEUE} queries are waiting already")),
        }
    };
    let stop = Stop::new();
    let (tx, rx) = oneshot::channel();
    let job = {
        let (shared, stop) = (shared.clone(), stop.clone());
        move || {
            // The permit is held until the work ends, even when the answer went out before (a
            // timeout); it is given back before the answer goes, so that a client that sends
            // its next query on the answer finds it free.
            let answer =
                catch_unwind(AssertUnwindSafe(|| handle(route, &body, &shared.limits, &stop)));
            drop(permit);
            let _ = tx.send(answer.ok());
        }
    };
    if expensive {
        rayon::spawn(job);
    } else {
        shared.light.spawn(job);
    }
    match tokio::time::timeout(shared.timeout, rx).await {
        Ok(Ok(Some(answer))) => {
            let status =
                StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let mut r = json_response(status, &answer.body);
            if status == StatusCode::SERVICE_UNAVAILABLE {
                r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            r
        }
        Ok(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the query failed inside the server (a bug: please report it with the request)",
        ),
        Err(_) => {
            stop.raise();
            let secs = shared.timeout.as_secs();
            error(
                StatusCode::GATEWAY_TIMEOUT,
                &format!(
                    "the query ran past the server's limit of {secs} s (--timeout) and was stopped"
                ),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_say_their_range() {
        assert!(parse_body("10").unwrap_err().contains("from 1024 to 67108864"));
        assert!(parse_timeout("0").unwrap_err().contains("from 1 to 3600"));
        assert_eq!(parse_timeout("30"), Ok(30));
    }

    #[test]
    fn the_openapi_description_is_json() {
        let v: Value = serde_json::from_str(OPENAPI).unwrap();
        assert_eq!(v["openapi"].as_str().map(|s| &s[..3]), Some("3.1"));
    }
}
