//! The auditor's export of a period (issue 13 'For finance and the auditor'):
//! `GET /api/invoices/audit-export?from&to` — every booked invoice and credit note dated in the
//! period with its lines and VAT ('Fakturaer'), every event of those invoices with who, when,
//! what changed and its chain hash ('Hændelser'), and the check of the number series
//! ('Nummerkontrol': no gaps, or which numbers are missing).

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use rust_xlsxwriter::{Format, Workbook};
use serde::Deserialize;
use tribune_domain::invoice::{Invoice, InvoiceKind};
use tribune_domain::money::Money;
use tribune_domain::order::totals::line_nets;
use tribune_projections::db::club_tx;
use tribune_projections::history::HistoryEntry;
use tribune_projections::invoice::queries::{booked_between, missing_numbers};

use super::service::InvoiceService;
use crate::error::ApiError;
use crate::export::{self, Cell, Column};
use crate::kit::history::change_text;
use crate::session::Staff;
use crate::state::AppState;

/// The longest period one export covers.
const MAX_DAYS: i64 = 3 * 366;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct Period {
    /// First day, `YYYY-MM-DD`.
    pub from: Option<NaiveDate>,
    /// Last day, `YYYY-MM-DD`.
    pub to: Option<NaiveDate>,
}

/// One line of one invoice, as the auditor reads it.
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
struct EventRow {
    number: i64,
    entry: HistoryEntry,
}

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
    responses((status = 200, description = "Revision-{from}-{to}.xlsx: sheets Fakturaer, Hændelser and Nummerkontrol"), (status = 422)))]
pub async fn audit_export(
    staff: Staff,
    period: web::Query<Period>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Some(from) = period.from else {
        return Err(ApiError::field("from", "Fra-dato skal udfyldes"));
    };
    let Some(to) = period.to else {
        return Err(ApiError::field("to", "Til-dato skal udfyldes"));
    };
    if to < from {
        return Err(ApiError::field("to", "Til-dato skal ligge efter fra-dato"));
    }
    if (to - from).num_days() > MAX_DAYS {
        return Err(ApiError::field("to", "Perioden må højst være tre år"));
    }
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let booked = booked_between(&mut tx, staff.client_id, from, to).await?;
    let last = booked.iter().map(|(_, n)| *n).max().unwrap_or(0);
    let missing = missing_numbers(&mut tx, staff.client_id, last).await?;
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
    let mut workbook = Workbook::new();
    export::add_sheet(&mut workbook, "Fakturaer", LINES, &lines).map_err(ApiError::internal)?;
    export::add_sheet(&mut workbook, "Hændelser", EVENTS, &events).map_err(ApiError::internal)?;
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
    Ok(export::xlsx(&format!("Revision-{from}-{to}.xlsx"), bytes))
}
