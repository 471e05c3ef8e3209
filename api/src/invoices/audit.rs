//! The auditor's export of a period (issue 13 'For finance and the auditor', issue 37 §4):
//! `GET /api/invoices/audit-export?from&to[&format=json]` — every booked invoice and credit note
//! dated in the period with its lines and VAT ('Fakturaer'), every event of those invoices with
//! who, when, what changed and its chain hash ('Hændelser'), the card payments started in the
//! period ('Betalinger'), the event bookings made in it ('Bestillinger'), and the check of the
//! number series ('Nummerkontrol': no gaps, or which numbers are missing). As a workbook, or as
//! one JSON document signed with the installation's key (`kit::signing`).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use rust_xlsxwriter::{Format, Workbook};
use serde::{Deserialize, Serialize};
use tribune_domain::invoice::{Invoice, InvoiceKind};
use tribune_domain::money::Money;
use tribune_domain::selling::totals::line_nets;
use tribune_projections::db::club_tx;
use tribune_projections::history::HistoryEntry;
use tribune_projections::invoice::queries::{booked_between, missing_numbers};

use super::service::InvoiceService;
use crate::error::ApiError;
use crate::export::{self, signed_json, Cell, Column};
use crate::kit::club::club_name;
use crate::kit::history::change_text;
use crate::kit::signing::{wants_json, SignedExport};
use crate::session::Staff;
use crate::state::AppState;

/// The longest period one export covers.
const MAX_DAYS: i64 = 3 * 366;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct Period {
    /// First day, `YYYY-MM-DD`.
    pub from: Option<String>,
    /// Last day, `YYYY-MM-DD`.
    pub to: Option<String>,
    /// `xlsx` (the default) or `json` (signed).
    pub format: Option<String>,
}

/// A day of the period, or the Danish reason it is not one.
fn day(value: Option<&str>, field: &str, missing: &str) -> Result<NaiveDate, ApiError> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Err(ApiError::field(field, missing));
    }
    NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .map_err(|_| ApiError::field(field, "Skal være en dato (ÅÅÅÅ-MM-DD)"))
}

/// One line of one invoice, as the auditor reads it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LineRow {
    number: i64,
    kind: &'static str,
    date: Option<NaiveDate>,
    due: Option<NaiveDate>,
    customer: String,
    cvr: Option<String>,
    external: Option<String>,
    title: String,
    amount: i64,
    unit: Money,
    net: Money,
    vat: Money,
    paid_on: Option<NaiveDate>,
}

const LINES: &[Column<LineRow>] = &[
    Column {
        header: "Nummer",
        cell: |r| Cell::Number(r.number as f64),
    },
    Column {
        header: "Type",
        cell: |r| Cell::Text(r.kind.to_string()),
    },
    Column {
        header: "Fakturadato",
        cell: |r| Cell::Date(r.date),
    },
    Column {
        header: "Forfaldsdato",
        cell: |r| Cell::Date(r.due),
    },
    Column {
        header: "Kunde",
        cell: |r| Cell::Text(r.customer.clone()),
    },
    Column {
        header: "CVR",
        cell: |r| Cell::text(&r.cvr),
    },
    Column {
        header: "Bogføringsnummer",
        cell: |r| Cell::text(&r.external),
    },
    Column {
        header: "Linje",
        cell: |r| Cell::Text(r.title.clone()),
    },
    Column {
        header: "Antal",
        cell: |r| Cell::Number(r.amount as f64),
    },
    Column {
        header: "Enhedspris",
        cell: |r| Cell::Money(r.unit),
    },
    Column {
        header: "Beløb ekskl. moms",
        cell: |r| Cell::Money(r.net),
    },
    Column {
        header: "Moms",
        cell: |r| Cell::Money(r.vat),
    },
    Column {
        header: "Beløb inkl. moms",
        cell: |r| Cell::Money(r.net + r.vat),
    },
    Column {
        header: "Betalt",
        cell: |r| Cell::Date(r.paid_on),
    },
];

