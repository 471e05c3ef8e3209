//! One contract (spec 3 §2 Contract editor, §4, §5, §7 Contracts): thin handlers over the
//! Contract's application service (`service.rs`), answering in the shared envelope.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use tribune_domain::contract::{AgreementStatus, ContractCommand};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::document;
use super::dto::{ContractDto, ContractInput};
use super::service::ContractService;
use crate::envelope::{self, Ack, Envelope};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::fields::{self, FieldGuard};
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::pdf::pdf_response;
use crate::session::Staff;
use crate::state::AppState;

#[utoipa::path(get, path = "/api/contracts/{id}", tag = "contracts",
    responses((status = 200, description = "the contract; money fields are integers of øre", body = Envelope<ContractDto>), (status = 404)))]
pub async fn get_contract(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let (contract, version) = ContractService::of(&state)
        .load(staff.client_id, id)
        .await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let dto = ContractDto::from_contract(Some(id), version, &contract)
        .with_links(&mut tx)
        .await?;
    tx.commit().await?;
    Ok(envelope::result(dto))
}

#[utoipa::path(get, path = "/api/contracts/new", tag = "contracts",
    responses((status = 200, description = "an empty draft with the club's VAT setting and its pre-selected products", body = Envelope<ContractDto>)))]
pub async fn new_contract(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let contract = ContractService::of(&state)
        .template(staff.client_id)
        .await?;
    Ok(envelope::result(ContractDto::from_contract(
        None, 0, &contract,
    )))
}

#[utoipa::path(post, path = "/api/contracts/update", tag = "contracts", request_body = ContractInput,
    responses((status = 200, description = "the contract's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn update_contract(
    staff: Staff,
    body: Json<ContractInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let id = ContractService::of(&state)
        .save(
            &Actor::from(&staff),
            input.id,
            input.version,
            input.content(),
        )
        .await?;
    Ok(envelope::result(id))
}

/// What a contract holds now in the shape of `POST /api/contracts/update` (a new one: the
/// club's draft), for the field rules to judge a save against.
pub static CONTRACT_FIELDS: FieldGuard = FieldGuard {
    name: "the contract",
    reference: |state, client_id, body| Box::pin(contract_reference(state, client_id, body)),
};

async fn contract_reference(
    state: &AppState,
    client_id: Uuid,
    body: &Value,
) -> Result<Value, ApiError> {
    let service = ContractService::of(state);
    let dto = match fields::named_id(body) {
        Some(id) => {
            let (contract, version) = service.load(client_id, id).await?;
            ContractDto::from_contract(Some(id), version, &contract)
        }
        None => ContractDto::from_contract(None, 0, &service.template(client_id).await?),
    };
    fields::with_lines(state, client_id, dto, body, "contractLines").await
}

/// Which contract, at which version (None: as it is now).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractRef {
    pub id: Uuid,
    pub version: Option<usize>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub agreement_status: Option<AgreementStatus>,
}

async fn state_change(
    staff: Staff,
    body: Json<ContractRef>,
    state: web::Data<AppState>,
    command: ContractCommand,
    name: &str,
) -> Result<HttpResponse, ApiError> {
    ContractService::of(&state)
        .execute(&Actor::from(&staff), body.id, body.version, command, name)
        .await?;
    Ok(envelope::result(body.id))
}

#[utoipa::path(post, path = "/api/contracts/approve", tag = "contracts", request_body = ContractRef,
    responses((status = 200, description = "the contract's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn approve_contract(
    staff: Staff,
    body: Json<ContractRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(
        staff,
        body,
        state,
        ContractCommand::Approve,
        "contract.approve",
    )
    .await
}

#[utoipa::path(post, path = "/api/contracts/edit", tag = "contracts", request_body = ContractRef,
    responses((status = 200, description = "the contract's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn reopen_contract(
    staff: Staff,
    body: Json<ContractRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(staff, body, state, ContractCommand::Reopen, "contract.edit").await
}

#[utoipa::path(post, path = "/api/contracts/cancel", tag = "contracts", request_body = ContractRef,
    responses((status = 200, description = "the contract's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn cancel_contract(
    staff: Staff,
    body: Json<ContractRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(
        staff,
        body,
        state,
        ContractCommand::Cancel,
        "contract.cancel",
    )
    .await
}

#[utoipa::path(post, path = "/api/contracts/{id}/reactivate", tag = "contracts", request_body = ContractRef,
    responses((status = 200, description = "the contract's id", body = Envelope<Uuid>), (status = 404), (status = 409), (status = 422)))]
pub async fn reactivate_contract(
    staff: Staff,
    path: web::Path<String>,
    body: Json<ContractRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    if id != body.id {
        return Err(ApiError::field(
            "id",
            "Aftalen i adressen og i indholdet er ikke den samme",
        ));
    }
    state_change(
        staff,
        body,
        state,
        ContractCommand::Reactivate,
        "contract.reactivate",
    )
    .await
}

#[utoipa::path(post, path = "/api/contracts/renew", tag = "contracts", request_body = ContractRef,
    responses((status = 200, description = "the new contract's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn renew_contract(
    staff: Staff,
    body: Json<ContractRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = ContractService::of(&state)
        .renew(&Actor::from(&staff), body.id, body.version)
        .await?;
    Ok(envelope::result(id))
}

#[utoipa::path(post, path = "/api/contracts/agreement-status", tag = "contracts", request_body = ContractRef,
    responses((status = 200, description = "the contract's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn set_agreement_status(
    staff: Staff,
    body: Json<ContractRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Some(status) = body.agreement_status else {
        return Err(ApiError::field(
            "agreementStatus",
            "Forhandlingsstatus skal vælges",
        ));
    };
    state_change(
        staff,
        body,
        state,
        ContractCommand::SetAgreementStatus { status },
        "contract.agreement-status",
    )
    .await
}

#[utoipa::path(delete, path = "/api/contracts/{id}", tag = "contracts",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn delete_contract(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    ContractService::of(&state)
        .execute(
            &Actor::from(&staff),
            id,
            None,
            ContractCommand::Delete,
            "contract.delete",
        )
        .await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/contracts/{id}/send", tag = "contracts",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn send_contract(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    ContractService::of(&state)
        .send(&Actor::from(&staff), id)
        .await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/contracts/{id}/send-signing", tag = "contracts",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn send_for_signing(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    ContractService::of(&state)
        .send_for_signing(&Actor::from(&staff), id)
        .await?;
    Ok(envelope::ok())
}

#[utoipa::path(get, path = "/api/contracts/{id}/pdf", tag = "contracts",
    responses((status = 200, description = "the contract as a PDF", content_type = "application/pdf", body = Vec<u8>), (status = 404)))]
pub async fn contract_pdf(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let (contract, _) = ContractService::of(&state)
        .load(staff.client_id, id)
        .await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let pdf = document::render(&mut tx, &state.storage, id, &contract, None).await?;
    tx.commit().await?;
    Ok(pdf_response(
        &format!("Aftale-{}.pdf", contract.number),
        pdf.bytes,
    ))
}
