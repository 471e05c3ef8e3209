#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
//! Renders real invoice and credit-note PDFs and reads them back with poppler's
//! `pdftotext -layout` (ops/test installs poppler-utils), as render.rs does for contracts.

mod common;

use std::process::Command;

use chrono::NaiveDate;
use tribune_pdf::{invoice_pdf, BankDetails, Image, InvoiceDocument, InvoiceLine, Party, PdfError};

use common::{assert_hides, assert_shows, pdf_text, png};

// ---- fixtures ----------------------------------------------------------------------------------

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn line(title: &str, amount: i64, unit_price_ore: i64) -> InvoiceLine {
    InvoiceLine {
        title: title.to_string(),
        details: None,
        amount,
        unit_price_ore,
        discount_ore: 0,
        total_ore: amount * unit_price_ore,
        vat_exempt: false,
    }
}

/// Prices without VAT. 'Sæsonkort' 2 × 1.500 − 2 × 100 = 2.800, 'Klubtrøje' 1 × 449,50 + an
/// option of 100 = 549,50, 'Stævnegebyr' 1 × 250 (VAT exempt): subtotal 3.599,50, rabat 200,
/// gebyr 50, momspligtigt 3.399,50, momsfrit 250, moms 849,88, total 4.499,38.
fn invoice() -> InvoiceDocument {
    InvoiceDocument {
        credit_note: false,
        number: Some(1042),
        credit_of_number: None,
        invoice_date: Some(day(2026, 3, 2)),
        due_date: Some(day(2026, 3, 16)),
        club: Party {
            name: "Boldklubben Ærø".to_string(),
            lines: vec![
                "Stadionvej 1".to_string(),
                "5970 Ærøskøbing".to_string(),
                "CVR-nr. 12345678".to_string(),
                "kasserer@bk-aero.dk".to_string(),
            ],
        },
        logo: Some(Image {
            bytes: png(240, 80),
        }),
        customer: Party {
            name: "Søndergård & Æbleø ApS".to_string(),
            lines: vec![
                "Att. Åse Øberg".to_string(),
                "Havnegade 7".to_string(),
                "5000 Odense C".to_string(),
                "CVR-nr. 87654321".to_string(),
                "EAN-nr. 5798000000001".to_string(),
            ],
        },
        reference: Some("Ordre #1042".to_string()),
        description: Some("Tak for handlen.\nSpørgsmål til kassereren.".to_string()),
        lines: vec![
            InvoiceLine {
                details: Some("Voksen\nTribune B, række 4, plads 12".to_string()),
                discount_ore: 10_000,
                total_ore: 280_000,
                ..line("Sæsonkort", 2, 150_000)
            },
            InvoiceLine {
                details: Some("Str. L, Navn på ryggen (+ 100,00)".to_string()),
                total_ore: 54_950,
                ..line("Klubtrøje", 1, 44_950)
            },
            InvoiceLine {
                vat_exempt: true,
                ..line("Stævnegebyr", 1, 25_000)
            },
        ],
        prices_with_vat: false,
        vat_rate: 2500,
        subtotal_ore: 359_950,
        discount_ore: 20_000,
        fee_ore: 5_000,
        vat_basis_ore: 339_950,
        vat_exempt_ore: 25_000,
        vat_ore: 84_988,
        total_ore: 449_938,
        payment_terms: "Netto 14 dage".to_string(),
        bank: Some(BankDetails {
            reg_no: "1234".to_string(),
            account_no: "0012345678".to_string(),
        }),
        paid_on: None,
    }
}

/// Credits the invoice above in full: every figure negative.
fn credit_note() -> InvoiceDocument {
    let mut doc = invoice();
    doc.credit_note = true;
    doc.number = Some(1043);
    doc.credit_of_number = Some(1042);
    doc.invoice_date = Some(day(2026, 3, 20));
    doc.due_date = Some(day(2026, 4, 3));
    for line in &mut doc.lines {
        line.amount = -line.amount;
        line.total_ore = -line.total_ore;
    }
    doc.subtotal_ore = -359_950;
    doc.discount_ore = -20_000;
    doc.fee_ore = -5_000;
    doc.vat_basis_ore = -339_950;
    doc.vat_exempt_ore = -25_000;
    doc.vat_ore = -84_988;
    doc.total_ore = -449_938;
    doc
}

