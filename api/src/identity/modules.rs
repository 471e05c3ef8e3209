use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

/// A module as the club's sidebar shows it.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientModule {
    pub id: Uuid,
    pub alias: String,
    pub name: String,
    pub icon: String,
    pub url: String,
    pub sorting: i32,
    pub endpoint: Option<String>,
    pub features: Value,
    pub custom_views: Value,
    pub custom_components: Value,
}

/// The club's active modules, in the club's order, with its name overrides.
pub async fn active_of_client(
    pool: &PgPool,
    client_id: Uuid,
) -> Result<Vec<ClientModule>, sqlx::Error> {
    sqlx::query_as(
        "SELECT m.id, m.alias, coalesce(nullif(cm.name, ''), m.name) AS name, m.icon, m.url, cm.sorting, \
                nullif(cm.custom_endpoint, '') AS endpoint, cm.features, cm.custom_views, cm.custom_components \
         FROM client_modules cm JOIN modules m ON m.id = cm.module_id \
         WHERE cm.client_id = $1 AND cm.active ORDER BY cm.sorting, m.sorting, m.name",
    )
    .bind(client_id)
    .fetch_all(pool)
    .await
}

pub async fn client_has(pool: &PgPool, client_id: Uuid, alias: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM client_modules cm JOIN modules m ON m.id = cm.module_id \
         WHERE cm.client_id = $1 AND cm.active AND m.alias = $2)",
    )
    .bind(client_id)
    .bind(alias)
    .fetch_one(pool)
    .await
}

/// (module rules, the club's rule-to-role links) of every active module, for the ACL.
pub async fn acl_sources(
    pool: &PgPool,
    client_id: Uuid,
) -> Result<Vec<(String, Value, Value)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT m.alias, m.acl_rules, cm.role_acls FROM client_modules cm JOIN modules m ON m.id = cm.module_id \
         WHERE cm.client_id = $1 AND cm.active ORDER BY cm.sorting",
    )
    .bind(client_id)
    .fetch_all(pool)
    .await
}
