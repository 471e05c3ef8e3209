//! The team-sport import (spec 1 §2 Contacts, §3 team-sport section, §7 `POST {contacts}/import`):
//! the chosen teams' members with the chosen roles become contacts, and each (team, role) a
//! contact list. Both carry the directory's key, so a second run updates instead of duplicating,
//! and each list is brought in line with the team as it is now.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::audit;
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::identity::clients;
use crate::integrations::team_sport::{Team, TeamMember, ROLES};
use crate::kit::input::OptionalJson;
use crate::session::Staff;
use crate::state::AppState;

/// What the import chooses from: the directory's teams and the roles a member can have.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ImportChoices {
    #[ts(type = "Array<{ id: string, name: string }>")]
    pub teams: Vec<Team>,
    pub roles: Vec<String>,
}

/// What an import did: contacts created and updated, and the (team, role) lists brought in line.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ImportSummary {
    pub created: i32,
    pub updated: i32,
    pub lists: i32,
}

#[utoipa::path(get, path = "/api/contacts/import/teams", tag = "contacts", responses((status = 200, body = Envelope<ImportChoices>), (status = 403)))]
pub async fn list_import_teams(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let teams = state
        .team_sport
        .teams()
        .await
        .map_err(|e| ApiError::Conflict(e.to_string()))?;
    Ok(envelope::result(ImportChoices {
        teams,
        roles: ROLES.iter().map(|role| role.to_string()).collect(),
    }))
}

#[derive(Debug, Default, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportInput {
    pub import_team_lists: Option<Vec<String>>,
    pub import_role_lists: Option<Vec<String>>,
}

fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

#[utoipa::path(post, path = "/api/contacts/import", tag = "contacts", request_body = Option<ImportInput>, responses((status = 200, body = Envelope<ImportSummary>), (status = 403), (status = 422)))]
pub async fn import_contacts(
    staff: Staff,
    body: OptionalJson<ImportInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.or_default();
    let club = clients::by_id(&state.pool, staff.client_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let saved = club.settings.get("contacts");
    let team_ids = input
        .import_team_lists
        .unwrap_or_else(|| strings(saved.and_then(|s| s.get("importTeamLists"))));
    let roles = input
        .import_role_lists
        .unwrap_or_else(|| strings(saved.and_then(|s| s.get("importRoleLists"))));
    if team_ids.is_empty() {
        return Err(ApiError::field("importTeamLists", "Vælg mindst ét hold"));
    }
    if roles.is_empty() {
        return Err(ApiError::field("importRoleLists", "Vælg mindst én rolle"));
    }
    if let Some(role) = roles.iter().find(|r| !ROLES.contains(&r.as_str())) {
        return Err(ApiError::field(
            "importRoleLists",
            format!("Ukendt rolle: {role}"),
        ));
    }
    let directory = &state.team_sport;
    let teams = directory
        .teams()
        .await
        .map_err(|e| ApiError::Conflict(e.to_string()))?;
    let mut rosters: Vec<(String, String, Vec<TeamMember>)> = Vec::new();
    for team_id in &team_ids {
        let team = teams
            .iter()
            .find(|t| &t.id == team_id)
            .ok_or_else(|| ApiError::field("importTeamLists", format!("Ukendt hold: {team_id}")))?;
        let members = directory
            .members(team_id)
            .await
            .map_err(|e| ApiError::Conflict(e.to_string()))?;
        rosters.push((team.id.clone(), team.name.clone(), members));
    }

    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let mut created = 0;
    let mut updated = 0;
    let mut lists = 0;
    let mut contact_ids: std::collections::HashMap<String, Uuid> = Default::default();
    for (team_id, team_name, members) in &rosters {
        for role in &roles {
            let list_id: Uuid = sqlx::query_scalar(
                "INSERT INTO contact_lists (client_id, title, external_id, created_by, updated_by) VALUES ($1, $2, $3, $4, $4) \
                 ON CONFLICT (client_id, external_id) WHERE external_id IS NOT NULL \
                 DO UPDATE SET title = EXCLUDED.title, updated_at = now(), updated_by = EXCLUDED.updated_by RETURNING id",
            )
            .bind(staff.client_id)
            .bind(format!("{team_name} – {role}"))
            .bind(format!("teamsport:{team_id}:{role}"))
            .bind(staff.user_id())
            .fetch_one(&mut *tx)
            .await?;
            lists += 1;
            let mut ids = Vec::new();
            for member in members.iter().filter(|m| &m.role == role) {
                let id = match contact_ids.get(&member.id) {
                    Some(id) => *id,
                    None => {
                        let (id, inserted): (Uuid, bool) = sqlx::query_as(
                            "INSERT INTO contacts (client_id, firstname, lastname, email, mobile, external_id, created_by, updated_by) \
                             VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
                             ON CONFLICT (client_id, external_id) WHERE external_id IS NOT NULL DO UPDATE SET \
                               firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname, \
                               email = CASE WHEN EXCLUDED.email = '' THEN contacts.email ELSE EXCLUDED.email END, \
                               mobile = coalesce(EXCLUDED.mobile, contacts.mobile), updated_at = now(), updated_by = EXCLUDED.updated_by \
                             RETURNING id, (xmax = 0) AS inserted",
                        )
                        .bind(staff.client_id)
                        .bind(&member.firstname)
                        .bind(&member.lastname)
                        .bind(member.email.clone().unwrap_or_default())
                        .bind(&member.mobile)
                        .bind(format!("teamsport:{}", member.id))
                        .bind(staff.user_id())
                        .fetch_one(&mut *tx)
                        .await?;
                        if inserted {
                            created += 1;
                        } else {
                            updated += 1;
                        }
                        contact_ids.insert(member.id.clone(), id);
                        id
                    }
                };
                ids.push(id);
            }
            sqlx::query("DELETE FROM contact_list_members WHERE list_id = $1 AND NOT (contact_id = ANY($2))")
                .bind(list_id)
                .bind(&ids)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO contact_list_members (client_id, list_id, contact_id) SELECT $1, $2, unnest($3::uuid[]) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(staff.client_id)
            .bind(list_id)
            .bind(&ids)
            .execute(&mut *tx)
            .await?;
        }
    }
    let summary = ImportSummary {
        created,
        updated,
        lists,
    };
    audit(
        &mut tx,
        &staff,
        Some(staff.client_id),
        "contacts",
        "team-sport-import",
        "import",
        json!({ "teams": team_ids, "roles": roles, "result": &summary }),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(summary))
}