fn line_rows(number: i64, invoice: &Invoice) -> Vec<LineRow> {
    let sign = if invoice.kind == InvoiceKind::CreditNote {
        -1
    } else {
        1
    };
    let c = &invoice.content;
    let row = |title: String, amount: i64, unit: Money, net: Money, vat: Money| LineRow {
        number,
        kind: invoice.kind.label(),
        date: invoice.invoice_date,
        due: invoice.due_date(),
        customer: c.customer.name.clone(),
        cvr: c.customer.cvr.clone(),
        external: invoice.external_number.clone(),
        title,
        amount,
        unit,
        net: net.times(sign),
        vat: vat.times(sign),
        paid_on: invoice.paid_on,
    };
    let mut rows: Vec<LineRow> = c
        .lines
        .iter()
        .zip(line_nets(&c.lines, c.order_discount, invoice.vat))
        .map(|(line, (net, vat))| row(line.title.clone(), line.amount, line.price, net, vat))
        .collect();
    let totals = invoice.totals();
    if totals.additional_fee != Money::ZERO {
        let fee = totals.additional_fee.times(sign);
        let fee_vat =
            totals.vat.times(sign) - rows.iter().map(|r| r.vat.times(sign)).sum::<Money>();
        rows.push(row("Gebyr".to_string(), 1, fee, fee, fee_vat));
    }
    rows
}

/// One event of one invoice.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EventRow {
    number: i64,
    #[serde(flatten)]
    entry: HistoryEntry,
}

/// One card payment started in the period.
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct PaymentRow {
    number: i64,
    provider: String,
    /// 'order' or 'subscription'.
    purpose: String,
    /// The order's or subscription's number.
    owner_number: Option<i64>,
    amount: i64,
    status: String,
    reference: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

const PAYMENTS: &[Column<PaymentRow>] = &[
    Column {
        header: "Betalingsnummer",
        cell: |r| Cell::Number(r.number as f64),
    },
    Column {
        header: "Udbyder",
        cell: |r| Cell::Text(r.provider.clone()),
    },
    Column {
        header: "For",
        cell: |r| Cell::Text(purpose_label(&r.purpose).to_string()),
    },
    Column {
        header: "Nummer",
        cell: |r| {
            r.owner_number
                .map_or(Cell::Text(String::new()), |n| Cell::Number(n as f64))
        },
    },
    Column {
        header: "Beløb",
        cell: |r| Cell::Money(Money::ore(r.amount)),
    },
    Column {
        header: "Status",
        cell: |r| Cell::Text(payment_status_label(&r.status).to_string()),
    },
    Column {
        header: "Reference",
        cell: |r| Cell::text(&r.reference),
    },
    Column {
        header: "Startet",
        cell: |r| Cell::Time(r.created_at),
    },
    Column {
        header: "Senest ændret",
        cell: |r| Cell::Time(r.updated_at),
    },
];

fn purpose_label(purpose: &str) -> &'static str {
    match purpose {
        "subscription" => "Abonnement",
        _ => "Ordre",
    }
}

fn payment_status_label(status: &str) -> &'static str {
    match status {
        "started" => "Startet",
        "requires_action" => "Afventer kunden",
        "authorized" => "Reserveret",
        "paid" => "Betalt",
        "failed" => "Fejlet",
        "cancelled" => "Annulleret",
        "refunded" => "Refunderet",
        _ => "Ukendt",
    }
}

/// One event booking made in the period.
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct BookingRow {
    order_number: Option<i64>,
    event: String,
    status: String,
    tickets: i64,
    total: Option<i64>,
    created_at: DateTime<Utc>,
    confirmed_at: Option<DateTime<Utc>>,
}

