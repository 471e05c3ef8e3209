use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use uuid::Uuid;

use super::user::{session_user, SessionUser};
use crate::club::current_club;
use crate::envelope::{self, Ack, DataEnvelope};
use crate::error::ApiError;
use crate::identity::client_ip::client_ip;
use crate::identity::tokens::{self, TokenKind};
use crate::identity::{clients, login_throttle, passwords, sessions, users};
use crate::jobs::{self, JobMethod, NewJob};
use crate::kit::input::Json;
use crate::kit::link_page::{link_token, LinkPage, TokenQuery};
use crate::kit::validate::Check;
use crate::mail;
use crate::session::{constant_time_eq, expired_cookies, session_cookies, Caller, CSRF_HEADER};
use crate::state::AppState;

#[derive(Debug, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoginRequest {
    pub email: Option<String>,
    pub password: Option<String>,
    #[serde(default)]
    pub remember_me: bool,
}

/// The club a fresh session starts in: the club the visitor is looking at when they belong to it,
/// else their first accepted membership (staff memberships first); a System Admin without any
/// membership starts in the first active club.
async fn starting_club(
    state: &AppState,
    user: &users::UserRow,
    looking_at: Option<Uuid>,
) -> Result<Option<Uuid>, ApiError> {
    let memberships: Vec<users::Membership> = users::memberships(&state.pool, user.id)
        .await?
        .into_iter()
        .filter(|m| m.accepted)
        .collect();
    if let Some(club) = looking_at.filter(|c| memberships.iter().any(|m| m.client_id == *c)) {
        return Ok(Some(club));
    }
    if let Some(first) = memberships.first() {
        return Ok(Some(first.client_id));
    }
    if user.super_admin {
        return Ok(clients::active_refs(&state.pool)
            .await?
            .first()
            .map(|c| c.id));
    }
    Ok(None)
}

#[utoipa::path(post, path = "/api/login", tag = "session", request_body = LoginRequest,
    responses((status = 200, description = "the signed-in user", body = DataEnvelope<SessionUser>), (status = 401), (status = 422), (status = 429)))]
pub async fn login(
    req: HttpRequest,
    caller: Caller,
    body: Json<LoginRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let mut check = Check::new();
    let email = check.required("email", "E-mail", &body.email);
    let password = check.required("password", "Adgangskode", &body.password);
    check.finish()?;
    let ip = client_ip(&req);
    if let Some(wait) = login_throttle::wait(&state.pool, &email, &ip).await? {
        return Err(login_throttle::refusal(wait));
    }
    let user = users::by_email(&state.pool, &email).await?;
    let valid = passwords::verify(
        password,
        user.as_ref().and_then(|u| u.password_hash.clone()),
    )
    .await?;
    let Some(user) = user.filter(|_| valid) else {
        login_throttle::record_failure(&state.pool, &email, &ip).await?;
        return Err(ApiError::Rejected(
            "Forkert e-mail eller adgangskode".into(),
        ));
    };
    if !user.email_confirmed {
        return Err(ApiError::Rejected(
            "Du skal bekræfte din e-mail adresse, før du kan logge ind. Se linket i den e-mail, vi har sendt.".into(),
        ));
    }
    login_throttle::record_success(&state.pool, &email, &ip).await?;

    let looking_at = current_club(&state, &req, &Caller(None)).await?;
    let club = starting_club(&state, &user, looking_at).await?;
    if let Some(old) = &caller.0 {
        sessions::destroy(&state.pool, &old.session_id).await?;
    }
    let session = sessions::create(&state.pool, user.id, club, None, body.remember_me).await?;
    let identity = sessions::load(&state.pool, &session.secret)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let mut response = envelope::data(session_user(&state, &identity).await?);
    for cookie in session_cookies(&session, state.settings.secure_cookies) {
        response.add_cookie(&cookie).map_err(ApiError::internal)?;
    }
    Ok(response)
}

const LOGOUT_PAGE: LinkPage = LinkPage {
    title: "Log ud",
    text: "Vil du logge ud af Tribune?",
    button: "Log ud",
    action: "/logout",
};

