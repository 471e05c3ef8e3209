//! The staff's invitation calls (spec 2 §7 Invitations): thin handlers over `service`.

use std::collections::{BTreeMap, HashMap};

use actix_web::{web, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use tribune_domain::invite::SendKind;
use tribune_projections::db::club_tx;
use tribune_projections::invite::queries::{self as invites, InviteRow};
use uuid::Uuid;

use super::dto::{
    EventInvites, InvitationSent, Invite, InviteContact, InviteGroup, InviteGroupInput,
    InviteGroupProducts, InviteGroupUpdated, InviteProduct, InviteProductInput, InviteSelection,
    InvitesCreated, InvitesDeleted, InvitesQueued,
};
use super::send::invite_link;
use super::service::{self, group_key};
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::club::found_in_club;
use crate::kit::ids::parse_id;
use crate::kit::input::{Json, OptionalJson};
use crate::kit::recipients::{self, OptOut, Scope, Selection};
use crate::session::Staff;
use crate::state::AppState;

/// An invite as the tab shows it.
fn invite_of(row: &InviteRow, titles: &HashMap<Uuid, String>, public_url: &str) -> Invite {
    Invite {
        id: row.id,
        token: row.token.clone(),
        link: invite_link(public_url, &row.token),
        contact: InviteContact {
            id: row.contact_id,
            firstname: row.firstname.clone(),
            lastname: row.lastname.clone(),
            email: row.email.clone(),
            phone: row.phone.clone(),
        },
        company_id: row.company_id,
        company_name: row.company_name.clone(),
        list_id: row.list_id,
        products: row
            .products
            .iter()
            .map(|p| InviteProduct {
                product_id: p.product_id,
                title: titles.get(&p.product_id).cloned().unwrap_or_default(),
                amount: p.amount,
            })
            .collect(),
        invitation_sent: if row.sent_at.is_some() {
            InvitationSent::Yes
        } else {
            InvitationSent::No
        },
        sent_at: row.sent_at,
        reminder_sent_at: row.reminder_sent_at,
        booked: row.booked,
    }
}

/// The invites grouped as they were made: those of contact lists by list, the others by
/// company ('none': without one), each group in the order of its title, 'none' last. A group's
/// key is what `invite-group` takes.
fn grouped(rows: &[InviteRow], titles: &HashMap<Uuid, String>, public_url: &str) -> EventInvites {
    type Groups = BTreeMap<(bool, String, String), (String, Vec<Invite>)>;
    let (mut companies, mut lists): (Groups, Groups) = Default::default();
    for row in rows {
        let invite = invite_of(row, titles, public_url);
        let key = group_key(row.company_id, row.list_id);
        let (groups, title) = match row.list_id {
            Some(_) => (&mut lists, row.list_title.clone()),
            None => (&mut companies, row.company_name.clone()),
        };
        let title = title.filter(|_| key != "none");
        let order = (
            title.is_none(),
            title.clone().unwrap_or_default().to_lowercase(),
            key.clone(),
        );
        groups
            .entry(order)
            .or_insert_with(|| {
                (
                    title.unwrap_or_else(|| "Uden virksomhed".into()),
                    Vec::new(),
                )
            })
            .1
            .push(invite);
    }
    let groups = |map: Groups| {
        map.into_iter()
            .map(|((_, _, key), (title, invites))| InviteGroup {
                key,
                title,
                invites,
            })
            .collect()
    };
    EventInvites {
        companies: groups(companies),
        lists: groups(lists),
    }
}

#[utoipa::path(get, path = "/api/events/{id}/invites", tag = "events", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<EventInvites>, description = "the invites by company and by contact list"), (status = 404)))]
pub async fn list_invites(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    found_in_club(&mut tx, "club_events", staff.client_id, event_id).await?;
    let rows = invites::of_event(&mut tx, staff.client_id, event_id).await?;
    let titles = service::event_products(&mut tx, staff.client_id, event_id).await?;
    tx.commit().await?;
    Ok(envelope::result(grouped(
        &rows,
        &titles,
        &state.settings.public_url,
    )))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct CreateInvitesQuery {
    /// 'Opret alle aktive': companies with a running contract on `activeDate`.
    all_active: Option<bool>,
    /// 'Opret alle': every company that is not terminated.
    all_companies: Option<bool>,
    /// YYYY-MM-DD; today when none.
    active_date: Option<String>,
}

#[utoipa::path(post, path = "/api/events/{id}/create-invites", tag = "events",
    params(("id" = String, Path), CreateInvitesQuery), request_body = InviteSelection,
    responses((status = 200, body = Envelope<InvitesCreated>, description = "'Invitationer blev oprettet!'"),
              (status = 422), (status = 404)))]