// ---- reading a PDF back --------------------------------------------------------------------------

#[track_caller]
fn text_of(name: &str, doc: &InvoiceDocument) -> String {
    let dir = tempfile::tempdir().unwrap();
    pdf_text(dir.path(), name, &invoice_pdf(doc).unwrap())
}

/// The pages of the text (pdftotext ends the last page with a form feed too).
fn pages(text: &str) -> Vec<&str> {
    text.split('\u{c}')
        .filter(|page| !page.trim().is_empty())
        .collect()
}

/// The line of the text that starts with `start`.
#[track_caller]
fn line_starting<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines()
        .map(str::trim)
        .find(|line| line.starts_with(start))
        .unwrap_or_else(|| panic!("no line starts with {start:?} in the PDF's text:\n{text}"))
}

// ---- the invoice ---------------------------------------------------------------------------------

#[test]
fn an_invoice_prints_its_number_dates_parties_lines_vat_and_how_to_pay() {
    let text = text_of("invoice", &invoice());
    assert_shows(
        &text,
        &[
            // The club, in the header.
            "Boldklubben Ærø",
            "Stadionvej 1",
            "5970 Ærøskøbing",
            "kasserer@bk-aero.dk",
            // Title and facts.
            "Faktura",
            "Fakturanr. 1042",
            "Fakturadato 02-03-2026",
            "Forfaldsdato 16-03-2026",
            "Reference Ordre #1042",
            // The customer.
            "FAKTURERES TIL",
            "Søndergård & Æbleø ApS",
            "Att. Åse Øberg",
            "Havnegade 7",
            "5000 Odense C",
            "CVR-nr. 87654321",
            "EAN-nr. 5798000000001",
            // The description, its line break kept.
            "Tak for handlen.",
            "Spørgsmål til kassereren.",
            // The lines: amount, unit price, per-unit discount, total.
            "Beskrivelse Antal Enhedspris Rabat Beløb",
            "Sæsonkort 2 1.500,00 100,00 2.800,00",
            "Voksen",
            "Tribune B, række 4, plads 12",
            "Klubtrøje 1 449,50 549,50",
            "Str. L, Navn på ryggen (+ 100,00)",
            "Stævnegebyr (momsfri) 1 250,00 250,00",
            "Priserne er i kr. ekskl. moms.",
            // The totals.
            "Subtotal ekskl. moms 3.599,50 kr.",
            "Rabat 200,00 kr.",
            "Gebyr 50,00 kr.",
            "Momspligtigt beløb 3.399,50 kr.",
            "Momsfrit beløb 250,00 kr.",
            "Moms 25 % 849,88 kr.",
            "Total inkl. moms 4.499,38 kr.",
            // How to pay.
            "Betaling",
            "Betalingsbetingelser: Netto 14 dage",
            "Beløbet indbetales på reg.nr. 1234 kontonr. 0012345678 senest 16-03-2026",
            "Angiv fakturanr. 1042 ved betaling",
            "Side 1 af 1",
        ],
    );
    // Only the sæsonkort is discounted, and only the stævnegebyr is exempt.
    assert_hides(
        &text,
        &[
            "Klubtrøje (momsfri)",
            "Sæsonkort (momsfri)",
            "KLADDE",
            "Kreditnota",
            "Krediterer",
            "Heraf moms",
            "Betalt",
        ],
    );
    // The VAT line comes before the total, and the total is the last figure of the block.
    let vat = text.find("Moms 25 %").unwrap();
    let total = text.find("Total inkl. moms").unwrap();
    let subtotal = text.find("Subtotal ekskl. moms").unwrap();
    assert!(subtotal < vat && vat < total, "{text}");

    // The footer: the club's name and lines on one line, with the page count.
    let footer = line_starting(&text, "Boldklubben Ærø · ");
    assert_shows(
        footer,
        &[
            "Stadionvej 1 · 5970 Ærøskøbing · CVR-nr. 12345678",
            "Side 1 af 1",
        ],
    );
}

