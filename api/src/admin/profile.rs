//! The profile (spec 3 §2 Profile, both variants; §3 Profile; §5): the signed-in user's own
//! fields, staff and customers alike. The e-mail is read-only; a new password keeps this
//! session and ends the others.

use actix_web::{web, HttpResponse};
use serde_json::json;
use tribune_projections::db::system_tx;

use super::users::{
    apply_picture, audit_view, clean_user, detail, save_user, UserDetail, UserInput,
};
use super::{audit, diff};
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::input::Submitted;
use crate::kit::openapi::MultipartUpdate;
use crate::kit::text::clean;
use crate::kit::validate::Check;
use crate::session::SignedIn;
use crate::state::AppState;

#[utoipa::path(get, path = "/api/profile", tag = "profile", responses((status = 200, body = Envelope<UserDetail>), (status = 401)))]
pub async fn get_profile(
    user: SignedIn,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = state.pool.acquire().await?;
    Ok(envelope::result(detail(&mut conn, user.0.user.id).await?))
}

#[utoipa::path(post, path = "/api/profile/update", tag = "profile",
    request_body(content((UserInput = "application/json"), (MultipartUpdate = "multipart/form-data")), description = "As JSON, or multipart with the JSON in `data` and the picture as `file`; `picture: null` removes it."),
    responses((status = 200, description = "the user's id", body = Envelope<uuid::Uuid>), (status = 422)))]
pub async fn update_profile(
    caller: SignedIn,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let mut input: UserInput = form.json()?;
    let id = caller.0.user.id;
    input.id = Some(id);
    let mut check = Check::new();
    let user = clean_user(&input, form.files_named("file").next(), false, &mut check).await?;
    check.finish()?;
    let mut tx = system_tx(&state.pool).await?;
    let before = detail(&mut tx, id).await?;
    save_user(&mut tx, Some(id), &user, before.email_confirmed, id).await?;
    sqlx::query("UPDATE users SET title = $2, signature = $3 WHERE id = $1")
        .bind(id)
        .bind(clean(&input.title))
        .bind(&user.signature)
        .execute(&mut *tx)
        .await?;
    if user.password_hash.is_some() {
        sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
            .bind(id)
            .bind(&caller.0.session_id)
            .execute(&mut *tx)
            .await?;
    }
    apply_picture(&mut tx, &state, id, &input, &form).await?;
    let after = detail(&mut tx, id).await?;
    let mut changes = diff(&audit_view(&before), &audit_view(&after));
    if user.password_hash.is_some() {
        changes["password"] = json!({ "old": "•••", "new": "•••" });
    }
    audit(
        &mut tx,
        &caller,
        None,
        "user",
        &id.to_string(),
        "profile",
        changes,
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}