pub async fn create_invites(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<CreateInvitesQuery>,
    body: OptionalJson<InviteSelection>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let selection = body.or_default();
    let date = recipients::active_date(query.active_date.as_deref())?;
    let scope = Scope::of_query(
        query.all_companies == Some(true),
        query.all_active == Some(true),
        date,
    );
    let actor = Actor::from(&staff);
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    service::lock_event(&mut tx, staff.client_id, event_id).await?;
    let chosen = Selection {
        product_ids: &selection.product_ids,
        order_product_ids: &selection.order_product_ids,
        company_ids: &selection.company_ids,
        contact_ids: &selection.contact_ids,
        contact_list_ids: &selection.contact_list_ids,
    };
    let (invitees, unwilling) = recipients::reached(
        &mut tx,
        staff.client_id,
        scope,
        &chosen,
        OptOut::Invitations,
    )
    .await?;
    let created = service::InviteService::of(&state)
        .create(&mut tx, &actor, event_id, &invitees, unwilling, Utc::now())
        .await?;
    tx.commit().await?;
    Ok(envelope::result(created))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct SendInvitesQuery {
    /// Send again to those who got it.
    force: Option<bool>,
    /// reminder or update; none: the invitation.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Option<String>,
}

#[utoipa::path(post, path = "/api/events/{id}/send-invites", tag = "events",
    params(("id" = String, Path), SendInvitesQuery), request_body = Vec<String>,
    responses((status = 200, body = Envelope<InvitesQueued>, description = "'Invitationer blev sendt!'; [] sends to all"),
              (status = 422), (status = 404)))]
pub async fn send_invites(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<SendInvitesQuery>,
    body: OptionalJson<Vec<Uuid>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let kind = SendKind::parse(query.kind.as_deref().unwrap_or("").trim())
        .ok_or_else(|| ApiError::field("type", "Typen skal være reminder eller update"))?;
    let ids = body.or_default();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    service::lock_event(&mut tx, staff.client_id, event_id).await?;
    let queued = service::queue_sends(
        &mut tx,
        staff.client_id,
        event_id,
        &ids,
        kind,
        query.force == Some(true),
        Actor::from(&staff).user_id,
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(queued))
}

#[utoipa::path(post, path = "/api/events/{id}/delete-invites", tag = "events",
    params(("id" = String, Path)), request_body = Vec<String>,
    responses((status = 200, body = Envelope<InvitesDeleted>, description = "'Invitationer blev slettet!'"),
              (status = 422), (status = 404)))]
pub async fn delete_invites(
    staff: Staff,
    path: web::Path<String>,
    body: OptionalJson<Vec<Uuid>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let ids = body.or_default();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let deleted = service::InviteService::of(&state)
        .delete(&mut tx, &Actor::from(&staff), event_id, &ids, Utc::now())
        .await?;
    tx.commit().await?;
    Ok(envelope::result(InvitesDeleted { deleted }))
}

#[utoipa::path(post, path = "/api/events/save-invite/{inviteId}", tag = "events",
    params(("inviteId" = String, Path)), request_body = Vec<InviteProductInput>,
    responses((status = 200, body = Envelope<Invite>, description = "the invite with its products"),
              (status = 422), (status = 404)))]
pub async fn save_invite(
    staff: Staff,
    path: web::Path<String>,
    body: Json<Vec<InviteProductInput>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let invite_id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let row = service::InviteService::of(&state)
        .set_products(&mut tx, &Actor::from(&staff), invite_id, &body.into_inner())
        .await?;
    let titles = service::event_products(&mut tx, staff.client_id, row.event_id).await?;
    tx.commit().await?;
    Ok(envelope::result(invite_of(
        &row,
        &titles,
        &state.settings.public_url,
    )))
}

#[utoipa::path(get, path = "/api/events/{id}/invite-group/{key}", tag = "events",
    params(("id" = String, Path), ("key" = String, Path)),
    responses((status = 200, body = Envelope<InviteGroupProducts>, description = "the group's products"),
              (status = 404)))]
pub async fn get_invite_group(
    staff: Staff,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path.0)?;
    let key = path.1.trim().to_string();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    service::lock_event(&mut tx, staff.client_id, event_id).await?;
    let products = service::group(&mut tx, staff.client_id, event_id, &key).await?;
    tx.commit().await?;
    Ok(envelope::result(InviteGroupProducts { key, products }))
}

#[utoipa::path(post, path = "/api/events/{id}/invite-group", tag = "events",
    params(("id" = String, Path)), request_body = InviteGroupInput,
    responses((status = 200, body = Envelope<InviteGroupUpdated>, description = "how many of the group's invites were given its products"),
              (status = 422), (status = 404)))]
pub async fn save_invite_group(
    staff: Staff,
    path: web::Path<String>,
    body: Json<InviteGroupInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let updated = service::InviteService::of(&state)
        .set_group(&mut tx, &Actor::from(&staff), event_id, &body.into_inner())
        .await?;
    tx.commit().await?;
    Ok(envelope::result(InviteGroupUpdated { updated }))
}