/// A page whose button logs out: an address opened by a link (a prefetch, an `<img>` on another
/// site) changes nothing. Without a session there is nothing to leave: home.
#[utoipa::path(get, path = "/logout", tag = "session",
    responses((status = 200, content_type = "text/html", body = String, description = "the page with the 'Log ud' button"), (status = 302, description = "to / when not signed in")))]
pub async fn logout_page(caller: Caller) -> HttpResponse {
    match caller.0 {
        Some(identity) => LOGOUT_PAGE.response(&identity.csrf),
        None => HttpResponse::Found()
            .insert_header((header::LOCATION, "/"))
            .finish(),
    }
}

/// Ends the session on the server and clears its cookies. The session's CSRF token comes in the
/// `X-CSRF-Token` header (the app) or the page's `token` field, so another site cannot log a
/// user out.
#[utoipa::path(post, path = "/logout", tag = "session",
    request_body(content = TokenQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 302, description = "to /"), (status = 403, description = "no or a wrong CSRF token")))]
pub async fn logout(
    req: HttpRequest,
    caller: Caller,
    form: Option<web::Form<TokenQuery>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    if let Some(identity) = caller.0 {
        let header = req
            .headers()
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let sent = header
            .or_else(|| form.and_then(|f| f.into_inner().token))
            .unwrap_or_default();
        if !constant_time_eq(sent.as_bytes(), identity.csrf.as_bytes()) {
            return Err(ApiError::ForbiddenWith(
                "Ugyldig CSRF-token. Genindlæs siden og prøv igen.".into(),
            ));
        }
        sessions::destroy(&state.pool, &identity.session_id).await?;
    }
    let mut response = HttpResponse::Found()
        .insert_header((header::LOCATION, "/"))
        .finish();
    for cookie in expired_cookies() {
        response.add_cookie(&cookie).map_err(ApiError::internal)?;
    }
    Ok(response)
}

#[derive(Debug, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RegisterRequest {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}

/// Answers the same whether or not the address already has a user, so it reveals nothing: a new
/// address gets a confirmation mail, a known one a mail saying it has a user and how to get in.
#[utoipa::path(post, path = "/api/register", tag = "session", request_body = RegisterRequest,
    responses((status = 200, body = Ack), (status = 422)))]
