//! System users (spec 1 §2 Admin users, §4 impersonation): every user of every club, their
//! memberships, 'System Admin', and 'Log ind' as another user with the way back. Also the user
//! fields and their rules that the club users screen and the profile share.

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::PgConnection;
use tribune_projections::db::system_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};
use uuid::Uuid;

use super::clients::Role;
use super::{audit, diff, images, AdminListQuery};
use crate::envelope::{self, Ack, Envelope, Page, SortDir};
use crate::error::ApiError;
use crate::identity::{clients, passwords, sessions, users};
use crate::kit::db::{still_referenced, unique_field};
use crate::kit::ids::parse_id;
use crate::kit::image_slot::{keep_or_remove, ImageSlot};
use crate::kit::input::Submitted;
use crate::kit::openapi::MultipartUpdate;
use crate::kit::text::clean;
use crate::kit::validate::Check;
use crate::session::{session_cookies, SignedIn, SystemAdmin};
use crate::state::AppState;
use crate::storage::{Form, UploadedFile};

/// The user fields every user form sends (club users, system users, profile).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInput {
    pub id: Option<Uuid>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub phone: Option<String>,
    pub mobile: Option<String>,
    pub about: Option<String>,
    pub linkedin: Option<String>,
    pub title: Option<String>,
    pub signature: Option<String>,
    #[serde(default)]
    pub email_confirmed: bool,
    #[serde(default, deserialize_with = "keep_or_remove")]
    pub picture: Option<Option<String>>,
    /// Club users: the role in the current club.
    pub role: Option<String>,
    /// System users only.
    #[serde(default)]
    pub super_admin: bool,
    /// System users only: every membership, replacing the stored ones.
    pub clients: Option<Vec<MembershipInput>>,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MembershipInput {
    pub client_id: Uuid,
    pub role: Option<String>,
    #[serde(default)]
    pub accepted: bool,
    #[serde(default)]
    pub system_user: bool,
}

/// The cleaned fields after the rules of spec 1 §5 (Club user) and spec 3 §5 (Profile).
pub struct CleanUser {
    pub email: String,
    pub password_hash: Option<String>,
    pub firstname: String,
    pub lastname: String,
    pub phone: Option<String>,
    pub mobile: Option<String>,
    pub about: Option<String>,
    pub linkedin: Option<String>,
    pub title: Option<String>,
    pub signature: Option<String>,
}

pub const PASSWORD_RULE: &str = "Adgangskode skal mindst være 8 tegn";

/// Checks the fields; `email_required` on create. Failed rules go into `check`.
pub async fn clean_user(
    input: &UserInput,
    picture: Option<&UploadedFile>,
    email_required: bool,
    check: &mut Check,
) -> Result<CleanUser, ApiError> {
    let firstname = check
        .required_text("firstname", "Fornavn", &input.firstname)
        .unwrap_or_default();
    let email = clean(&input.email).unwrap_or_default();
    if email_required {
        check.required_text("email", "E-mail", &input.email);
        check.email("email", "E-mail", &email);
    }
    for (field, label, value, max) in [
        ("firstname", "Fornavn", &input.firstname, 100),
        ("lastname", "Efternavn", &input.lastname, 100),
        ("phone", "Telefon", &input.phone, 50),
        ("mobile", "Mobil", &input.mobile, 50),
        ("linkedin", "LinkedIn", &input.linkedin, 500),
        ("title", "Titel", &input.title, 200),
        ("about", "Om", &input.about, 5000),
        ("signature", "Signatur", &input.signature, 10000),
    ] {
        check.max_chars_of(field, label, value, max);
    }
    check.web_address("linkedin", &input.linkedin);
    let password = clean(&input.password);
    if password
        .as_ref()
        .is_some_and(|p| p.chars().count() < passwords::MIN_LENGTH)
    {
        check.fail("password", PASSWORD_RULE);
    }
    check.image("file", "Billede", picture);
    let password_hash = match password {
        Some(p) if check.passed() => Some(passwords::hash(p).await?),
        _ => None,
    };
    Ok(CleanUser {
        email,
        password_hash,
        firstname,
        lastname: clean(&input.lastname).unwrap_or_default(),
        phone: clean(&input.phone),
        mobile: clean(&input.mobile),
        about: clean(&input.about),
        linkedin: clean(&input.linkedin),
        title: clean(&input.title),
        signature: input
            .signature
            .as_deref()
            .map(|s| crate::kit::html::sanitize(s.trim()))
            .filter(|s| !s.is_empty()),
    })
}

