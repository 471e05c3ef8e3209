//! Orders (spec 3 §2 Orders list and Order page, §4, §5, §7 Orders): the Order aggregate driven
//! through the command bus, read back from the event store (one order) or `order_rows` (lists).
//! Every write runs in one club transaction with what must happen with it: the next order number
//! for a new order, the mail job for a payment link or a confirmation.

pub mod dto;
pub mod list;
pub mod routes;

use std::collections::HashMap;

use actix_web::{web, HttpResponse};
use chrono::Utc;
use cqrs_es::EventStore;
use serde::Deserialize;
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use tribune_domain::order::{
    FieldError, Order, OrderCommand, OrderContent, OrderError, OrderStatus, PaymentStatus,
};
use tribune_projections::db::club_tx;
use tribune_projections::store::{CommandBus, CommandError, Metadata};
use uuid::Uuid;

use crate::envelope;
use crate::error::{check_errors, push_error, ApiError, FieldErrors};
use crate::identity::acl::Action;
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::club::exists_in_club;
use crate::kit::html::sanitize;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::text::is_danish_decimal;
use crate::mail;
use crate::session::Staff;
use crate::state::AppState;
use dto::{club_vat, OrderDto, OrderInput};

pub const MODULE: &str = "orders";
pub const CONFLICT: &str =
    "Ordren er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.";

/// A refused order command as the API answers it: field rules as field errors, a stale version
/// with the order's own conflict text.
fn refused(err: CommandError<OrderError>) -> ApiError {
    match err {
        CommandError::Domain(OrderError::Invalid(errors)) => field_errors(errors),
        CommandError::Domain(OrderError::NotFound) => ApiError::NotFound,
        CommandError::Conflict => ApiError::Conflict(CONFLICT.to_string()),
        other => other.into(),
    }
}

fn field_errors(errors: Vec<FieldError>) -> ApiError {
    let mut map = FieldErrors::new();
    for e in errors {
        push_error(&mut map, &e.field, e.message);
    }
    match check_errors(map) {
        Err(e) => e,
        Ok(()) => ApiError::invalid("Ordren er ikke gyldig"),
    }
}

/// The order of the caller's club at its current version; deleted or another club's → 404.
pub async fn load(state: &AppState, staff: &Staff, id: Uuid) -> Result<(Order, usize), ApiError> {
    let context = state
        .orders
        .store()
        .load_aggregate(&id.to_string())
        .await
        .map_err(|e| ApiError::from(CommandError::<OrderError>::from(e)))?;
    let order = context.aggregate;
    if order.client_id != Some(staff.client_id) || order.deleted {
        return Err(ApiError::NotFound);
    }
    Ok((order, context.current_sequence))
}

#[utoipa::path(get, path = "/api/orders/{id}", tag = "orders",
    responses((status = 200, description = "{success, result: Order}"), (status = 404)))]
pub async fn get_order(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(&state, MODULE, Action::Read).await?;
    let id = parse_id(&path)?;
    let (order, version) = load(&state, &staff, id).await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let dto = OrderDto::from_order(Some(id), version, &order)
        .with_links(&mut tx)
        .await?;
    tx.commit().await?;
    Ok(envelope::result(dto))
}

#[utoipa::path(get, path = "/api/orders/new", tag = "orders",
    responses((status = 200, description = "{success, result: Order} — an empty draft with the club's VAT setting")))]
pub async fn new_order(staff: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    staff.authorize(&state, MODULE, Action::Read).await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let order = Order {
        vat: club_vat(&mut tx, staff.client_id).await?,
        ..Order::default()
    };
    tx.commit().await?;
    Ok(envelope::result(OrderDto::from_order(None, 0, &order)))
}