const BOOKINGS: &[Column<BookingRow>] = &[
    Column {
        header: "Ordrenummer",
        cell: |r| {
            r.order_number
                .map_or(Cell::Text(String::new()), |n| Cell::Number(n as f64))
        },
    },
    Column {
        header: "Arrangement",
        cell: |r| Cell::Text(r.event.clone()),
    },
    Column {
        header: "Status",
        cell: |r| Cell::Text(booking_status_label(&r.status).to_string()),
    },
    Column {
        header: "Billetter",
        cell: |r| Cell::Number(r.tickets as f64),
    },
    Column {
        header: "Beløb",
        cell: |r| Cell::Money(Money::ore(r.total.unwrap_or(0))),
    },
    Column {
        header: "Bestilt",
        cell: |r| Cell::Time(r.created_at),
    },
    Column {
        header: "Bekræftet",
        cell: |r| r.confirmed_at.map_or(Cell::Text(String::new()), Cell::Time),
    },
];

fn booking_status_label(status: &str) -> &'static str {
    match status {
        "confirmed" => "Bekræftet",
        "cancelled" => "Annulleret",
        _ => "Afventer betaling",
    }
}

/// The day boundaries are the club's (Danish) days.
const PAYMENTS_IN_PERIOD: &str = "SELECT p.number, p.provider, p.purpose,        coalesce(o.number, s.number) AS owner_number, p.amount, p.status, p.reference,        p.created_at, p.updated_at      FROM payments p      LEFT JOIN order_rows o ON p.purpose = 'order' AND o.id = p.owner_id      LEFT JOIN subscription_rows s ON p.purpose = 'subscription' AND s.id = p.owner_id      WHERE p.client_id = $1        AND (p.created_at AT TIME ZONE 'Europe/Copenhagen')::date BETWEEN $2 AND $3      ORDER BY p.created_at, p.number";

const BOOKINGS_IN_PERIOD: &str = "SELECT o.number AS order_number, e.title AS event, b.status,        (SELECT count(*) FROM ticket_rows t WHERE t.order_id = b.order_id) AS tickets,        o.total, b.created_at, b.confirmed_at      FROM sales b      JOIN club_events e ON e.id = b.event_id      LEFT JOIN order_rows o ON o.id = b.order_id      WHERE b.client_id = $1 AND b.channel <> 'shop'        AND (b.created_at AT TIME ZONE 'Europe/Copenhagen')::date BETWEEN $2 AND $3      ORDER BY b.created_at, o.number";

const EVENTS: &[Column<EventRow>] = &[
    Column {
        header: "Fakturanummer",
        cell: |r| Cell::Number(r.number as f64),
    },
    Column {
        header: "Sekvens",
        cell: |r| Cell::Number(r.entry.sequence as f64),
    },
    Column {
        header: "Tidspunkt",
        cell: |r| Cell::Time(r.entry.recorded_at),
    },
    Column {
        header: "Hændelse",
        cell: |r| Cell::Text(r.entry.event_type.clone()),
    },
    Column {
        header: "Bruger",
        cell: |r| Cell::text(&r.entry.user_name),
    },
    Column {
        header: "Handling",
        cell: |r| Cell::text(&r.entry.command),
    },
    Column {
        header: "Ændringer",
        cell: |r| Cell::Text(change_text(&r.entry)),
    },
    Column {
        header: "Hash",
        cell: |r| Cell::Text(r.entry.hash.clone()),
    },
];

#[utoipa::path(get, path = "/api/invoices/audit-export", tag = "invoices", params(Period),
    responses((status = 200, description = "Revision-{from}-{to}.xlsx (sheets Fakturaer, Hændelser, Betalinger, Bestillinger and Nummerkontrol), or with format=json Revision-{from}-{to}.json: a SignedExport",
                content((Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (SignedExport = "application/json"))),
              (status = 422, description = "from/to: not a period; format: neither xlsx nor json")))]
