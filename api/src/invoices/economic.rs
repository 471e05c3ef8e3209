//! Bookkeeping in e-conomic (issue 13): when a club with the e-conomic feature books an invoice,
//! a job books it in e-conomic through the Accounting adapter — the customer found or made, a
//! draft with the lines linked by product number (sku) and the club's fee and discount products,
//! layout and invoice text, then booked — and e-conomic's booked number becomes the invoice's
//! 'Bogføringsnummer'. Each step's result is kept in `economic_bookings` before the next, so a
//! retried job resumes where it stopped; the adapter finds a draft or booking made under the
//! invoice's reference, so even an answer lost on the way never books twice.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgConnection;
use tribune_domain::invoice::printing::RowKind;
use tribune_domain::invoice::{Invoice, InvoiceCommand, InvoiceKind};
use tribune_domain::money::Money;
use tribune_domain::selling::totals::line_amounts;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::service::InvoiceService;
use crate::error::ApiError;
use crate::integrations::accounting::{AccountingCustomer, DraftInvoice, DraftLine};
use crate::kit::actor::Actor;
use crate::state::AppState;

/// The club's `economic.*` settings, with e-conomic's usual defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct EconomicSettings {
    pub customer_group: i64,
    pub vat_zone: i64,
    pub payment_terms: i64,
    pub layout: i64,
    pub fee_product: Option<String>,
    pub discount_product: Option<String>,
    pub invoice_text: Option<String>,
}

impl EconomicSettings {
    fn from_json(settings: &Value) -> EconomicSettings {
        let number = |key: &str, default: i64| {
            settings
                .get(key)
                .and_then(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok()))
                .unwrap_or(default)
        };
        let text = |key: &str| {
            settings
                .get(key)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
        };
        EconomicSettings {
            customer_group: number("customerGroup", 1),
            vat_zone: number("vatZone", 1),
            payment_terms: number("paymentTerms", 1),
            layout: number("layout", 19),
            fee_product: text("feeProduct"),
            discount_product: text("discountProduct"),
            invoice_text: text("invoiceText"),
        }
    }
}

/// Whether the club books its invoices in e-conomic (the orders module's feature), and how.
pub async fn club_settings(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<Option<EconomicSettings>, sqlx::Error> {
    let row: Option<(bool, Option<Value>)> = sqlx::query_as(
        "SELECT coalesce((features->'orders'->>'economic')::boolean, false), settings->'economic' \
         FROM clients WHERE id = $1",
    )
    .bind(client_id)
    .fetch_optional(conn)
    .await?;
    Ok(match row {
        Some((true, settings)) => Some(EconomicSettings::from_json(
            &settings.unwrap_or(Value::Null),
        )),
        _ => None,
    })
}

/// A unit price without VAT, as e-conomic takes it (it adds VAT by the customer's zone).
fn net_unit(unit: Money, invoice: &Invoice) -> Money {
    let rate = invoice.vat.vat_rate;
    if invoice.vat.prices_with_vat && !invoice.vat.disable_vat {
        unit - unit.vat_included(rate)
    } else {
        unit
    }
}

/// The draft's lines: the invoice's rows (spec 3 §3 invoice groups: a group's lines summed on
/// the group's product number), each at its net unit price (its discount and options in it), the
/// order discount on the club's discount product and the rates fee on its fee product. A credit
/// note's quantities are negative.
pub fn draft_lines(invoice: &Invoice, settings: &EconomicSettings) -> Vec<DraftLine> {
    let sign = if invoice.kind == InvoiceKind::CreditNote {
        -1
    } else {
        1
    };
    let c = &invoice.content;
    let mut lines: Vec<DraftLine> = c
        .rows()
        .iter()
        .map(|row| {
            let members = row
                .lines
                .iter()
                .filter_map(|id| c.lines.iter().find(|line| line.id == *id));
            let (quantity, unit_net) = match row.kind {
                RowKind::Line => {
                    let unit = if row.amount == 0 {
                        Money::ZERO
                    } else {
                        row.total.mul_div(1, row.amount)
                    };
                    (row.amount, net_unit(unit, invoice))
                }
                // Each line's net, so that VAT comes off each as it would alone.
                RowKind::Group | RowKind::Other => (
                    1,
                    members
                        .clone()
                        .map(|line| net_unit(line_amounts(line).total, invoice))
                        .fold(Money::ZERO, |sum, net| sum + net),
                ),
            };
            let description = members
                .filter(|_| row.kind == RowKind::Line)
                .find_map(|line| line.description.as_deref().map(str::trim))
                .filter(|d| !d.is_empty())
                .map_or_else(|| row.title.clone(), |d| format!("{} – {d}", row.title));
            DraftLine {
                product_number: row.sku.clone(),
                description,
                quantity: quantity * sign,
                unit_net_price_ore: unit_net.as_ore(),
                discount_bp: 0,
            }
        })
        .collect();
    if c.order_discount != Money::ZERO {
        lines.push(DraftLine {
            product_number: settings.discount_product.clone(),
            description: "Rabat".to_string(),
            quantity: sign,
            unit_net_price_ore: -net_unit(c.order_discount, invoice).as_ore(),
            discount_bp: 0,
        });
    }
    let fee = invoice.totals().additional_fee.times(sign);
    if fee != Money::ZERO {
        lines.push(DraftLine {
            product_number: settings.fee_product.clone(),
            description: "Gebyr".to_string(),
            quantity: sign,
            unit_net_price_ore: fee.as_ore(),
            discount_bp: 0,
        });
    }
    lines
}

#[derive(Debug, Default, sqlx::FromRow)]
struct Progress {
    customer_number: Option<i64>,
    draft_number: Option<i64>,
    booked_number: Option<i64>,
}

async fn save(
    state: &AppState,
    client_id: Uuid,
    invoice_id: Uuid,
    progress: &Progress,
) -> Result<(), String> {
    let mut tx = club_tx(&state.pool, client_id)
        .await
        .map_err(|e| e.to_string())?;
    sqlx::query(
        "INSERT INTO economic_bookings (invoice_id, client_id, customer_number, draft_number, booked_number) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (invoice_id) DO UPDATE SET \
           customer_number = EXCLUDED.customer_number, draft_number = EXCLUDED.draft_number, \
           booked_number = EXCLUDED.booked_number, updated_at = now()",
    )
    .bind(invoice_id)
    .bind(client_id)
    .bind(progress.customer_number)
    .bind(progress.draft_number)
    .bind(progress.booked_number)
    .execute(&mut *tx)
    .await
    .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())
}

