//! The club's own users (spec 1 §2 Club users, §4 User creation): its system users, created
//! through an e-mail check. A new address becomes a new user; an existing user who is not yet
//! in the club is invited (membership not accepted until they follow the mail's link).

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde::Serialize;
use serde_json::json;
use sqlx::PgConnection;
use tribune_projections::db::system_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search};
use uuid::Uuid;

use super::users::{
    apply_picture, audit_view, clean_user, detail, role_aliases, save_user, UserDetail, UserInput,
};
use super::{audit, diff, AdminListQuery};
use crate::envelope::{self, Ack, Envelope, Page, SortDir};
use crate::error::ApiError;
use crate::identity::tokens::{self, digest, random_secret, TokenKind};
use crate::identity::{clients, users};
use crate::jobs::{self, JobMethod, NewJob};
use crate::kit::ids::parse_id;
use crate::kit::input::Submitted;
use crate::kit::link_page::{link_token, LinkPage, TokenQuery};
use crate::kit::openapi::MultipartUpdate;
use crate::kit::text::clean;
use crate::kit::validate::{is_email, Check};
use crate::mail;
use crate::session::Admin;
use crate::state::AppState;

/// A row of the club's users list.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct ClubUserRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Firstname")]
    pub firstname: String,
    #[serde(rename = "Lastname")]
    pub lastname: String,
    #[serde(rename = "Email")]
    pub email: String,
    #[serde(rename = "Role")]
    pub role: Option<String>,
    #[serde(rename = "Accepted")]
    pub accepted: bool,
}

/// The club's system users with their role.
const CLUB_USERS: ListSpec = ListSpec {
    from: "users u JOIN memberships m ON m.user_id = u.id AND m.system_user",
    club: Some("m.client_id"),
    columns: "u.id, u.firstname, u.lastname, u.email, m.role, m.accepted",
    key: "u.id",
    filters: &[],
    search: Search::Columns(&["u.firstname || ' ' || u.lastname || ' ' || u.email"]),
    sorts: super::users::USER_SORTS,
    default_sort: ("Name", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(get, path = "/api/client/users", tag = "settings", params(AdminListQuery), responses((status = 200, body = Page<ClubUserRow>), (status = 403)))]
pub async fn list_client_users(
    admin: Admin,
    query: web::Query<AdminListQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = query.params();
    let club = Some(admin.0.client_id);
    let (rows, total) = CLUB_USERS
        .page::<ClubUserRow>(&mut *state.pool.acquire().await?, club, &params)
        .await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// What the e-mail check of the create screen found (spec 1 §4 User creation).
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailCheck {
    pub status: EmailCheckStatus,
    /// Whether the other fields may be filled and the form saved.
    pub allowed: bool,
    pub message: String,
    /// The user who has the address already.
    pub user: Option<EmailCheckUser>,
}

/// `new`: no user has the address; `invite`: a user has it and is not in the club yet;
/// `member`: the user is already in the club.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EmailCheckStatus {
    New,
    Invite,
    Member,
}

#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct EmailCheckUser {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
}

#[utoipa::path(get, path = "/api/client/users/find/{email}", tag = "settings", responses((status = 200, body = Envelope<EmailCheck>), (status = 422)))]
pub async fn find_client_user(
    admin: Admin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let email = path.trim().to_string();
    if !is_email(&email) {
        return Err(ApiError::field(
            "email",
            "E-mail skal være en gyldig e-mail adresse",
        ));
    }
    let check = match users::by_email(&state.pool, &email).await? {
        None => EmailCheck {
            status: EmailCheckStatus::New,
            allowed: true,
            message: "E-mail adressen er ledig: udfyld brugerens oplysninger.".into(),
            user: None,
        },
        Some(user) => {
            let member = membership(&state.pool, admin.0.client_id, user.id)
                .await?
                .is_some();
            EmailCheck {
                status: if member {
                    EmailCheckStatus::Member
                } else {
                    EmailCheckStatus::Invite
                },
                allowed: !member,
                message: if member {
                    "Brugeren er allerede tilknyttet klubben.".into()
                } else {
                    format!(
                        "{} har allerede en bruger og bliver inviteret til klubben.",
                        user.name()
                    )
                },
                user: Some(EmailCheckUser {
                    id: user.id,
                    firstname: user.firstname,
                    lastname: user.lastname,
                }),
            }
        }
    };
    Ok(envelope::result(check))
}

#[derive(sqlx::FromRow)]
struct MembershipRow {
    role: Option<String>,
    accepted: bool,
    system_user: bool,
}

async fn membership(
    pool: &sqlx::PgPool,
    client_id: Uuid,
    user_id: Uuid,
) -> Result<Option<MembershipRow>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT role, accepted, system_user FROM memberships WHERE client_id = $1 AND user_id = $2",
    )
    .bind(client_id)
    .bind(user_id)
    .fetch_optional(pool)
    .await?)
}