pub async fn register(
    req: HttpRequest,
    caller: Caller,
    body: Json<RegisterRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let mut check = Check::new();
    let firstname = check.required("firstname", "Fornavn", &body.firstname);
    let lastname = check.required("lastname", "Efternavn", &body.lastname);
    let email = check.required("email", "E-mail", &body.email);
    check.email("email", "E-mail", &email);
    let password = check.required("password", "Adgangskode", &body.password);
    check.min_chars("password", "Adgangskode", &password, passwords::MIN_LENGTH);
    let confirm = check.required(
        "confirmPassword",
        "Gentag adgangskode",
        &body.confirm_password,
    );
    check.confirm(
        "confirmPassword",
        "Gentag adgangskode",
        &confirm,
        "Adgangskode",
        &password,
    );
    for (field, label, value) in [
        ("firstname", "Fornavn", &firstname),
        ("lastname", "Efternavn", &lastname),
    ] {
        check.max_chars(field, label, value, 100);
    }
    check.max_chars("email", "E-mail", &email, 254);
    check.finish()?;

    let club_id = current_club(&state, &req, &caller)
        .await?
        .ok_or_else(|| ApiError::invalid("Vælg en klub, før du opretter en bruger"))?;
    let club = clients::by_id(&state.pool, club_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let password_hash = passwords::hash(password).await?;
    let mut tx = state.pool.begin().await?;
    register_customer_in(
        &mut tx,
        &state,
        (club_id, &club.name),
        NewCustomer {
            firstname: &firstname,
            lastname: &lastname,
            email: &email,
            password_hash: &password_hash,
            phone: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

/// A new customer's account.
pub struct NewCustomer<'a> {
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    /// The phone given with it (a checkout's), so the next checkout knows it.
    pub phone: Option<&'a str>,
}

/// Makes a customer user of the club (id, name) inside the caller's transaction and queues the
/// mail that confirms the address. An address that already has a user gets a mail telling its
/// owner instead, and the caller answers exactly as for a new one (nobody learns who has an
/// account). Returns the new user's id, if one was made.
pub async fn register_customer_in(
    conn: &mut sqlx::PgConnection,
    state: &AppState,
    club: (Uuid, &str),
    customer: NewCustomer<'_>,
) -> Result<Option<Uuid>, ApiError> {
    let user_id: Option<Uuid> = sqlx::query_scalar(
        "INSERT INTO users (email, password_hash, firstname, lastname, phone) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING id",
    )
    .bind(customer.email)
    .bind(customer.password_hash)
    .bind(customer.firstname)
    .bind(customer.lastname)
    .bind(customer.phone.map(str::trim).filter(|p| !p.is_empty()))
    .fetch_optional(&mut *conn)
    .await?;
    let Some(user_id) = user_id else {
        // The address has a user: answer exactly as for a new one, and tell the owner by mail.
        let existing = users::by_email(&mut *conn, customer.email)
            .await?
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a taken address has no user")))?;
        let secret = tokens::issue(&mut *conn, existing.id, TokenKind::ResetPassword).await?;
        let public_url = state.settings.public_url.trim_end_matches('/');
        jobs::enqueue(
            &mut *conn,
            NewJob {
                client_id: Some(club.0),
                description: format!("Besked om eksisterende bruger til {}", existing.email),
                method: JobMethod::SendMail(mail::account::already_registered(
                    &existing.email,
                    &existing.firstname,
                    club.1,
                    &format!("{public_url}/login"),
                    &format!("{public_url}/reset-password?token={secret}"),
                )),
                collection: Some("users".into()),
                relation_id: Some(existing.id.to_string()),
                created_by: None,
            },
        )
        .await?;
        return Ok(None);
    };
    sqlx::query(
        "INSERT INTO memberships (user_id, client_id, role, system_user, accepted) VALUES ($1, $2, 'customer', false, true)",
    )
    .bind(user_id)
    .bind(club.0)
    .execute(&mut *conn)
    .await?;
    let secret = tokens::issue(&mut *conn, user_id, TokenKind::ConfirmEmail).await?;
    let link = format!(
        "{}/confirm-email?token={secret}",
        state.settings.public_url.trim_end_matches('/')
    );
    jobs::enqueue(
        &mut *conn,
        NewJob {
            client_id: Some(club.0),
            description: format!("Bekræftelsesmail til {}", customer.email),
            method: JobMethod::SendMail(mail::confirm_email(
                customer.email,
                customer.firstname,
                club.1,
                &link,
            )),
            collection: Some("users".into()),
            relation_id: Some(user_id.to_string()),
            created_by: Some(user_id),
        },
    )
    .await?;
    Ok(Some(user_id))
}

const CONFIRM_PAGE: LinkPage<'static> = LinkPage {
    title: "Bekræft din e-mail adresse",
    text: "Klik på knappen for at bekræfte din e-mail adresse. Derefter kan du logge ind.",
    button: "Bekræft e-mail adresse",
    action: "/confirm-email",
};

/// The confirmation mail's link lands here: a page whose button posts the token to
/// `confirm_email` (opening a link must not use it up). Without a token: to the login page.
#[utoipa::path(get, path = "/confirm-email", tag = "session", params(TokenQuery),
    responses((status = 200, description = "a page with one button that posts the token", content_type = "text/html", body = String),
        (status = 302, description = "no token: to /login?confirmed=0")))]
pub async fn confirm_email_page(query: web::Query<TokenQuery>) -> HttpResponse {
    match link_token(&query, None) {
        Some(token) => CONFIRM_PAGE.response(&token),
        None => HttpResponse::Found()
            .insert_header((header::LOCATION, "/login?confirmed=0"))
            .finish(),
    }
}