pub async fn audit_export(
    staff: Staff,
    period: web::Query<Period>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let from = day(period.from.as_deref(), "from", "Fra-dato skal udfyldes")?;
    let to = day(period.to.as_deref(), "to", "Til-dato skal udfyldes")?;
    if to < from {
        return Err(ApiError::field("to", "Til-dato skal ligge efter fra-dato"));
    }
    if (to - from).num_days() > MAX_DAYS {
        return Err(ApiError::field("to", "Perioden må højst være tre år"));
    }
    let json = wants_json(period.format.as_deref())?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let booked = booked_between(&mut tx, staff.client_id, from, to).await?;
    let last = booked.iter().map(|(_, n)| *n).max().unwrap_or(0);
    let missing = missing_numbers(&mut tx, staff.client_id, last).await?;
    let payments: Vec<PaymentRow> = sqlx::query_as(PAYMENTS_IN_PERIOD)
        .bind(staff.client_id)
        .bind(from)
        .bind(to)
        .fetch_all(&mut *tx)
        .await?;
    let bookings: Vec<BookingRow> = sqlx::query_as(BOOKINGS_IN_PERIOD)
        .bind(staff.client_id)
        .bind(from)
        .bind(to)
        .fetch_all(&mut *tx)
        .await?;
    let club = club_name(&mut tx, staff.client_id).await?;
    tx.commit().await?;

    let service = InvoiceService::of(&state);
    let history = &super::AREA.history[0];
    let (mut lines, mut events) = (Vec::new(), Vec::new());
    for (id, number) in &booked {
        let (invoice, _) = service.load(staff.client_id, *id).await?;
        lines.extend(line_rows(*number, &invoice));
        let entries = history
            .events(&state, staff.client_id, &id.to_string())
            .await?
            .unwrap_or_default();
        events.extend(entries.into_iter().map(|entry| EventRow {
            number: *number,
            entry,
        }));
    }

    let check = if booked.is_empty() {
        format!(
            "Ingen fakturaer eller kreditnotaer i perioden {} – {}.",
            from.format("%d-%m-%Y"),
            to.format("%d-%m-%Y")
        )
    } else if missing.is_empty() {
        format!("Nummerrækken 1–{last} er uden huller.")
    } else {
        let list: Vec<String> = missing.iter().map(i64::to_string).collect();
        format!("Nummerrækken 1–{last} mangler: {}.", list.join(", "))
    };
    let name = format!("Revision-{from}-{to}");
    if json {
        let document = serde_json::json!({
            "kind": "tribune.audit-period",
            "club": { "id": staff.client_id, "name": club },
            "period": { "from": from, "to": to },
            "madeAt": Utc::now(),
            "madeBy": staff.identity.user.name(),
            "invoices": lines,
            "events": events,
            "payments": payments,
            "bookings": bookings,
            "numberCheck": { "documents": booked.len(), "last": last, "missing": missing, "text": check },
        });
        return Ok(signed_json(
            &format!("{name}.json"),
            state.export_signer.sign(document),
        ));
    }
    let mut workbook = Workbook::new();
    export::add_sheet(&mut workbook, "Fakturaer", LINES, &lines).map_err(ApiError::internal)?;
    export::add_sheet(&mut workbook, "Hændelser", EVENTS, &events).map_err(ApiError::internal)?;
    export::add_sheet(&mut workbook, "Betalinger", PAYMENTS, &payments)
        .map_err(ApiError::internal)?;
    export::add_sheet(&mut workbook, "Bestillinger", BOOKINGS, &bookings)
        .map_err(ApiError::internal)?;
    let sheet = workbook.add_worksheet();
    let bold = Format::new().set_bold();
    let result: Result<(), rust_xlsxwriter::XlsxError> = (|| {
        sheet.set_name("Nummerkontrol")?;
        sheet.write_string_with_format(0, 0, "Periode", &bold)?;
        sheet.write_string(
            0,
            1,
            format!("{} – {}", from.format("%d-%m-%Y"), to.format("%d-%m-%Y")),
        )?;
        sheet.write_string_with_format(1, 0, "Fakturaer og kreditnotaer", &bold)?;
        sheet.write_number(1, 1, booked.len() as f64)?;
        sheet.write_string_with_format(2, 0, "Nummerkontrol", &bold)?;
        sheet.write_string(2, 1, &check)?;
        sheet.autofit();
        Ok(())
    })();
    result.map_err(ApiError::internal)?;
    let bytes = workbook.save_to_buffer().map_err(ApiError::internal)?;
    Ok(export::xlsx(&format!("{name}.xlsx"), bytes))
}
