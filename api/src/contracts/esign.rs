//! The public side of e-signing (spec 3 §2 Contract e-sign page, §6 'E-signing needs a token in
//! the query', §7 `GET/POST /contracts/{id}/esign`): the document a link opens, a little about
//! it for the page's header, the signing itself, and the check of a signed copy. No session: the
//! token is the key (see `signing.rs`).

use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tribune_projections::db::club_tx;

use super::service::ContractService;
use super::signing::{self, Visitor};
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::identity::client_ip::client_ip;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::pdf::pdf_response;
use crate::state::AppState;
use crate::storage::read_form;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The token of the signing link.
    #[serde(default)]
    token: String,
}

#[utoipa::path(get, path = "/api/contracts/{id}/esign", tag = "contracts", params(TokenQuery),
    responses((status = 200, description = "the document the link opens: the one sent for signing, or after signing the signed copy", content_type = "application/pdf", body = Vec<u8>),
        (status = 403, description = "{success: false, error} — the link is wrong, old, used or expired")))]
pub async fn esign_document(
    path: web::Path<String>,
    query: web::Query<TokenQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let opened = signing::open(&state.pool, id, &query.token).await?;
    let bytes = state.storage.get(&opened.storage_key).await?;
    Ok(pdf_response("Aftale.pdf", bytes))
}

/// What the signing page shows above the document.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EsignInfo {
    pub contract_number: i64,
    pub club_name: String,
    /// The club's logo (its address), for the page's own header: the signer has no session and
    /// no club chosen.
    pub club_logo: Option<String>,
    pub company_name: Option<String>,
    pub signer_name: String,
    pub signed: bool,
    pub signed_at: Option<DateTime<Utc>>,
}

#[utoipa::path(get, path = "/api/contracts/{id}/esign/info", tag = "contracts", params(TokenQuery),
    responses((status = 200, body = Envelope<EsignInfo>), (status = 403)))]
pub async fn esign_info(
    path: web::Path<String>,
    query: web::Query<TokenQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let opened = signing::open(&state.pool, id, &query.token).await?;
    let (contract, _) = ContractService::of(&state)
        .load(opened.client_id, id)
        .await?;
    let mut tx = club_tx(&state.pool, opened.client_id).await?;
    let club_name: String = crate::kit::club::club_name(&mut tx, opened.client_id).await?;
    let club_logo: Option<String> = sqlx::query_scalar("SELECT logo FROM clients WHERE id = $1")
        .bind(opened.client_id)
        .fetch_one(&mut *tx)
        .await?;
    let company_name: Option<String> = match contract.content.company_id {
        Some(company) => {
            sqlx::query_scalar("SELECT name FROM companies WHERE id = $1")
                .bind(company)
                .fetch_optional(&mut *tx)
                .await?
        }
        None => None,
    };
    tx.commit().await?;
    let signed = opened.purpose == "view";
    Ok(envelope::result(EsignInfo {
        contract_number: contract.number,
        club_name,
        club_logo,
        company_name,
        signer_name: opened.signer_name,
        signed,
        signed_at: if signed {
            contract.signing.map(|s| s.signed_at)
        } else {
            None
        },
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SignatureInput {
    /// The drawn signature: a PNG as a data URL (`data:image/png;base64,…`).
    #[serde(default)]
    signature: String,
}

#[utoipa::path(post, path = "/api/contracts/{id}/esign", tag = "contracts", params(TokenQuery), request_body = SignatureInput,
    responses((status = 200, description = "the new token (opens the signed copy)", body = Envelope<String>),
        (status = 403, description = "the link is wrong, old, used or expired"),
        (status = 422, description = "'Underskrift er påkrævet!' and other signature errors")))]
pub async fn esign_sign(
    req: HttpRequest,
    path: web::Path<String>,
    query: web::Query<TokenQuery>,
    body: Json<SignatureInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let visitor = Visitor {
        ip: client_ip(&req),
        user_agent: req
            .headers()
            .get(actix_web::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string(),
    };
    let token = signing::sign(
        &ContractService::of(&state),
        id,
        &query.token,
        &body.signature,
        visitor,
    )
    .await?;
    Ok(envelope::result(token))
}

#[utoipa::path(post, path = "/api/public/contracts/verify", tag = "contracts",
    request_body(content_type = "multipart/form-data", description = "file: the PDF to check"),
    responses((status = 200, body = Envelope<signing::Verdict>), (status = 422)))]
pub async fn verify_document(
    payload: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let form = read_form(payload).await?;
    let Some(file) = form.files_named("file").next() else {
        return Err(ApiError::field(
            "file",
            "Vælg den PDF, der skal kontrolleres",
        ));
    };
    let verdict = signing::verify(&state.pool, &file.bytes).await?;
    Ok(envelope::result(verdict))
}