/// A user of the club as the editor reads it: the user's fields and their membership here.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ClubUser {
    #[serde(flatten)]
    pub user: UserDetail,
    pub role: Option<String>,
    pub accepted: bool,
}

/// A user of the club as the editor reads it: the user's fields and their role here.
#[utoipa::path(get, path = "/api/client/users/{id}", tag = "settings", responses((status = 200, body = Envelope<ClubUser>), (status = 404)))]
pub async fn get_client_user(
    admin: Admin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let m = membership(&state.pool, admin.0.client_id, id)
        .await?
        .filter(|m| m.system_user)
        .ok_or(ApiError::NotFound)?;
    let mut conn = state.pool.acquire().await?;
    let user = detail(&mut conn, id).await?;
    Ok(envelope::result(ClubUser {
        user,
        role: m.role,
        accepted: m.accepted,
    }))
}

async fn check_role(
    state: &AppState,
    client_id: Uuid,
    role: &Option<String>,
    check: &mut Check,
) -> Result<Option<String>, ApiError> {
    let role = clean(role);
    if let Some(role) = &role {
        let club = clients::by_id(&state.pool, client_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        if !role_aliases(&club.roles).contains(role) {
            check.fail("role", "Rollen findes ikke i klubben");
        }
    }
    Ok(role)
}

fn link(state: &AppState, path: &str, secret: &str) -> String {
    format!(
        "{}{path}?token={secret}",
        state.settings.public_url.trim_end_matches('/')
    )
}

/// Create (no id: through the e-mail check) or save a club user. Multipart: `data` and `file`.
#[utoipa::path(post, path = "/api/client/users/update", tag = "settings",
    request_body(content((UserInput = "application/json"), (MultipartUpdate = "multipart/form-data")), description = "As JSON, or multipart with the JSON in `data` and the picture as `file`; `picture: null` removes it."),
    responses((status = 200, description = "the user's id", body = Envelope<Uuid>), (status = 422), (status = 403)))]
