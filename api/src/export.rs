//! Excel exports (rust_xlsxwriter): exactly the rows a list shows, all pages.

use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::crm::companies::{status_label, CompanyListRow};

pub fn companies_workbook(rows: &[CompanyListRow]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Virksomheder")?;
    let bold = Format::new().set_bold();
    let headers = [
        "Navn",
        "CVR",
        "Adresse",
        "Postnr",
        "By",
        "E-mail",
        "Telefon",
        "Opfølgning",
        "Udnyttelsesgrad",
        "Status",
    ];
    for (col, header) in headers.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *header, &bold)?;
    }
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    for (i, row) in rows.iter().enumerate() {
        let r = (i + 1) as u32;
        sheet.write_string(r, 0, &row.name)?;
        sheet.write_string(r, 1, text(&row.cvr))?;
        sheet.write_string(r, 2, text(&row.address))?;
        sheet.write_string(r, 3, text(&row.zip_code))?;
        sheet.write_string(r, 4, text(&row.city))?;
        sheet.write_string(r, 5, text(&row.email))?;
        sheet.write_string(r, 6, text(&row.phone))?;
        sheet.write_string(
            r,
            7,
            row.follow_up_date
                .map(|d| d.format("%d-%m-%Y").to_string())
                .unwrap_or_default(),
        )?;
        sheet.write_number(r, 8, f64::from(row.utilization))?;
        sheet.write_string(r, 9, status_label(row.status))?;
    }
    sheet.autofit();
    workbook.save_to_buffer()
}