/// A user as the editors read it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDetail {
    pub id: Uuid,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub phone: Option<String>,
    pub mobile: Option<String>,
    pub about: Option<String>,
    pub linkedin: Option<String>,
    pub title: Option<String>,
    pub signature: Option<String>,
    pub picture: Option<String>,
    pub email_confirmed: bool,
    pub super_admin: bool,
}

pub const DETAIL_COLUMNS: &str =
    "id, email, firstname, lastname, phone, mobile, about, linkedin, title, signature, \
     picture, email_confirmed, super_admin";

pub async fn detail(conn: &mut PgConnection, id: Uuid) -> Result<UserDetail, ApiError> {
    sqlx::query_as(&format!("SELECT {DETAIL_COLUMNS} FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or(ApiError::NotFound)
}

/// Inserts a user (no id) or updates one; never changes the e-mail of an existing user.
pub async fn save_user(
    conn: &mut PgConnection,
    id: Option<Uuid>,
    user: &CleanUser,
    email_confirmed: bool,
    by: Uuid,
) -> Result<Uuid, ApiError> {
    match id {
        None => sqlx::query_scalar(
            "INSERT INTO users (email, password_hash, firstname, lastname, phone, mobile, about, linkedin, title, signature, \
               email_confirmed, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id",
        )
        .bind(&user.email)
        .bind(&user.password_hash)
        .bind(&user.firstname)
        .bind(&user.lastname)
        .bind(&user.phone)
        .bind(&user.mobile)
        .bind(&user.about)
        .bind(&user.linkedin)
        .bind(&user.title)
        .bind(&user.signature)
        .bind(email_confirmed)
        .bind(by)
        .fetch_one(&mut *conn)
        .await
        .map_err(unique_field("email", "E-mail adressen er allerede i brug")),
        Some(id) => {
            sqlx::query(
                "UPDATE users SET password_hash = coalesce($2, password_hash), firstname = $3, lastname = $4, phone = $5, \
                 mobile = $6, about = $7, linkedin = $8, title = coalesce($9, title), signature = coalesce($10, signature), \
                 email_confirmed = $11, updated_at = now(), updated_by = $12 WHERE id = $1",
            )
            .bind(id)
            .bind(&user.password_hash)
            .bind(&user.firstname)
            .bind(&user.lastname)
            .bind(&user.phone)
            .bind(&user.mobile)
            .bind(&user.about)
            .bind(&user.linkedin)
            .bind(&user.title)
            .bind(&user.signature)
            .bind(email_confirmed)
            .bind(by)
            .execute(&mut *conn)
            .await?;
            if user.password_hash.is_some() {
                sessions_of_user_end(conn, id, by).await?;
            }
            Ok(id)
        }
    }
}

/// A new password set by someone else ends the user's sessions (not the caller's own).
async fn sessions_of_user_end(conn: &mut PgConnection, id: Uuid, by: Uuid) -> Result<(), ApiError> {
    if id != by {
        sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(id)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Applies the picture of a user form: a new file replaces, `picture: null` removes.
pub async fn apply_picture(
    conn: &mut PgConnection,
    state: &AppState,
    id: Uuid,
    input: &UserInput,
    form: &Form,
) -> Result<(), ApiError> {
    let current: Option<String> = sqlx::query_scalar("SELECT picture FROM users WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    let slot = ImageSlot::from_form(form.files_named("file").next(), &input.picture);
    if slot.keeps() {
        return Ok(());
    }
    let change = slot
        .apply(current, |file| {
            images::store(&state.storage, "users", id, file)
        })
        .await?;
    sqlx::query("UPDATE users SET picture = $2 WHERE id = $1")
        .bind(id)
        .bind(&change.value)
        .execute(&mut *conn)
        .await?;
    images::remove(&state.storage, change.obsolete.as_deref()).await?;
    Ok(())
}

/// The user fields of the audit trail: the row without secrets.
pub fn audit_view(user: &UserDetail) -> Value {
    let mut value = serde_json::to_value(user).unwrap_or(Value::Null);
    if let Some(map) = value.as_object_mut() {
        map.remove("id");
    }
    value
}

/// A row of the system's users list.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct UserListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Firstname")]
    pub firstname: String,
    #[serde(rename = "Lastname")]
    pub lastname: String,
    #[serde(rename = "Email")]
    pub email: String,
    #[serde(rename = "EmailConfirmed")]
    pub email_confirmed: bool,
    #[serde(rename = "SuperAdmin")]
    pub super_admin: bool,
}

/// How lists of users sort (the system's users and a club's).
pub const USER_SORTS: &[SortColumn] = &[
    SortColumn::of("Name", "lower(u.firstname), lower(u.lastname)"),
    SortColumn::of("Firstname", "lower(u.firstname)"),
    SortColumn::of("Lastname", "lower(u.lastname)"),
    SortColumn::of("Email", "lower(u.email)"),
];

/// Every user, for the system admins.
const USERS: ListSpec = ListSpec {
    from: "users u",
    club: None,
    columns: "u.id, u.firstname, u.lastname, u.email, u.email_confirmed, u.super_admin",
    key: "u.id",
    filters: &[],
    search: Search::Columns(&["u.firstname || ' ' || u.lastname || ' ' || u.email"]),
    sorts: USER_SORTS,
    default_sort: ("Name", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(get, path = "/api/users", tag = "admin", params(AdminListQuery), responses((status = 200, body = Page<UserListRow>), (status = 403)))]
pub async fn list_users(
    _admin: SystemAdmin,
    query: web::Query<AdminListQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = query.params();
    let (rows, total) = USERS
        .page::<UserListRow>(&mut *state.pool.acquire().await?, None, &params)
        .await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// A user's membership of a club, with the club's roles to choose from.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserMembership {
    pub client_id: Uuid,
    pub client_name: String,
    pub role: Option<String>,
    pub accepted: bool,
    pub system_user: bool,
    /// The club's roles (stored as JSON).
    #[ts(as = "Vec<Role>")]
    #[schema(value_type = Vec<Role>)]
    pub roles: Value,
}

/// A system user as the admin editor reads it: the user's fields and every membership.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct SystemUser {
    #[serde(flatten)]
    pub user: UserDetail,
    pub clients: Vec<UserMembership>,
}

/// Memberships of existing clubs only: one whose club is unknown is dropped (spec 1 §2).
async fn memberships_of(
    conn: &mut PgConnection,
    user_id: Uuid,
) -> Result<Vec<UserMembership>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT m.client_id, c.name AS client_name, m.role, m.accepted, m.system_user, c.roles \
         FROM memberships m JOIN clients c ON c.id = m.client_id WHERE m.user_id = $1 ORDER BY c.name",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?)
}

#[utoipa::path(get, path = "/api/users/{id}", tag = "admin", operation_id = "get_system_user", responses((status = 200, body = Envelope<SystemUser>), (status = 404)))]
pub async fn get_user(
    _admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut conn = state.pool.acquire().await?;
    let user = detail(&mut conn, id).await?;
    let clients = memberships_of(&mut conn, id).await?;
    Ok(envelope::result(SystemUser { user, clients }))
}

/// Roles by club id, for checking a membership's role.
async fn club_roles(
    conn: &mut PgConnection,
    ids: &[Uuid],
) -> Result<Vec<(Uuid, Vec<String>)>, ApiError> {
    let rows: Vec<(Uuid, Value)> =
        sqlx::query_as("SELECT id, roles FROM clients WHERE id = ANY($1)")
            .bind(ids)
            .fetch_all(conn)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(id, roles)| (id, role_aliases(&roles)))
        .collect())
}

pub fn role_aliases(roles: &Value) -> Vec<String> {
    roles
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r.get("alias").and_then(Value::as_str))
        .map(str::to_string)
        .collect()
}