/// What the form holds that the aggregate cannot judge: the e-mail, and that the category,
/// company, contact, contract, products and custom field values belong to this club. Rich-text
/// custom field values are cleaned here, on the way in.
async fn check_references(
    conn: &mut PgConnection,
    client_id: Uuid,
    input: &OrderInput,
    content: &mut OrderContent,
) -> Result<(), ApiError> {
    let mut errors = FieldErrors::new();
    let email = &content.customer.email;
    if !email.is_empty() && !crate::validate::is_email(email) {
        push_error(&mut errors, "email", "E-mail er ikke gyldig");
    }
    if !exists_in_club(conn, "order_categories", client_id, content.category_id).await? {
        push_error(&mut errors, "categoryId", "Kategorien findes ikke");
    }
    if !exists_in_club(conn, "companies", client_id, content.company_id).await? {
        push_error(&mut errors, "companyId", "Virksomheden findes ikke");
    }
    if !exists_in_club(conn, "contacts", client_id, content.contact_id).await? {
        push_error(&mut errors, "contactId", "Kontaktpersonen findes ikke");
    }
    if content.contract_id.is_some() {
        push_error(&mut errors, "contractId", "Aftalen findes ikke");
    }
    for (i, line) in content.lines.iter().enumerate() {
        if !exists_in_club(conn, "products", client_id, line.product_id).await? {
            push_error(
                &mut errors,
                &format!("orderLines.{i}.productId"),
                "Produktet findes ikke",
            );
        }
    }
    if !content.field_values.is_empty() {
        let typed: HashMap<String, String> = sqlx::query_as(
            "SELECT id::text, type FROM custom_fields WHERE client_id = $1 AND type IN ('Number', 'RichText')",
        )
        .bind(client_id)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .collect();
        for (field, value) in content.field_values.iter_mut() {
            match typed.get(field).map(String::as_str) {
                Some("Number") if !is_danish_decimal(value) => push_error(
                    &mut errors,
                    &format!("fieldValues.{field}"),
                    "Skal være et decimaltal",
                ),
                Some("RichText") => *value = sanitize(value),
                _ => {}
            }
        }
    }
    if input.order_discount.is_some_and(|d| d < 0) {
        push_error(
            &mut errors,
            "orderDiscount",
            "Rabatten kan ikke være negativ",
        );
    }
    check_errors(errors)
}

/// The club's next order number, taken inside the transaction that creates the order.
async fn next_number(conn: &mut PgConnection, client_id: Uuid) -> Result<i64, ApiError> {
    Ok(sqlx::query_scalar(
        "INSERT INTO order_numbers (client_id, last_number) VALUES ($1, 1) \
         ON CONFLICT (client_id) DO UPDATE SET last_number = order_numbers.last_number + 1 \
         RETURNING last_number",
    )
    .bind(client_id)
    .fetch_one(conn)
    .await?)
}

/// Creates an order through the command path (the API, the demo seed and the benchmark): the
/// number is taken and the Created event committed in one club transaction.
pub async fn create_order(
    pool: &PgPool,
    bus: &CommandBus<Order>,
    client_id: Uuid,
    metadata: Metadata,
    content: OrderContent,
    status: OrderStatus,
    is_pos: bool,
) -> Result<Uuid, ApiError> {
    let id = Uuid::new_v4();
    let mut tx = club_tx(pool, client_id).await?;
    let number = next_number(&mut tx, client_id).await?;
    let vat = club_vat(&mut tx, client_id).await?;
    let command = OrderCommand::Create {
        client_id,
        number,
        created_at: Utc::now(),
        vat,
        status,
        is_pos,
        content,
    };
    bus.execute_in(
        &mut tx,
        client_id,
        &id.to_string(),
        command,
        metadata,
        Some(0),
    )
    .await
    .map_err(refused)?;
    tx.commit().await?;
    Ok(id)
}

pub async fn create(
    state: &AppState,
    staff: &Staff,
    content: OrderContent,
    status: OrderStatus,
    is_pos: bool,
) -> Result<Uuid, ApiError> {
    create_order(
        &state.pool,
        &state.orders,
        staff.client_id,
        staff.metadata("order.create"),
        content,
        status,
        is_pos,
    )
    .await
}

/// Runs one command on one order in a club transaction; `then` may add work to the same
/// transaction (a mail job) once the aggregate has accepted.
async fn run(
    state: &AppState,
    staff: &Staff,
    id: Uuid,
    version: Option<usize>,
    command: OrderCommand,
    name: &str,
) -> Result<(Order, sqlx::Transaction<'static, sqlx::Postgres>), ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (order, _) = state
        .orders
        .execute_in(
            &mut tx,
            staff.client_id,
            &id.to_string(),
            command,
            staff.metadata(name),
            version,
        )
        .await
        .map_err(refused)?;
    if order.client_id.is_none() {
        return Err(ApiError::NotFound);
    }
    Ok((order, tx))
}

