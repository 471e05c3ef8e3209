use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{PgPool, Postgres, Transaction};
use uuid::Uuid;

/// The numbered migrations in `schema/`, embedded in the binary.
pub static MIGRATOR: Migrator = sqlx::migrate!("../schema");

/// The role the server connects as: no superuser, no UPDATE/DELETE on `events`.
pub const APP_ROLE: &str = "tribune_app";

pub async fn connect(
    options: PgConnectOptions,
    max_connections: u32,
) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(std::time::Duration::from_secs(10))
        .connect_with(options)
        .await
}

/// A transaction that sees (and may write) only one club's rows of row-level-secured tables.
pub async fn club_tx(
    pool: &PgPool,
    client_id: Uuid,
) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    // One round trip: the BEGIN and the club's setting go as one simple query (a uuid is safe to
    // write into it).
    pool.begin_with(format!(
        "BEGIN; SELECT set_config('tribune.client_id', '{client_id}', true)"
    ))
    .await
}

/// A transaction for work that spans clubs by design (projectors, the job runner, admins).
pub async fn system_tx(pool: &PgPool) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    pool.begin_with("BEGIN; SELECT set_config('tribune.scope', 'system', true)")
        .await
}

/// Whether the database was away rather than the statement wrong: the connection broke or was
/// refused (I/O), the pool is closed or gave no connection in time, or PostgreSQL said it is
/// shutting down or starting (SQLSTATE class 57P: admin or crash shutdown, cannot connect now) or
/// the connection failed (class 08). Nothing was done; asking again is safe.
pub fn unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Io(_) | sqlx::Error::PoolClosed | sqlx::Error::PoolTimedOut => true,
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|code| code.starts_with("57P") || code.starts_with("08")),
        _ => false,
    }
}
