//! A fresh PostgreSQL database per test (zero2prod style): created from `DATABASE_URL` (an owner
//! connection; default the local server), migrated, and reached both as owner and as the app role.

use std::str::FromStr;

use sqlx::postgres::PgConnectOptions;
use sqlx::{Connection, Executor, PgConnection, PgPool};
use uuid::Uuid;

use crate::db::{connect, APP_ROLE, MIGRATOR};

pub struct TestDb {
    pub name: String,
    pub owner_options: PgConnectOptions,
    /// Connected as the schema owner (migrations, replay, tampering in tests).
    pub owner: PgPool,
    /// Connected as `tribune_app`, like the server.
    pub app: PgPool,
}

pub fn server_url() -> String {
    std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_string())
}

impl TestDb {
    /// A command bus for aggregate `A` on this database, with the inline projections the app
    /// registers for it.
    pub fn bus<A>(&self) -> crate::store::CommandBus<A>
    where
        A: cqrs_es::Aggregate<Services = ()> + tribune_domain::tenancy::Tenanted,
    {
        crate::store::CommandBus::new(
            crate::store::PgEventStore::new(self.app.clone(), crate::registry::inline_for(A::TYPE)),
            (),
        )
    }

    pub async fn new() -> Result<TestDb, sqlx::Error> {
        let base = PgConnectOptions::from_str(&server_url())?;
        let name = format!("tribune_test_{}", Uuid::new_v4().simple());
        let mut admin = PgConnection::connect_with(&base).await?;
        admin
            .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
            .await?;
        admin.close().await?;
        let owner_options = base.clone().database(&name);
        let owner = connect(owner_options.clone(), 5).await?;
        MIGRATOR.run(&owner).await?;
        let app = connect(owner_options.clone().username(APP_ROLE), 10).await?;
        Ok(TestDb {
            name,
            owner_options,
            owner,
            app,
        })
    }

    /// The cluster's next transaction id.
    pub async fn current_transaction_id(&self) -> Result<u64, sqlx::Error> {
        let current: String = sqlx::query_scalar("SELECT pg_current_xact_id()::text")
            .fetch_one(&self.owner)
            .await?;
        current
            .parse()
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))
    }

    /// Moves the cluster's transaction counter past `target` (each subtransaction that writes
    /// takes an id), so that events may be written with any id below it as finished ones: the
    /// counter is cluster-wide and only moves on, so a test cannot wait for small ids. Returns
    /// where the counter stood before.
    pub async fn move_transaction_counter_past(&self, target: u64) -> Result<u64, sqlx::Error> {
        sqlx::query("CREATE TABLE IF NOT EXISTS xid_burner (i int)")
            .execute(&self.owner)
            .await?;
        let from = self.current_transaction_id().await?;
        let mut current = from;
        while current <= target {
            let burn = (target - current + 10).min(100_000);
            sqlx::query(&format!(
                "DO $$ BEGIN FOR i IN 1..{burn} LOOP \
                   BEGIN INSERT INTO xid_burner VALUES (i); EXCEPTION WHEN others THEN NULL; END; \
                 END LOOP; END $$"
            ))
            .execute(&self.owner)
            .await?;
            current = self.current_transaction_id().await?;
        }
        Ok(from)
    }

    /// Drops the database; call at the end of a test (a failed test leaves it for inspection).
    pub async fn drop_database(self) -> Result<(), sqlx::Error> {
        self.owner.close().await;
        self.app.close().await;
        let base = PgConnectOptions::from_str(&server_url())?;
        let mut admin = PgConnection::connect_with(&base).await?;
        admin
            .execute(format!(r#"DROP DATABASE IF EXISTS "{}" WITH (FORCE)"#, self.name).as_str())
            .await?;
        Ok(())
    }
}