#[utoipa::path(post, path = "/api/orders/update", tag = "orders", request_body = OrderInput,
    responses((status = 200, description = "{success, result: id}"), (status = 409), (status = 422)))]
pub async fn update_order(
    staff: Staff,
    body: Json<OrderInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(&state, MODULE, Action::Manage).await?;
    let input = body.into_inner();
    let mut content = input.content();
    {
        let mut tx = club_tx(&state.pool, staff.client_id).await?;
        check_references(&mut tx, staff.client_id, &input, &mut content).await?;
        tx.commit().await?;
    }
    let id = match input.id {
        None => create(&state, &staff, content, OrderStatus::Draft, false).await?,
        Some(id) => {
            let (_, tx) = run(
                &state,
                &staff,
                id,
                input.version,
                OrderCommand::Update { content },
                "order.update",
            )
            .await?;
            tx.commit().await?;
            id
        }
    };
    Ok(envelope::result(id))
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
    staff.authorize(&state, MODULE, Action::Manage).await?;
    let (_, tx) = run(&state, &staff, body.id, body.version, command, name).await?;
    tx.commit().await?;
    Ok(envelope::result(body.id))
}

#[utoipa::path(post, path = "/api/orders/approve", tag = "orders", request_body = OrderRef,
    responses((status = 200), (status = 409), (status = 422)))]
pub async fn approve_order(
    staff: Staff,
    body: Json<OrderRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(staff, body, state, OrderCommand::Approve, "order.approve").await
}

#[utoipa::path(post, path = "/api/orders/edit", tag = "orders", request_body = OrderRef,
    responses((status = 200), (status = 409), (status = 422)))]
pub async fn reopen_order(
    staff: Staff,
    body: Json<OrderRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(staff, body, state, OrderCommand::Reopen, "order.edit").await
}

#[utoipa::path(post, path = "/api/orders/cancel", tag = "orders", request_body = OrderRef,
    responses((status = 200), (status = 409), (status = 422)))]
pub async fn cancel_order(
    staff: Staff,
    body: Json<OrderRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(staff, body, state, OrderCommand::Cancel, "order.cancel").await
}

#[utoipa::path(post, path = "/api/orders/payment-status", tag = "orders", request_body = OrderRef,
    responses((status = 200), (status = 409), (status = 422)))]
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
    responses((status = 200), (status = 404), (status = 422)))]
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
    staff.authorize(&state, MODULE, Action::Manage).await?;
    let id = parse_id(&path)?;
    let (_, tx) = run(&state, &staff, id, None, command, name).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/orders/{id}/capture-payment", tag = "orders",
    responses((status = 200), (status = 404), (status = 422)))]
pub async fn capture_payment(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    by_path(
        staff,
        path,
        state,
        OrderCommand::CapturePayment,
        "order.capture-payment",
    )
    .await
}

/// The mail of an order, sent by the job runner once the transaction of its event commits.
async fn mail_job(
    conn: &mut PgConnection,
    staff: &Staff,
    id: Uuid,
    description: String,
    mail: mail::Mail,
) -> Result<(), ApiError> {
    enqueue(
        conn,
        NewJob {
            client_id: Some(staff.client_id),
            description,
            method: JobMethod::SendMail(mail),
            collection: Some("orders".into()),
            relation_id: Some(id.to_string()),
            created_by: Some(staff.identity.user.id),
        },
    )
    .await?;
    Ok(())
}

async fn club_name(conn: &mut PgConnection, client_id: Uuid) -> Result<String, ApiError> {
    Ok(sqlx::query_scalar("SELECT name FROM clients WHERE id = $1")
        .bind(client_id)
        .fetch_one(conn)
        .await?)
}

#[utoipa::path(post, path = "/api/orders/{id}/send-paymentlink", tag = "orders",
    responses((status = 200), (status = 404), (status = 422)))]
