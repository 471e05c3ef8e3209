//! Invoices (spec 3 §2 Invoices list and the Fakturaer tabs, §3, §4 Invoice, §7 Invoices;
//! issue 13): the area's routes with their access, its OpenAPI document and its history source.
//! 'Opret faktura' of orders and contracts (`/api/orders/invoice`, `/api/contracts/invoice`) is
//! registered here, where the invoice service lives. Making, booking (and booking in
//! e-conomic), crediting, dates, the bookkeeping number, sending with the PDF, paid and the
//! receipt, the PDF, and the auditor's export.

pub mod audit;
pub mod document;
pub mod dto;
pub mod due;
pub mod economic;
pub mod finance;
pub mod invoice;
pub mod list;
pub mod recurring;
pub mod service;

use tribune_domain::invoice::Invoice;
use utoipa::OpenApi;

use crate::kit::history::AggregateHistory;
use crate::kit::routes::{Access, Area, Routes};
pub use service::{InvoiceService, CONFLICT};

/// Invoices belong to the orders module.
pub const MODULE: &str = "orders";

/// The invoices' jobs: booking in e-conomic and charging a subscription now.
pub fn register_jobs(jobs: &mut crate::jobs::JobHandlers) {
    use crate::jobs::{not_mine, JobKind, JobMethod};
    use futures::FutureExt;
    jobs.on(JobKind::BookInvoice, |state, _, method| {
        async move {
            let JobMethod::BookInvoice {
                client_id,
                invoice_id,
            } = method
            else {
                return Err(not_mine(&method));
            };
            economic::book(state, client_id, invoice_id).await
        }
        .boxed()
    })
    .on(JobKind::ChargeSubscription, |state, _, method| {
        async move {
            let JobMethod::ChargeSubscription {
                client_id,
                subscription_id,
            } = method
            else {
                return Err(not_mine(&method));
            };
            let today = crate::kit::dates::today();
            let charges = recurring::charge_subscription(state, client_id, subscription_id, today)
                .await
                .map_err(|e| format!("{e:?}"))?;
            Ok(format!("{} perioder behandlet: {charges:?}", charges.len()))
        }
        .boxed()
    });
}

pub const AREA: Area = Area {
    name: "invoices",
    configure,
    doc: InvoicesDoc::openapi,
    history: &[&AggregateHistory::<Invoice> {
        aggregate_type: "invoice",
        module: Some(MODULE),
        bus: |state| &state.invoices,
        view: |id, sequence, invoice| {
            serde_json::to_value(dto::InvoiceDto::from_invoice(
                id.parse().unwrap_or_default(),
                sequence,
                invoice,
            ))
        },
    }],
};

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(MODULE), Access::manage(MODULE));
    routes
        .post("/api/orders/invoice", manage, invoice::invoice_order)
        .post("/api/contracts/invoice", manage, invoice::invoice_contract)
        .post("/api/invoices", read, list::list_invoices)
        .stale_ok()
        .get("/api/invoices", read, list::get_invoices)
        .stale_ok()
        .post("/api/invoices/update-date", manage, invoice::update_date)
        .post(
            "/api/invoices/update-invoice",
            manage,
            invoice::update_external_number,
        )
        // Before `/api/invoices/{id}`, which would take it for an id.
        .get("/api/invoices/audit-export", read, audit::audit_export)
        .get("/api/invoices/finance", read, finance::finance_overview)
        .stale_ok()
        .get("/api/invoices/{id}", read, invoice::invoices_of_source)
        .get("/api/invoices/{id}/detail", read, invoice::get_invoice)
        .get("/api/invoices/{id}/related", read, finance::invoice_related)
        .post("/api/invoices/{id}/book", manage, invoice::book)
        .post("/api/invoices/{id}/credit", manage, invoice::credit)
        .post("/api/invoices/{id}/delete", manage, invoice::delete)
        .post("/api/invoices/{id}/sent", manage, invoice::mark_sent)
        .post("/api/invoices/{id}/paid", manage, invoice::mark_paid)
        .post("/api/invoices/{id}/send", manage, invoice::send)
        .post(
            "/api/invoices/{id}/send-receipt",
            manage,
            invoice::send_receipt,
        )
        .get("/api/invoices/{id}/pdf", read, invoice::invoice_pdf);
}

#[derive(OpenApi)]
#[openapi(
    paths(
        invoice::invoice_order,
        invoice::invoice_contract,
        list::list_invoices,
        list::get_invoices,
        invoice::update_date,
        invoice::update_external_number,
        invoice::invoices_of_source,
        invoice::get_invoice,
        invoice::book,
        invoice::credit,
        invoice::delete,
        invoice::mark_sent,
        invoice::mark_paid,
        invoice::send,
        invoice::send_receipt,
        invoice::invoice_pdf,
        audit::audit_export,
        finance::finance_overview,
        finance::invoice_related,
    ),
    components(schemas(dto::InvoiceRef, dto::SourceRef, invoice::SendTo))
)]
pub struct InvoicesDoc;
