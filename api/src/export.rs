//! Excel exports (rust_xlsxwriter), once: a list's export writes exactly the rows the list shows,
//! filtered and sorted the same way, all pages (`ListSpec::rows(…, Rows::All)`), as the columns
//! its area declares beside the list.

use actix_web::HttpResponse;
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Europe::Copenhagen;
use rust_xlsxwriter::{Format, Workbook, XlsxError};
use tribune_domain::money::Money;

/// One cell of an exported row.
pub enum Cell {
    Text(String),
    Number(f64),
    /// Written in kroner with two decimals: exact for any amount below 2^53 øre.
    Money(Money),
    /// `dd-mm-yyyy`.
    Date(Option<NaiveDate>),
    /// `dd-mm-yyyy hh:mm`, Danish time.
    Time(DateTime<Utc>),
}

impl Cell {
    pub fn text(value: &Option<String>) -> Cell {
        Cell::Text(value.clone().unwrap_or_default())
    }
}

/// A column of an export: its Danish header and how a row fills it.
pub struct Column<T> {
    pub header: &'static str,
    pub cell: fn(&T) -> Cell,
}

/// A workbook of one sheet: a bold header row, then one row per item.
pub fn workbook<T>(
    sheet_name: &str,
    columns: &[Column<T>],
    rows: &[T],
) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    add_sheet(&mut workbook, sheet_name, columns, rows)?;
    workbook.save_to_buffer()
}

/// A sheet of `workbook`: a bold header row, then one row per item.
pub fn add_sheet<T>(
    workbook: &mut Workbook,
    sheet_name: &str,
    columns: &[Column<T>],
    rows: &[T],
) -> Result<(), XlsxError> {
    let sheet = workbook.add_worksheet();
    sheet.set_name(sheet_name)?;
    let bold = Format::new().set_bold();
    let kroner = Format::new().set_num_format("#,##0.00");
    for (col, column) in columns.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, column.header, &bold)?;
    }
    for (i, row) in rows.iter().enumerate() {
        let r = (i + 1) as u32;
        for (col, column) in columns.iter().enumerate() {
            let c = col as u16;
            match (column.cell)(row) {
                Cell::Text(text) => sheet.write_string(r, c, text)?,
                Cell::Number(n) => sheet.write_number(r, c, n)?,
                Cell::Money(m) => {
                    sheet.write_number_with_format(r, c, m.as_ore() as f64 / 100.0, &kroner)?
                }
                Cell::Date(d) => sheet.write_string(
                    r,
                    c,
                    d.map(|d| d.format("%d-%m-%Y").to_string())
                        .unwrap_or_default(),
                )?,
                Cell::Time(t) => sheet.write_string(
                    r,
                    c,
                    t.with_timezone(&Copenhagen)
                        .format("%d-%m-%Y %H:%M")
                        .to_string(),
                )?,
            };
        }
    }
    sheet.autofit();
    Ok(())
}

/// The answer that downloads a workbook as `filename`.
pub fn xlsx(filename: &str, bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .insert_header(("Content-Disposition", attachment(filename)))
        .body(bytes)
}

/// A signed export (`kit::signing`) as a download named `filename`: its JSON, indented for a
/// person to read.
pub fn signed_json(filename: &str, export: crate::kit::signing::SignedExport) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header(("Content-Disposition", attachment(filename)))
        .body(serde_json::to_vec_pretty(&export).unwrap_or_default())
}

/// `Content-Disposition` of a download named `filename`.
pub fn attachment(filename: &str) -> String {
    disposition("attachment", filename)
}

/// `Content-Disposition: {kind}` (attachment or inline) of a file named `filename` (RFC 6266): an
/// ASCII name for old clients and the UTF-8 name ('Tilmeldte - Pokalkamp på Stadion.xlsx') for
/// the rest.
pub fn disposition(kind: &str, filename: &str) -> String {
    let ascii: String = filename
        .chars()
        .map(|c| match c {
            ' '..='~' if c != '"' && c != '\\' => c,
            _ => '_',
        })
        .collect();
    let encoded: String = filename
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}