pub async fn send_payment_link(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(&state, MODULE, Action::Manage).await?;
    let id = parse_id(&path)?;
    let (order, mut tx) = run(
        &state,
        &staff,
        id,
        None,
        OrderCommand::RecordPaymentLinkSent,
        "order.send-paymentlink",
    )
    .await?;
    let club = club_name(&mut tx, staff.client_id).await?;
    let link = format!(
        "{}/shop/payment/{id}",
        state.settings.public_url.trim_end_matches('/')
    );
    let customer = &order.content.customer;
    let mail = mail::order_payment_link(
        &customer.email,
        &customer.firstname,
        &club,
        order.number,
        &link,
    );
    let description = format!(
        "Betalingslink for ordre #{} til {}",
        order.number, customer.email
    );
    mail_job(&mut tx, &staff, id, description, mail).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/orders/{id}/send-confirmation", tag = "orders",
    responses((status = 200), (status = 404), (status = 422)))]
pub async fn send_confirmation(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(&state, MODULE, Action::Manage).await?;
    let id = parse_id(&path)?;
    let (order, mut tx) = run(
        &state,
        &staff,
        id,
        None,
        OrderCommand::RecordConfirmationSent,
        "order.send-confirmation",
    )
    .await?;
    let (club, template): (String, Option<String>) = sqlx::query_as(
        "SELECT name, settings->'orders'->>'confirmationSubject' FROM clients WHERE id = $1",
    )
    .bind(staff.client_id)
    .fetch_one(&mut *tx)
    .await?;
    let subject = template
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| "Ordrebekræftelse #{orderNumber} fra {sender}".to_string())
        .replace("{orderNumber}", &order.number.to_string())
        .replace("{sender}", &club);
    let totals = order.totals();
    let lines: Vec<(String, i64, i64)> = order
        .content
        .lines
        .iter()
        .map(|l| {
            (
                l.title.clone(),
                l.amount,
                tribune_domain::order::totals::line_amounts(l).total,
            )
        })
        .collect();
    let mut sums = vec![("Subtotal", totals.subtotal)];
    if totals.additional_fee > 0 {
        sums.push(("Gebyr", totals.additional_fee));
    }
    sums.extend([("Moms", totals.vat), ("Total", totals.total)]);
    let customer = &order.content.customer;
    let greeting = format!(
        "Hej {}. Tak for din ordre #{} hos {club}.",
        customer.firstname, order.number
    );
    let mail = mail::order_confirmation(&customer.email, &subject, &greeting, &lines, &sums);
    let description = format!("Ordrebekræftelse #{} til {}", order.number, customer.email);
    mail_job(&mut tx, &staff, id, description, mail).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

/// The order's tickets; tickets are issued by the events module (empty until it exists).
#[utoipa::path(get, path = "/api/orders/{id}/tickets", tag = "orders",
    responses((status = 200, description = "{success, result: Ticket[]}"), (status = 404)))]
pub async fn order_tickets(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(&state, MODULE, Action::Read).await?;
    load(&state, &staff, parse_id(&path)?).await?;
    Ok(envelope::result(Vec::<serde_json::Value>::new()))
}

/// The invoices of an order (the invoice aggregate arrives later; until then none).
#[utoipa::path(get, path = "/api/invoices/{orderId}", tag = "orders",
    responses((status = 200, description = "{success, result: Invoice[]}"), (status = 404)))]
pub async fn order_invoices(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(&state, MODULE, Action::Read).await?;
    load(&state, &staff, parse_id(&path)?).await?;
    Ok(envelope::result(Vec::<serde_json::Value>::new()))
}

#[derive(Debug, Deserialize)]
pub struct ContractQuery {
    #[serde(default)]
    pub search: Option<String>,
    #[serde(default, rename = "companyId")]
    pub company_id: Option<String>,
}

/// Contracts to link an order to (`GET /orders/contracts?search&companyId`); contracts arrive
/// with their own issue, so the list is empty until then.
#[utoipa::path(get, path = "/api/orders/contracts", tag = "orders",
    responses((status = 200, description = "{success, result: {id, contractNumber, title}[]}")))]
pub async fn linkable_contracts(
    staff: Staff,
    query: web::Query<ContractQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(&state, MODULE, Action::Read).await?;
    if let Some(company) = query.company_id.as_deref().filter(|c| !c.is_empty()) {
        parse_id(company)?;
    }
    let _ = &query.search;
    Ok(envelope::result(json!([])))
}