#[test]
fn without_line_discounts_there_is_no_rabat_column_and_zero_figures_are_left_out() {
    let mut doc = invoice();
    doc.lines[0].discount_ore = 0;
    doc.lines[0].total_ore = 300_000;
    doc.discount_ore = 0;
    doc.fee_ore = 0;
    doc.vat_exempt_ore = 0;
    doc.lines[2].vat_exempt = false;
    let text = text_of("no-discount", &doc);
    assert_shows(
        &text,
        &[
            "Beskrivelse Antal Enhedspris Beløb",
            "Sæsonkort 2 1.500,00 3.000,00",
            "Stævnegebyr 1 250,00 250,00",
            "Momspligtigt beløb",
        ],
    );
    assert_hides(&text, &["Rabat", "Gebyr", "Momsfrit beløb", "(momsfri)"]);
}

#[test]
fn a_vat_rate_is_written_from_basis_points() {
    let mut doc = invoice();
    doc.vat_rate = 1250;
    let text = text_of("rate-12-5", &doc);
    assert_shows(&text, &["Moms 12,5 % 849,88 kr."]);
    assert_hides(&text, &["Moms 25 %", "Moms 1250"]);
}

#[test]
fn prices_with_vat_show_the_vat_as_heraf_moms_after_the_total() {
    let mut doc = invoice();
    doc.prices_with_vat = true;
    let text = text_of("with-vat", &doc);
    assert_shows(
        &text,
        &[
            "Priserne er i kr. inkl. moms.",
            "Total inkl. moms 4.499,38 kr.",
            "Heraf moms 25 % 849,88 kr.",
        ],
    );
    assert_hides(&text, &["\nMoms 25 %", " Moms 25 %", "ekskl. moms."]);
    assert!(text.find("Total inkl. moms").unwrap() < text.find("Heraf moms").unwrap());
}

#[test]
fn an_invoice_without_vat_has_no_vat_line_but_still_a_total() {
    let mut doc = invoice();
    doc.vat_rate = 0;
    doc.vat_ore = 0;
    doc.vat_basis_ore = 0;
    doc.vat_exempt_ore = 0;
    doc.total_ore = 364_950;
    let text = text_of("no-vat", &doc);
    assert_shows(&text, &["Subtotal 3.599,50 kr.", "Total 3.649,50 kr."]);
    assert_hides(&text, &["Moms", "moms", "0 %"]);
}

#[test]
fn a_paid_invoice_carries_a_betalt_stamp_instead_of_payment_instructions() {
    let mut doc = invoice();
    doc.paid_on = Some(day(2026, 3, 10));
    let text = text_of("paid", &doc);
    assert_shows(
        &text,
        &[
            "Betalt 10-03-2026",
            "Betalt 10-03-2026. Tak for betalingen.",
            "Betalingsbetingelser: Netto 14 dage",
        ],
    );
    assert_hides(&text, &["indbetales", "Angiv fakturanr."]);
    // The stamp by the title, and the line in 'Betaling'.
    assert_eq!(text.matches("Betalt 10-03-2026").count(), 2, "{text}");
    assert_shows(line_starting(&text, "Faktura"), &["Betalt 10-03-2026"]);
}

// ---- credit notes and drafts ---------------------------------------------------------------------

#[test]
fn a_credit_note_names_the_invoice_it_credits_shows_negative_figures_and_no_payment() {
    let text = text_of("credit-note", &credit_note());
    assert_shows(
        &text,
        &[
            "Kreditnota",
            "Kreditnotanr. 1043",
            "Kreditnotadato 20-03-2026",
            "Krediterer faktura nr. 1042",
            "KREDITERES TIL",
            "Sæsonkort -2 1.500,00 100,00 -2.800,00",
            "Klubtrøje -1 449,50 -549,50",
            "Subtotal ekskl. moms -3.599,50 kr.",
            "Rabat -200,00 kr.",
            "Gebyr -50,00 kr.",
            "Momspligtigt beløb -3.399,50 kr.",
            "Momsfrit beløb -250,00 kr.",
            "Moms 25 % -849,88 kr.",
            "Total inkl. moms -4.499,38 kr.",
            "Kreditering",
            "Beløbet godskrives",
        ],
    );
    assert_hides(
        &text,
        &[
            "Faktura\n",
            "Fakturanr.",
            "Forfaldsdato",
            "03-04-2026",
            "Betaling",
            "indbetales",
            "reg.nr.",
            "Angiv fakturanr.",
            "FAKTURERES TIL",
            "KLADDE",
        ],
    );
}

