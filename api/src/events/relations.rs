//! Relationer (tab 70; spec 2 §7 relations, relations/create — the shape is not shown, so
//! Tribune's is): what the event relates to. Its orders (those with tickets for it) and the
//! companies that come (by tickets or invites) follow from the data; staff link contracts (a
//! sponsor's agreement the evening is part of) and companies by hand, and unlink them again. A
//! new event starts with those its type's Relationer name.

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::{EventCompany, TypeContract, TypeRelations};
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::club::{all_in_club, exists_in_club};
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::session::Staff;
use crate::state::AppState;

/// How many orders the tab lists, newest first.
const MAX_ORDERS: i64 = 200;

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedOrder {
    pub id: Uuid,
    #[ts(type = "number")]
    pub order_number: i64,
    pub status: String,
    pub customer: String,
    pub company_name: Option<String>,
    #[ts(type = "number")]
    pub tickets: i64,
    /// In øre.
    #[ts(type = "number")]
    pub total: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedCompany {
    pub id: Uuid,
    pub name: String,
    /// Tickets of the event that admit someone.
    #[ts(type = "number")]
    pub tickets: i64,
    pub invited: bool,
    /// Linked by hand (may be unlinked).
    pub linked: bool,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedContract {
    pub id: Uuid,
    #[ts(type = "number")]
    pub contract_number: i64,
    pub status: String,
    pub company_name: Option<String>,
    pub linked_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventRelations {
    pub orders: Vec<RelatedOrder>,
    pub companies: Vec<RelatedCompany>,
    pub contracts: Vec<RelatedContract>,
}

/// What staff link by hand.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum RelationType {
    Company,
    Contract,
}

impl RelationType {
    fn as_str(self) -> &'static str {
        match self {
            RelationType::Company => "company",
            RelationType::Contract => "contract",
        }
    }
}

/// `POST {ep}/{id}/relations/create`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RelationInput {
    pub relation_type: Option<RelationType>,
    pub relation_id: Option<Uuid>,
}

/// Whether every id names a contract of the club (a type's Relationer may name only those).
pub async fn all_contracts_of_club(
    conn: &mut PgConnection,
    client_id: Uuid,
    ids: &[Uuid],
) -> Result<bool, ApiError> {
    all_in_club(conn, "contract_rows", client_id, ids).await
}

/// A type's relations as its editor shows them: of `company_ids` and `contract_ids`, those the
/// club still has, with their names, in the order they were chosen.
pub async fn describe_type_relations(
    conn: &mut PgConnection,
    client_id: Uuid,
    company_ids: &[Uuid],
    contract_ids: &[Uuid],
) -> Result<TypeRelations, ApiError> {
    let companies: Vec<(Uuid, String)> =
        sqlx::query_as("SELECT id, name FROM companies WHERE client_id = $1 AND id = ANY($2)")
            .bind(client_id)
            .bind(company_ids)
            .fetch_all(&mut *conn)
            .await?;
    let contracts: Vec<TypeContract> = sqlx::query_as(
        "SELECT k.id, k.number AS contract_number, co.name AS company_name \
         FROM contract_rows k LEFT JOIN companies co ON co.id = k.company_id \
         WHERE k.client_id = $1 AND k.id = ANY($2)",
    )
    .bind(client_id)
    .bind(contract_ids)
    .fetch_all(&mut *conn)
    .await?;
    let companies: Vec<EventCompany> = company_ids
        .iter()
        .filter_map(|id| companies.iter().find(|(c, _)| c == id))
        .map(|(id, name)| EventCompany {
            id: *id,
            name: name.clone(),
        })
        .collect();
    let contracts: Vec<TypeContract> = contract_ids
        .iter()
        .filter_map(|id| contracts.iter().find(|k| k.id == *id).cloned())
        .collect();
    Ok(TypeRelations {
        company_ids: companies.iter().map(|c| c.id).collect(),
        contract_ids: contracts.iter().map(|k| k.id).collect(),
        companies,
        contracts,
    })
}

