//! One order (spec 3 §2 Order page, §4, §5, §7 Orders): thin handlers over the Order's
//! application service (`service.rs`), answering in the shared envelope.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tribune_domain::order::{OrderCommand, PaymentStatus};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::{OrderDto, OrderInput, OrderTicket};
use super::service::OrderService;
use crate::envelope::{self, Ack, Envelope};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::fields::{self, FieldGuard};
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::session::Staff;
use crate::state::AppState;

#[utoipa::path(get, path = "/api/orders/{id}", tag = "orders",
    responses((status = 200, description = "the order; money fields are integers of øre", body = Envelope<OrderDto>), (status = 404)))]
pub async fn get_order(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let (order, version) = OrderService::of(&state).load(staff.client_id, id).await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let dto = OrderDto::from_order(Some(id), version, &order)
        .with_links(&mut tx)
        .await?;
    tx.commit().await?;
    Ok(envelope::result(dto))
}

#[utoipa::path(get, path = "/api/orders/new", tag = "orders",
    responses((status = 200, description = "an empty draft with the club's VAT setting", body = Envelope<OrderDto>)))]
pub async fn new_order(staff: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let order = OrderService::of(&state).template(staff.client_id).await?;
    Ok(envelope::result(OrderDto::from_order(None, 0, &order)))
}