#[test]
fn a_draft_says_kladde_and_has_no_number() {
    let mut doc = invoice();
    doc.number = None;
    let text = text_of("draft", &doc);
    assert_shows(&text, &["KLADDE – ikke bogført", "Fakturakladde"]);
    assert_hides(&text, &["Fakturanr.", "Angiv fakturanr."]);

    let mut credit = credit_note();
    credit.number = None;
    let text = text_of("credit-draft", &credit);
    assert_shows(
        &text,
        &[
            "KLADDE – ikke bogført",
            "Kreditnotakladde",
            "Krediterer faktura nr. 1042",
        ],
    );
    assert_hides(&text, &["Kreditnotanr."]);
}

// ---- hostile input, pictures, pages -------------------------------------------------------------

#[test]
fn user_text_that_looks_like_typst_prints_literally() {
    let hostile = [
        r#"#eval("x")"#,
        "*bold*",
        "$x$",
        "a]b[c",
        "<label>",
        "@ref",
        r"back\slash\\",
        "_under_ `raw` ~tilde",
        r#"#set page(width: 1cm)"#,
        "= Ikke en overskrift",
        "// ikke en kommentar",
        "]; #panic(); [",
        r#"#import "@preview/x:1.0.0""#,
    ];
    let mut doc = invoice();
    doc.club.name = hostile[0].to_string();
    doc.club.lines = vec![hostile[1].to_string()];
    doc.customer = Party {
        name: hostile[2].to_string(),
        lines: vec![hostile[3].to_string(), hostile[4].to_string()],
    };
    doc.reference = Some(hostile[5].to_string());
    doc.description = Some(format!("{}\n{}", hostile[6], hostile[7]));
    doc.lines[0].title = hostile[8].to_string();
    doc.lines[0].details = Some(hostile[9].to_string());
    doc.lines[1].title = hostile[10].to_string();
    doc.payment_terms = hostile[11].to_string();
    doc.bank = Some(BankDetails {
        reg_no: hostile[12].to_string(),
        account_no: "$1$".to_string(),
    });
    let text = text_of("hostile", &doc);
    assert_shows(&text, &hostile);
    assert_shows(&text, &["kontonr. $1$", "#eval(\"x\") · *bold*"]);

    // Characters no font here has, control characters and a very long word: printed as well as
    // can be, never a failed render.
    doc.lines[2].details = Some(format!(
        "nul\u{0}bell\u{7} ⚽ 漢字 \u{202e}rtl\r\nnæste linje {}",
        "x".repeat(300)
    ));
    let text = text_of("hostile-characters", &doc);
    assert_shows(&text, &["næste linje"]);
}

#[test]
fn a_broken_logo_is_refused_with_a_clear_error() {
    for bytes in [
        Vec::new(),
        b"GIF89a not allowed".to_vec(),
        png(40, 40)[..40].to_vec(),
    ] {
        let mut doc = invoice();
        doc.logo = Some(Image { bytes });
        let err = invoice_pdf(&doc).unwrap_err();
        assert!(matches!(err, PdfError::Image { .. }), "{err:?}");
        assert!(err.to_string().contains("klubbens logo"), "{err}");
    }
}