/// Confirms the address with the token (posted by the page's form, or in `?token=`) and sends
/// the browser to log in.
#[utoipa::path(post, path = "/confirm-email", tag = "session", params(TokenQuery),
    request_body(content = TokenQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 302, description = "to /login?confirmed=1 or 0")))]
pub async fn confirm_email(
    query: web::Query<TokenQuery>,
    form: Option<web::Form<TokenQuery>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = state.pool.begin().await?;
    let user_id = match link_token(&query, form.as_deref()) {
        Some(token) => tokens::redeem(&mut tx, &token, TokenKind::ConfirmEmail).await?,
        None => None,
    };
    if let Some(user_id) = user_id {
        sqlx::query("UPDATE users SET email_confirmed = true, updated_at = now(), updated_by = id WHERE id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    let target = if user_id.is_some() {
        "/login?confirmed=1"
    } else {
        "/login?confirmed=0"
    };
    Ok(HttpResponse::Found()
        .insert_header((header::LOCATION, target))
        .finish())
}

#[derive(Debug, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ForgotPasswordRequest {
    pub email: Option<String>,
}

/// Answers the same whether or not the address has a user, so it reveals nothing.
#[utoipa::path(post, path = "/api/forgot-password", tag = "session", request_body = ForgotPasswordRequest,
    responses((status = 200, body = Ack), (status = 422)))]
pub async fn forgot_password(
    body: Json<ForgotPasswordRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut check = Check::new();
    let email = check.required("email", "E-mail", &body.email);
    check.email("email", "E-mail", &email);
    check.finish()?;
    if let Some(user) = users::by_email(&state.pool, &email).await? {
        let mut tx = state.pool.begin().await?;
        let secret = tokens::issue(&mut tx, user.id, TokenKind::ResetPassword).await?;
        let link = format!(
            "{}/reset-password?token={secret}",
            state.settings.public_url.trim_end_matches('/')
        );
        jobs::enqueue(
            &mut tx,
            NewJob {
                client_id: None,
                description: format!("Nulstilling af adgangskode til {}", user.email),
                method: JobMethod::SendMail(mail::reset_password(
                    &user.email,
                    &user.firstname,
                    &link,
                )),
                collection: Some("users".into()),
                relation_id: Some(user.id.to_string()),
                created_by: None,
            },
        )
        .await?;
        tx.commit().await?;
    }
    Ok(envelope::ok())
}

#[derive(Debug, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResetPasswordRequest {
    pub reset_token: Option<String>,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}

const RESET_FAILED: &str = "Adgangskoden kunne ikke genskabes";

#[utoipa::path(post, path = "/api/reset-password", tag = "session", request_body = ResetPasswordRequest,
    responses((status = 200, body = Ack), (status = 422)))]
pub async fn reset_password(
    body: Json<ResetPasswordRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let mut check = Check::new();
    let password = check.required("password", "Ny adgangskode", &body.password);
    check.min_chars(
        "password",
        "Ny adgangskode",
        &password,
        passwords::MIN_LENGTH,
    );
    let confirm = check.required(
        "confirmPassword",
        "Gentag adgangskode",
        &body.confirm_password,
    );
    check.confirm(
        "confirmPassword",
        "Gentag adgangskode",
        &confirm,
        "Ny adgangskode",
        &password,
    );
    check.finish()?;
    let token = body.reset_token.unwrap_or_default();
    let password_hash = passwords::hash(password).await?;
    let mut tx = state.pool.begin().await?;
    let Some(user_id) = tokens::redeem(&mut tx, &token, TokenKind::ResetPassword).await? else {
        return Err(ApiError::invalid(RESET_FAILED));
    };
    // Following the link proves the mailbox, so it confirms the address too.
    sqlx::query(
        "UPDATE users SET password_hash = $2, email_confirmed = true, updated_at = now(), updated_by = id WHERE id = $1",
    )
    .bind(user_id)
    .bind(&password_hash)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