pub async fn update_client_user(
    admin: Admin,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let staff = &admin.0;
    let client_id = staff.client_id;
    let Submitted(form) = form;
    let input: UserInput = form.json()?;
    let mut check = Check::new();
    let role = check_role(&state, client_id, &input.role, &mut check).await?;
    let club = clients::by_id(&state.pool, client_id)
        .await?
        .ok_or(ApiError::NotFound)?;

    // An existing user joins by invitation: their own fields stay theirs.
    if input.id.is_none() {
        let email = clean(&input.email).unwrap_or_default();
        if let Some(existing) = users::by_email(&state.pool, &email).await? {
            check.finish()?;
            if membership(&state.pool, client_id, existing.id)
                .await?
                .is_some()
            {
                return Err(ApiError::field(
                    "email",
                    "Brugeren er allerede tilknyttet klubben",
                ));
            }
            let secret = random_secret();
            let mut tx = system_tx(&state.pool).await?;
            sqlx::query(
                "INSERT INTO memberships (user_id, client_id, role, system_user, accepted, invite_token) \
                 VALUES ($1, $2, $3, true, false, $4)",
            )
            .bind(existing.id)
            .bind(client_id)
            .bind(&role)
            .bind(digest(&secret))
            .execute(&mut *tx)
            .await?;
            enqueue_mail(
                &mut tx,
                client_id,
                format!("Invitation til {}", existing.email),
                mail::club_invite(
                    &existing.email,
                    &existing.firstname,
                    &club.name,
                    &staff.identity.user.name(),
                    &link(&state, "/accept-invite", &secret),
                ),
                existing.id,
                staff.user_id(),
            )
            .await?;
            audit(
                &mut tx,
                &admin,
                Some(client_id),
                "membership",
                &existing.id.to_string(),
                "invite",
                json!({ "role": { "old": null, "new": role } }),
            )
            .await?;
            tx.commit().await?;
            return Ok(envelope::result(existing.id));
        }
    }

    let user = clean_user(
        &input,
        form.files_named("file").next(),
        input.id.is_none(),
        &mut check,
    )
    .await?;
    check.finish()?;
    let mut tx = system_tx(&state.pool).await?;
    let (id, before, before_role) = match input.id {
        Some(id) => {
            let m = membership(&state.pool, client_id, id)
                .await?
                .filter(|m| m.system_user)
                .ok_or(ApiError::NotFound)?;
            let before = detail(&mut tx, id).await?;
            // A club admin does not edit a System Admin's account.
            if before.super_admin && !staff.identity.user.super_admin {
                return Err(ApiError::Forbidden);
            }
            save_user(
                &mut tx,
                Some(id),
                &user,
                input.email_confirmed,
                staff.user_id(),
            )
            .await?;
            sqlx::query("UPDATE memberships SET role = $3 WHERE client_id = $1 AND user_id = $2")
                .bind(client_id)
                .bind(id)
                .bind(&role)
                .execute(&mut *tx)
                .await?;
            (id, Some(before), m.role)
        }
        None => {
            let id =
                save_user(&mut tx, None, &user, input.email_confirmed, staff.user_id()).await?;
            sqlx::query(
                "INSERT INTO memberships (user_id, client_id, role, system_user, accepted) VALUES ($1, $2, $3, true, true)",
            )
            .bind(id)
            .bind(client_id)
            .bind(&role)
            .execute(&mut *tx)
            .await?;
            if user.password_hash.is_none() {
                let secret = tokens::issue(&mut tx, id, TokenKind::ResetPassword).await?;
                enqueue_mail(
                    &mut tx,
                    client_id,
                    format!("Velkomstmail til {}", user.email),
                    mail::welcome_user(
                        &user.email,
                        &user.firstname,
                        &club.name,
                        &link(&state, "/reset-password", &secret),
                    ),
                    id,
                    staff.user_id(),
                )
                .await?;
            }
            (id, None, None)
        }
    };
    apply_picture(&mut tx, &state, id, &input, &form).await?;
    let after = detail(&mut tx, id).await?;
    let old = before.as_ref().map(audit_view).unwrap_or(json!({}));
    let mut changes = diff(&old, &audit_view(&after));
    if before_role != role {
        changes["role"] = json!({ "old": before_role, "new": role });
    }
    if user.password_hash.is_some() {
        changes["password"] = json!({ "old": "•••", "new": "•••" });
    }
    let action = if before.is_some() { "update" } else { "create" };
    audit(
        &mut tx,
        &admin,
        Some(client_id),
        "user",
        &id.to_string(),
        action,
        changes,
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

async fn enqueue_mail(
    conn: &mut PgConnection,
    client_id: Uuid,
    description: String,
    mail: mail::Mail,
    user_id: Uuid,
    by: Uuid,
) -> Result<(), ApiError> {
    jobs::enqueue(
        conn,
        NewJob {
            client_id: Some(client_id),
            description,
            method: JobMethod::SendMail(mail),
            collection: Some("users".into()),
            relation_id: Some(user_id.to_string()),
            created_by: Some(by),
        },
    )
    .await?;
    Ok(())
}

/// Removes the user from the club (the user itself stays: they may belong to other clubs).
#[utoipa::path(delete, path = "/api/client/users/{id}", tag = "settings", responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn delete_client_user(
    admin: Admin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let staff = &admin.0;
    if id == staff.user_id() {
        return Err(ApiError::invalid("Du kan ikke fjerne dig selv fra klubben"));
    }
    let m = membership(&state.pool, staff.client_id, id)
        .await?
        .filter(|m| m.system_user)
        .ok_or(ApiError::NotFound)?;
    let mut tx = system_tx(&state.pool).await?;
    sqlx::query("DELETE FROM memberships WHERE client_id = $1 AND user_id = $2")
        .bind(staff.client_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND client_id = $2")
        .bind(id)
        .bind(staff.client_id)
        .execute(&mut *tx)
        .await?;
    audit(
        &mut tx,
        &admin,
        Some(staff.client_id),
        "membership",
        &id.to_string(),
        "delete",
        json!({ "role": { "old": m.role, "new": null } }),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

const INVITE_PAGE: LinkPage<'static> = LinkPage {
    title: "Tag imod invitationen",
    text: "Klik på knappen for at blive bruger i klubben. Derefter kan du logge ind.",
    button: "Tag imod invitationen",
    action: "/accept-invite",
};

/// The invitation mail's link lands here: a page whose button posts the token to
/// `accept_invite` (opening a link must not use it up). Without a token: to the login page.
#[utoipa::path(get, path = "/accept-invite", tag = "settings", params(TokenQuery),
    responses((status = 200, description = "a page with one button that posts the token", content_type = "text/html", body = String),
        (status = 302, description = "no token: to /login?invited=0")))]
pub async fn accept_invite_page(query: web::Query<TokenQuery>) -> HttpResponse {
    match link_token(&query, None) {
        Some(token) => INVITE_PAGE.response(&token),
        None => HttpResponse::Found()
            .insert_header((header::LOCATION, "/login?invited=0"))
            .finish(),
    }
}

/// Accepts the invitation with the token (posted by the page's form, or in `?token=`): the
/// membership becomes accepted, and the user is sent to log in.
#[utoipa::path(post, path = "/accept-invite", tag = "settings", params(TokenQuery),
    request_body(content = TokenQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 302, description = "to /login?invited=1 or 0")))]
pub async fn accept_invite(
    query: web::Query<TokenQuery>,
    form: Option<web::Form<TokenQuery>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let accepted = match link_token(&query, form.as_deref()) {
        Some(token) => sqlx::query(
            "UPDATE memberships SET accepted = true, invite_token = NULL WHERE invite_token = $1",
        )
        .bind(digest(&token))
        .execute(&state.pool)
        .await?
        .rows_affected()
            > 0,
        None => false,
    };
    Ok(HttpResponse::Found()
        .insert_header((
            header::LOCATION,
            if accepted {
                "/login?invited=1"
            } else {
                "/login?invited=0"
            },
        ))
        .finish())
}
