use sqlx::PgPool;
use tribune_domain::probe::Probe;
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, PgEventStore};

use crate::settings::Settings;

/// What every handler can reach. Built once in `startup`.
pub struct AppState {
    /// Connected as `tribune_app`.
    pub pool: PgPool,
    pub settings: Settings,
    pub probes: CommandBus<Probe>,
}

impl AppState {
    pub fn new(pool: PgPool, settings: Settings) -> AppState {
        let probes = CommandBus::new(
            PgEventStore::new(pool.clone(), registry::inline_for("probe")),
            (),
        );
        AppState {
            pool,
            settings,
            probes,
        }
    }
}