/// How far e-conomic got with an invoice.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EconomicBooking {
    #[ts(type = "number | null")]
    pub customer_number: Option<i64>,
    #[ts(type = "number | null")]
    pub draft_number: Option<i64>,
    #[ts(type = "number | null")]
    pub booked_number: Option<i64>,
    pub updated_at: DateTime<Utc>,
}

/// How far e-conomic got with `invoice_id` (None: not started), in the club's transaction.
pub async fn booking_of(
    conn: &mut PgConnection,
    invoice_id: Uuid,
) -> Result<Option<EconomicBooking>, sqlx::Error> {
    sqlx::query_as(
        "SELECT customer_number, draft_number, booked_number, updated_at FROM economic_bookings \
         WHERE invoice_id = $1",
    )
    .bind(invoice_id)
    .fetch_optional(conn)
    .await
}

/// The job: books `invoice_id` in e-conomic, resuming from what an earlier attempt did. The
/// error text is what the Jobs screen shows.
pub async fn book(state: &AppState, client_id: Uuid, invoice_id: Uuid) -> Result<String, String> {
    let fail = |e: ApiError| format!("{e:?}");
    let service = InvoiceService::of(state);
    let (invoice, _) = service.load(client_id, invoice_id).await.map_err(fail)?;
    let Some(number) = invoice.number else {
        return Err("Fakturaen er ikke godkendt".to_string());
    };
    let mut tx = club_tx(&state.pool, client_id)
        .await
        .map_err(|e| e.to_string())?;
    let Some(settings) = club_settings(&mut tx, client_id)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Ok("Klubben bruger ikke e-conomic".to_string());
    };
    let mut progress: Progress = sqlx::query_as(
        "SELECT customer_number, draft_number, booked_number FROM economic_bookings WHERE invoice_id = $1",
    )
    .bind(invoice_id)
    .fetch_optional(&mut *tx)
    .await
    .map_err(|e| e.to_string())?
    .unwrap_or_default();
    tx.commit().await.map_err(|e| e.to_string())?;

    let accounting = &state.accounting;
    let reference = format!("tribune-{invoice_id}");
    let c = &invoice.content.customer;
    let customer = AccountingCustomer {
        name: c.name.clone(),
        cvr: c.cvr.clone().filter(|v| !v.trim().is_empty()),
        ean: c.ean.clone().filter(|v| !v.trim().is_empty()),
        email: c.email.clone(),
        address: c.address.clone(),
        zip: c.zip_code.clone(),
        city: c.city.clone(),
        customer_group: settings.customer_group,
        vat_zone: settings.vat_zone,
        payment_terms: settings.payment_terms,
    };
    let customer_number = match progress.customer_number {
        Some(n) => n,
        None => {
            let n = accounting
                .find_or_create_customer(&customer)
                .await
                .map_err(|e| e.to_string())?;
            progress.customer_number = Some(n);
            save(state, client_id, invoice_id, &progress).await?;
            n
        }
    };
    let draft_number = match progress.draft_number {
        Some(n) => n,
        None => {
            let word = invoice.kind.label();
            let draft = DraftInvoice {
                reference: reference.clone(),
                customer_number,
                date: invoice.invoice_date.unwrap_or_default(),
                payment_terms: settings.payment_terms,
                layout: settings.layout,
                vat_zone: settings.vat_zone,
                recipient: customer,
                heading: format!("{word} {number}"),
                text: settings
                    .invoice_text
                    .clone()
                    .or_else(|| invoice.content.description.clone()),
                lines: draft_lines(&invoice, &settings),
            };
            let n = accounting
                .create_draft(&draft)
                .await
                .map_err(|e| e.to_string())?;
            progress.draft_number = Some(n);
            save(state, client_id, invoice_id, &progress).await?;
            n
        }
    };
    let booked = match progress.booked_number {
        Some(n) => n,
        None => {
            let n = accounting
                .book_draft(draft_number, &reference)
                .await
                .map_err(|e| e.to_string())?;
            progress.booked_number = Some(n);
            save(state, client_id, invoice_id, &progress).await?;
            n
        }
    };
    // The bookkeeping number, unless staff set one by hand.
    if invoice.external_number.is_none() {
        service
            .execute(
                &Actor::system(client_id, "e-conomic"),
                invoice_id,
                None,
                InvoiceCommand::SetExternalNumber {
                    external_number: Some(booked.to_string()),
                },
                "invoice.economic",
            )
            .await
            .map_err(fail)?;
    }
    Ok(format!("Bogført i e-conomic som nr. {booked}"))
}