#[utoipa::path(post, path = "/api/orders/update", tag = "orders", request_body = OrderInput,
    responses((status = 200, description = "the order's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn update_order(
    staff: Staff,
    body: Json<OrderInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let id = OrderService::of(&state)
        .save(
            &Actor::from(&staff),
            input.id,
            input.version,
            input.content(),
        )
        .await?;
    Ok(envelope::result(id))
}

/// What an order holds now in the shape of `POST /api/orders/update` (a new one: the club's
/// draft), for the field rules to judge a save against.
pub static ORDER_FIELDS: FieldGuard = FieldGuard {
    name: "the order",
    reference: |state, client_id, body| Box::pin(order_reference(state, client_id, body)),
};

async fn order_reference(
    state: &AppState,
    client_id: Uuid,
    body: &Value,
) -> Result<Value, ApiError> {
    let service = OrderService::of(state);
    let dto = match fields::named_id(body) {
        Some(id) => {
            let (order, version) = service.load(client_id, id).await?;
            OrderDto::from_order(Some(id), version, &order)
        }
        None => OrderDto::from_order(None, 0, &service.template(client_id).await?),
    };
    fields::with_lines(state, client_id, dto, body, "orderLines").await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRef {
    pub id: Uuid,
    pub version: Option<usize>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub payment_status: Option<PaymentStatus>,
}

async fn state_change(
    staff: Staff,
    body: Json<OrderRef>,
    state: web::Data<AppState>,
    command: OrderCommand,
    name: &str,
) -> Result<HttpResponse, ApiError> {
    OrderService::of(&state)
        .execute(&Actor::from(&staff), body.id, body.version, command, name)
        .await?;
    Ok(envelope::result(body.id))
}

#[utoipa::path(post, path = "/api/orders/approve", tag = "orders", request_body = OrderRef,
    responses((status = 200, description = "the order's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn approve_order(
    staff: Staff,
    body: Json<OrderRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(staff, body, state, OrderCommand::Approve, "order.approve").await
}

#[utoipa::path(post, path = "/api/orders/edit", tag = "orders", request_body = OrderRef,
    responses((status = 200, description = "the order's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn reopen_order(
    staff: Staff,
    body: Json<OrderRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(staff, body, state, OrderCommand::Reopen, "order.edit").await
}

#[utoipa::path(post, path = "/api/orders/cancel", tag = "orders", request_body = OrderRef,
    responses((status = 200, description = "the order's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn cancel_order(
    staff: Staff,
    body: Json<OrderRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    OrderService::of(&state)
        .cancel(&state, &Actor::from(&staff), body.id, body.version)
        .await?;
    Ok(envelope::result(body.id))
}

#[utoipa::path(post, path = "/api/orders/payment-status", tag = "orders", request_body = OrderRef,
    responses((status = 200, description = "the order's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn set_payment_status(
    staff: Staff,
    body: Json<OrderRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Some(status) = body.payment_status else {
        return Err(ApiError::field(
            "paymentStatus",
            "Betalingsstatus skal vælges",
        ));
    };
    state_change(
        staff,
        body,
        state,
        OrderCommand::SetPaymentStatus { status },
        "order.payment-status",
    )
    .await
}

#[utoipa::path(delete, path = "/api/orders/{id}", tag = "orders",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn delete_order(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    by_path(staff, path, state, OrderCommand::Delete, "order.delete").await
}

/// A state change of the order named in the path (no version: these act on what is there now).
async fn by_path(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
    command: OrderCommand,
    name: &str,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    OrderService::of(&state)
        .execute(&Actor::from(&staff), id, None, command, name)
        .await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/orders/{id}/capture-payment", tag = "orders",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn capture_payment(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    OrderService::of(&state)
        .capture_payment(&state, &Actor::from(&staff), id)
        .await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/orders/{id}/send-paymentlink", tag = "orders",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn send_payment_link(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    OrderService::of(&state)
        .send_payment_link(&Actor::from(&staff), id)
        .await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/orders/{id}/send-confirmation", tag = "orders",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn send_confirmation(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    OrderService::of(&state)
        .send_confirmation(&Actor::from(&staff), id)
        .await?;
    Ok(envelope::ok())
}

/// The order's tickets (issued when its booking of an event is confirmed), voided ones too.
#[utoipa::path(get, path = "/api/orders/{id}/tickets", tag = "orders",
    responses((status = 200, body = Envelope<Vec<OrderTicket>>), (status = 404)))]
pub async fn order_tickets(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    OrderService::of(&state).load(staff.client_id, id).await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows = tribune_projections::ticket::queries::of_order(&mut tx, staff.client_id, id).await?;
    tx.commit().await?;
    let tickets: Vec<OrderTicket> = rows
        .into_iter()
        .map(|t| OrderTicket {
            id: t.id,
            code: t.code,
            number: t.number,
            name: t.name,
            company: t.company_name,
            product: t.product_title,
            section: t.section,
            row: t.row,
            seat_number: t.seat_number,
            options: t.options.0.into_iter().map(|o| o.title).collect(),
            extra_info: t.extra_info.0,
            status: t.status,
            scanned: t.scanned_at.is_some(),
        })
        .collect();
    Ok(envelope::result(tickets))
}

#[derive(Debug, Deserialize)]
pub struct ContractQuery {
    #[serde(default)]
    pub search: Option<String>,
    #[serde(default, rename = "companyId")]
    pub company_id: Option<String>,
}

/// A contract an order can be linked to, as the picker shows it.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkableContract {
    pub id: Uuid,
    pub contract_number: i64,
    /// 'Aftale #' and the number, with the company's name.
    pub title: String,
}

/// Contracts to link an order to (`GET /orders/contracts?search&companyId`): the club's
/// contracts that are not cancelled, by number, company or description, newest first.
#[utoipa::path(get, path = "/api/orders/contracts", tag = "orders",
    responses((status = 200, body = Envelope<Vec<LinkableContract>>)))]
pub async fn linkable_contracts(
    staff: Staff,
    query: web::Query<ContractQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let company = match query.company_id.as_deref().filter(|c| !c.is_empty()) {
        Some(company) => Some(parse_id(company)?),
        None => None,
    };
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows = tribune_projections::contract::queries::linkable_contracts(
        &mut tx,
        staff.client_id,
        query.search.as_deref(),
        company,
    )
    .await?;
    tx.commit().await?;
    let contracts = rows
        .into_iter()
        .map(serde_json::from_value)
        .collect::<Result<Vec<LinkableContract>, _>>()
        .map_err(ApiError::internal)?;
    Ok(envelope::result(contracts))
}