#[utoipa::path(post, path = "/api/users/update", tag = "admin",
    request_body(content((UserInput = "application/json"), (MultipartUpdate = "multipart/form-data")), description = "As JSON, or multipart with the JSON in `data` and the picture as `file`; `picture: null` removes it."),
    responses((status = 200, description = "the user's id", body = Envelope<Uuid>), (status = 422)))]
pub async fn update_user(
    admin: SystemAdmin,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let input: UserInput = form.json()?;
    let mut check = Check::new();
    let user = clean_user(
        &input,
        form.files_named("file").next(),
        input.id.is_none(),
        &mut check,
    )
    .await?;
    let memberships = input.clients.clone().unwrap_or_default();
    let mut tx = system_tx(&state.pool).await?;
    let ids: Vec<Uuid> = memberships.iter().map(|m| m.client_id).collect();
    let roles = club_roles(&mut tx, &ids).await?;
    for (i, m) in memberships.iter().enumerate() {
        match roles.iter().find(|(id, _)| *id == m.client_id) {
            None => check.fail(&format!("clients.{i}.clientId"), "Klubben findes ikke"),
            Some((_, aliases)) => {
                if let Some(role) = clean(&m.role) {
                    if !aliases.contains(&role) {
                        check.fail(&format!("clients.{i}.role"), "Rollen findes ikke i klubben");
                    }
                }
            }
        }
        if ids.iter().filter(|id| **id == m.client_id).count() > 1 {
            check.fail(
                &format!("clients.{i}.clientId"),
                "Brugeren er allerede tilknyttet klubben",
            );
        }
    }
    if input.id == Some(admin.0.user_id()) && !input.super_admin {
        check.fail("superAdmin", "Du kan ikke fjerne System Admin fra dig selv");
    }
    check.finish()?;

    let before = match input.id {
        Some(id) => Some(detail(&mut tx, id).await?),
        None => None,
    };
    let before_memberships = match input.id {
        Some(id) => json!(memberships_of(&mut tx, id).await?),
        None => json!([]),
    };
    let id = save_user(
        &mut tx,
        input.id,
        &user,
        input.email_confirmed,
        admin.0.user_id(),
    )
    .await?;
    sqlx::query("UPDATE users SET super_admin = $2 WHERE id = $1")
        .bind(id)
        .bind(input.super_admin)
        .execute(&mut *tx)
        .await?;
    if input.clients.is_some() {
        sqlx::query("DELETE FROM memberships WHERE user_id = $1 AND NOT (client_id = ANY($2))")
            .bind(id)
            .bind(&ids)
            .execute(&mut *tx)
            .await?;
        for m in &memberships {
            sqlx::query(
                "INSERT INTO memberships (user_id, client_id, role, accepted, system_user) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (user_id, client_id) DO UPDATE SET role = EXCLUDED.role, accepted = EXCLUDED.accepted, \
                 system_user = EXCLUDED.system_user",
            )
            .bind(id)
            .bind(m.client_id)
            .bind(clean(&m.role))
            .bind(m.accepted)
            .bind(m.system_user)
            .execute(&mut *tx)
            .await?;
        }
    }
    apply_picture(&mut tx, &state, id, &input, &form).await?;
    let after = detail(&mut tx, id).await?;
    let after_memberships = json!(memberships_of(&mut tx, id).await?);
    let old = before.as_ref().map(audit_view).unwrap_or(json!({}));
    let mut changes = diff(&old, &audit_view(&after));
    if before_memberships != after_memberships {
        changes["clients"] = json!({ "old": before_memberships, "new": after_memberships });
    }
    if user.password_hash.is_some() {
        changes["password"] = json!({ "old": "•••", "new": "•••" });
    }
    let action = if before.is_some() { "update" } else { "create" };
    audit(
        &mut tx,
        &admin,
        None,
        "user",
        &id.to_string(),
        action,
        changes,
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/users/{id}", tag = "admin", responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn delete_user(
    admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    if id == admin.0.user_id() {
        return Err(ApiError::invalid("Du kan ikke slette dig selv"));
    }
    let mut tx = system_tx(&state.pool).await?;
    let before = detail(&mut tx, id).await?;
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(still_referenced(ApiError::Conflict(
            "Brugeren har data i en klub og kan ikke slettes. Fjern i stedet brugerens klubber."
                .into(),
        )))?;
    audit(
        &mut tx,
        &admin,
        None,
        "user",
        &id.to_string(),
        "delete",
        diff(&audit_view(&before), &json!({})),
    )
    .await?;
    tx.commit().await?;
    images::remove(&state.storage, before.picture.as_deref()).await?;
    Ok(envelope::ok())
}

/// The club an impersonated session starts in: the admin's current club when the user belongs
/// to it, else the user's first accepted membership.
async fn club_for(
    state: &AppState,
    user_id: Uuid,
    preferred: Uuid,
) -> Result<Option<Uuid>, ApiError> {
    let memberships: Vec<users::Membership> = users::memberships(&state.pool, user_id)
        .await?
        .into_iter()
        .filter(|m| m.accepted)
        .collect();
    Ok(memberships
        .iter()
        .find(|m| m.client_id == preferred)
        .or_else(|| memberships.first())
        .map(|m| m.client_id))
}

/// 'Log ind' (spec 1 §2): the admin's session is replaced by one of the user that remembers the
/// admin. The webapp then reloads at the root. A write (POST with the CSRF token) rather than
/// the GET of spec 1 §7, so another site cannot start it.
#[utoipa::path(post, path = "/api/users/{id}/impersonate", tag = "admin", responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn impersonate_user(
    admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let staff = &admin.0;
    if id == staff.user_id() {
        return Err(ApiError::invalid("Du er allerede logget ind som dig selv"));
    }
    if staff.identity.impersonator.is_some() {
        return Err(ApiError::Forbidden);
    }
    let target = users::by_id(&state.pool, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let club = match club_for(&state, target.id, staff.client_id).await? {
        Some(club) => Some(club),
        None if target.super_admin => Some(staff.client_id),
        None => {
            return Err(ApiError::invalid(
                "Brugeren er ikke tilknyttet en klub og kan ikke logges ind som",
            ))
        }
    };
    let mut tx = system_tx(&state.pool).await?;
    audit(
        &mut tx,
        &admin,
        None,
        "user",
        &id.to_string(),
        "impersonate",
        json!({}),
    )
    .await?;
    tx.commit().await?;
    let session =
        sessions::create(&state.pool, target.id, club, Some(staff.user_id()), false).await?;
    sessions::destroy(&state.pool, &staff.identity.session_id).await?;
    let mut response = envelope::ok();
    for cookie in session_cookies(&session, state.settings.secure_cookies) {
        response.add_cookie(&cookie).map_err(ApiError::internal)?;
    }
    Ok(response)
}

/// The impersonation banner's way back: the admin gets a session of their own again, in the club
/// they were looking at when possible, and lands on the admin users list. A state change, so a
/// POST with the CSRF header (issue 11 §7).
#[utoipa::path(post, path = "/api/users/return", tag = "admin", responses((status = 302), (status = 403)))]
pub async fn return_to_self(
    signed_in: SignedIn,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let identity = signed_in.0;
    let (admin_id, _) = identity.impersonator.clone().ok_or(ApiError::Forbidden)?;
    let admin = users::by_id(&state.pool, admin_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let club = match identity.client_id {
        Some(current) if admin.super_admin && clients::is_active(&state.pool, current).await? => {
            Some(current)
        }
        Some(current) => club_for(&state, admin.id, current).await?,
        None => None,
    };
    let session = sessions::create(&state.pool, admin.id, club, None, false).await?;
    sessions::destroy(&state.pool, &identity.session_id).await?;
    let mut response = HttpResponse::Found()
        .insert_header((header::LOCATION, "/settings/admin-users"))
        .finish();
    for cookie in session_cookies(&session, state.settings.secure_cookies) {
        response.add_cookie(&cookie).map_err(ApiError::internal)?;
    }
    Ok(response)
}