#[test]
fn a_minimal_invoice_renders() {
    let doc = InvoiceDocument {
        credit_note: false,
        number: Some(1),
        credit_of_number: None,
        invoice_date: None,
        due_date: None,
        club: Party {
            name: "Klub".to_string(),
            lines: Vec::new(),
        },
        logo: None,
        customer: Party::default(),
        reference: None,
        description: None,
        lines: Vec::new(),
        prices_with_vat: false,
        vat_rate: 2500,
        subtotal_ore: 0,
        discount_ore: 0,
        fee_ore: 0,
        vat_basis_ore: 0,
        vat_exempt_ore: 0,
        vat_ore: 0,
        total_ore: 0,
        payment_terms: String::new(),
        bank: None,
        paid_on: None,
    };
    let text = text_of("minimal", &doc);
    assert_shows(
        &text,
        &[
            "Faktura",
            "Fakturanr. 1",
            "Moms 25 % 0,00 kr.",
            "Total inkl. moms 0,00 kr.",
            "Angiv fakturanr. 1 ved betaling",
            "Side 1 af 1",
        ],
    );
    assert_hides(
        &text,
        &[
            "Beskrivelse",
            "Fakturadato",
            "Reference",
            "Betalingsbetingelser",
            "indbetales",
        ],
    );
}

#[test]
fn sixty_lines_run_over_pages_with_the_table_header_and_footer_on_each() {
    let mut doc = invoice();
    doc.lines = (1..=60)
        .map(|n| InvoiceLine {
            details: Some(format!("Detalje {n}")),
            ..line(&format!("Billet nr. {n}"), 1, 10_000)
        })
        .collect();
    let text = text_of("sixty-lines", &doc);
    let pages = pages(&text);
    assert!(pages.len() >= 2, "{} pages:\n{text}", pages.len());
    let count = pages.len();
    for (index, page) in pages.iter().enumerate() {
        assert_shows(
            page,
            &[
                &format!("Side {} af {count}", index + 1),
                "Boldklubben Ærø · Stadionvej 1",
            ],
        );
    }
    assert_shows(pages[1], &["Beskrivelse Antal Enhedspris Beløb"]);
    for n in 1..=60 {
        assert_shows(&text, &[&format!("Billet nr. {n} 1 100,00 100,00")]);
    }
    // The totals and the payment come after the last line.
    let last_line = text.find("Billet nr. 60 ").unwrap();
    assert!(last_line < text.find("Total inkl. moms").unwrap());
    assert!(last_line < text.find("Angiv fakturanr. 1042").unwrap());
}

// ---- determinism ---------------------------------------------------------------------------------

#[test]
fn the_same_input_gives_the_same_bytes_and_a_stable_id() {
    let doc = invoice();
    let first = invoice_pdf(&doc).unwrap();
    assert!(first == invoice_pdf(&doc).unwrap(), "two renders differ");

    // The /ID's first half comes from the club, the number and the kind: an edit of the
    // invoice keeps it, another number or kind does not.
    let mut edited = invoice();
    edited.description = Some("Ny tekst".to_string());
    let edited = invoice_pdf(&edited).unwrap();
    assert!(edited != first, "the bytes depend on the input");
    assert_eq!(permanent_id(&first), permanent_id(&edited));
    let mut other_number = invoice();
    other_number.number = Some(1043);
    assert_ne!(
        permanent_id(&first),
        permanent_id(&invoice_pdf(&other_number).unwrap())
    );
    let mut credit = invoice();
    credit.credit_note = true;
    assert_ne!(
        permanent_id(&first),
        permanent_id(&invoice_pdf(&credit).unwrap())
    );

    // No clock: the PDF has no creation date.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("invoice.pdf");
    std::fs::write(&path, &first).unwrap();
    let info = Command::new("pdfinfo").arg(&path).output().unwrap();
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(!info.contains("CreationDate"), "{info}");
    assert!(
        info.contains("Creator:") && info.contains("Tribune"),
        "{info}"
    );
    assert!(info.contains("Faktura 1042"), "{info}");
}

/// The first half of the PDF's /ID (the permanent identifier), from the trailer's
/// `/ID[(…)(…)]`.
fn permanent_id(pdf: &[u8]) -> String {
    let start = pdf
        .windows(5)
        .rposition(|window| window == b"/ID[(")
        .expect("the PDF has an /ID");
    let rest = &pdf[start + 5..];
    let end = rest.iter().position(|&byte| byte == b')').unwrap();
    String::from_utf8_lossy(&rest[..end]).to_string()
}