/// A new event of the type `type_id` is linked to the companies and contracts the type's
/// Relationer name (those the club still has), as if staff had linked them by hand.
pub async fn link_type_relations(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    type_id: Uuid,
    user_id: Uuid,
) -> Result<(), ApiError> {
    // The type's `relations` column: {companyIds, contractIds}.
    let (companies, contracts): (Vec<Uuid>, Vec<Uuid>) = sqlx::query_as(
        "SELECT coalesce(array(SELECT jsonb_array_elements_text(relations->'companyIds')::uuid), '{}'), \
                coalesce(array(SELECT jsonb_array_elements_text(relations->'contractIds')::uuid), '{}') \
         FROM event_types WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(type_id)
    .fetch_optional(&mut *conn)
    .await?
    .unwrap_or_default();
    for (kind, table, ids) in [
        (RelationType::Company, "companies", companies),
        (RelationType::Contract, "contract_rows", contracts),
    ] {
        if ids.is_empty() {
            continue;
        }
        sqlx::query(&format!(
            "INSERT INTO event_relations (client_id, event_id, relation_type, relation_id, created_by) \
             SELECT $1, $2, $3, r.id, $5 FROM {table} r WHERE r.client_id = $1 AND r.id = ANY($4) \
             ON CONFLICT DO NOTHING"
        ))
        .bind(client_id)
        .bind(event_id)
        .bind(kind.as_str())
        .bind(&ids)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The club's event, or not found.
async fn event_exists(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<(), ApiError> {
    if exists_in_club(conn, "club_events", client_id, Some(event_id)).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound)
    }
}

async fn relations_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<EventRelations, ApiError> {
    let orders: Vec<RelatedOrder> = sqlx::query_as(
        "SELECT o.id, o.number AS order_number, o.status, trim(o.firstname || ' ' || o.lastname) AS customer, \
           co.name AS company_name, t.tickets, o.total, o.created_at \
         FROM (SELECT order_id, count(*) FILTER (WHERE status <> 'voided') AS tickets FROM ticket_rows \
               WHERE client_id = $1 AND event_id = $2 GROUP BY order_id) t \
         JOIN order_rows o ON o.id = t.order_id \
         LEFT JOIN companies co ON co.id = o.company_id \
         ORDER BY o.created_at DESC, o.id LIMIT $3",
    )
    .bind(client_id)
    .bind(event_id)
    .bind(MAX_ORDERS)
    .fetch_all(&mut *conn)
    .await?;
    let companies: Vec<RelatedCompany> = sqlx::query_as(
        "SELECT c.id, c.name, \
           (SELECT count(*) FROM ticket_rows t WHERE t.client_id = $1 AND t.event_id = $2 \
              AND t.company_id = c.id AND t.status <> 'voided') AS tickets, \
           EXISTS (SELECT 1 FROM invite_rows i WHERE i.client_id = $1 AND i.event_id = $2 \
              AND i.company_id = c.id AND i.deleted_at IS NULL) AS invited, \
           EXISTS (SELECT 1 FROM event_relations r WHERE r.event_id = $2 AND r.relation_type = 'company' \
              AND r.relation_id = c.id) AS linked \
         FROM companies c WHERE c.client_id = $1 AND c.id IN ( \
           SELECT company_id FROM ticket_rows WHERE client_id = $1 AND event_id = $2 AND status <> 'voided' \
           UNION SELECT company_id FROM invite_rows WHERE client_id = $1 AND event_id = $2 AND deleted_at IS NULL \
           UNION SELECT relation_id FROM event_relations WHERE event_id = $2 AND relation_type = 'company') \
         ORDER BY lower(c.name), c.id",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?;
    let contracts: Vec<RelatedContract> = sqlx::query_as(
        "SELECT k.id, k.number AS contract_number, k.status, co.name AS company_name, r.created_at AS linked_at \
         FROM event_relations r JOIN contract_rows k ON k.id = r.relation_id AND k.client_id = $1 \
         LEFT JOIN companies co ON co.id = k.company_id \
         WHERE r.event_id = $2 AND r.relation_type = 'contract' ORDER BY k.number DESC",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(EventRelations {
        orders,
        companies,
        contracts,
    })
}

#[utoipa::path(get, path = "/api/events/{id}/relations", tag = "events", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<EventRelations>), (status = 404)))]
pub async fn get_relations(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    event_exists(&mut tx, staff.client_id, event_id).await?;
    let relations = relations_of(&mut tx, staff.client_id, event_id).await?;
    tx.commit().await?;
    Ok(envelope::result(relations))
}

#[utoipa::path(post, path = "/api/events/{id}/relations/create", tag = "events", params(("id" = String, Path)),
    request_body = RelationInput,
    responses((status = 200, description = "the event's relations (linking twice changes nothing)", body = Envelope<EventRelations>),
              (status = 422), (status = 404)))]
pub async fn create_relation(
    staff: Staff,
    path: web::Path<String>,
    body: Json<RelationInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let input = body.into_inner();
    let kind = input
        .relation_type
        .ok_or_else(|| ApiError::field("relationType", "Vælg hvad der skal tilknyttes"))?;
    let id = input.relation_id.ok_or_else(|| match kind {
        RelationType::Company => ApiError::field("relationId", "Vælg en virksomhed"),
        RelationType::Contract => ApiError::field("relationId", "Vælg en kontrakt"),
    })?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    event_exists(&mut tx, staff.client_id, event_id).await?;
    let table = match kind {
        RelationType::Company => "companies",
        RelationType::Contract => "contract_rows",
    };
    let known = exists_in_club(&mut tx, table, staff.client_id, Some(id)).await?;
    if !known {
        return Err(ApiError::field(
            "relationId",
            match kind {
                RelationType::Company => "Virksomheden findes ikke",
                RelationType::Contract => "Kontrakten findes ikke",
            },
        ));
    }
    sqlx::query(
        "INSERT INTO event_relations (client_id, event_id, relation_type, relation_id, created_by) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(staff.client_id)
    .bind(event_id)
    .bind(kind.as_str())
    .bind(id)
    .bind(staff.identity.user.id)
    .execute(&mut *tx)
    .await?;
    let relations = relations_of(&mut tx, staff.client_id, event_id).await?;
    tx.commit().await?;
    Ok(envelope::result(relations))
}

#[utoipa::path(delete, path = "/api/events/{id}/relations/{type}/{relationId}", tag = "events",
    params(("id" = String, Path), ("type" = String, Path, description = "company or contract"), ("relationId" = String, Path)),
    responses((status = 200, description = "the event's relations", body = Envelope<EventRelations>), (status = 404)))]
pub async fn delete_relation(
    staff: Staff,
    path: web::Path<(String, String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path.0)?;
    let kind = match path.1.as_str() {
        "company" => RelationType::Company,
        "contract" => RelationType::Contract,
        _ => return Err(ApiError::NotFound),
    };
    let id = parse_id(&path.2)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    event_exists(&mut tx, staff.client_id, event_id).await?;
    let removed = sqlx::query(
        "DELETE FROM event_relations WHERE client_id = $1 AND event_id = $2 AND relation_type = $3 AND relation_id = $4",
    )
    .bind(staff.client_id)
    .bind(event_id)
    .bind(kind.as_str())
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if removed == 0 {
        return Err(ApiError::NotFound);
    }
    let relations = relations_of(&mut tx, staff.client_id, event_id).await?;
    tx.commit().await?;
    Ok(envelope::result(relations))
}
