#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
//! Renders real ticket PDFs and reads them back with poppler (ops/test installs poppler-utils):
//! the text with `pdftotext -layout`, as render.rs does for contracts, and the QR code by
//! rasterising the page with `pdftoppm` and decoding it with rqrr.

mod common;

use std::path::Path;
use std::process::Command;

use tribune_pdf::{ticket_pdf, tickets_pdf, Image, PdfError, TicketDocument, MAX_TICKETS_PER_PDF};

use common::{assert_hides, assert_shows, jpeg, pdf_text, png, write_pdf};

// ---- fixtures ----------------------------------------------------------------------------------

const CODE: &str = "01JDQ7ZK3V8N4M2P6R9T5W7X0Y";

fn ticket() -> TicketDocument {
    TicketDocument {
        club: "Boldklubben Ærø".to_string(),
        event_title: "Julekoncert på Ærø Stadion".to_string(),
        when: "12-12-2026 kl. 19:00".to_string(),
        location: Some("Stadionvej 1, 5970 Ærøskøbing".to_string()),
        product: "Pladsbillet Tribune".to_string(),
        holder: Some("Åse Øberg".to_string()),
        company: Some("Søndergård & Æbleø ApS".to_string()),
        number: 17,
        code: CODE.to_string(),
        section: Some("B".to_string()),
        row: Some("4".to_string()),
        seat_number: Some("12".to_string()),
        template: Some(
            "Billetten gælder for én person.\nVis QR-koden ved indgangen.\n\nGod fornøjelse!"
                .to_string(),
        ),
        logo: Some(Image {
            bytes: png(240, 80),
        }),
        picture: Some(Image {
            bytes: jpeg(800, 200),
        }),
        order_number: Some(1042),
    }
}

// ---- reading a PDF back --------------------------------------------------------------------------

/// The number of pages, from `pdfinfo`.
fn page_count(dir: &Path, name: &str, pdf: &[u8]) -> u32 {
    let pdf_path = write_pdf(dir, name, pdf);
    let info = Command::new("pdfinfo")
        .arg(&pdf_path)
        .output()
        .expect("pdfinfo runs (ops/test installs poppler-utils)");
    assert!(info.status.success(), "pdfinfo failed");
    String::from_utf8_lossy(&info.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .expect("pdfinfo names the page count")
        .trim()
        .parse()
        .unwrap()
}

#[track_caller]
fn text_of(name: &str, doc: &TicketDocument) -> String {
    let dir = tempfile::tempdir().unwrap();
    pdf_text(dir.path(), name, &ticket_pdf(doc).unwrap())
}

// ---- what a ticket shows -------------------------------------------------------------------------

#[test]
fn a_full_ticket_shows_the_event_the_holder_the_seat_and_the_code() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = ticket_pdf(&ticket()).unwrap();
    assert_eq!(page_count(dir.path(), "full", &pdf), 1);
    let text = pdf_text(dir.path(), "full", &pdf);
    assert_shows(
        &text,
        &[
            "Boldklubben Ærø",
            "Julekoncert på Ærø Stadion",
            "12-12-2026 kl. 19:00",
            "Stadionvej 1, 5970 Ærøskøbing",
            "Pladsbillet Tribune",
            "Billet nr. 17",
            "Navn",
            "Åse Øberg",
            "Virksomhed",
            "Søndergård & Æbleø ApS",
            CODE,
            "Sektion",
            "Række",
            "Sæde",
            "Ordre #1042",
            "Billetten gælder for én person.",
            "God fornøjelse!",
        ],
    );
}

#[test]
fn a_ticket_without_a_seat_or_optional_parts_shows_no_seat_labels() {
    let doc = TicketDocument {
        location: None,
        holder: None,
        company: Some("  ".to_string()),
        section: None,
        row: None,
        seat_number: None,
        template: None,
        logo: None,
        picture: None,
        order_number: None,
        product: "Ståplads".to_string(),
        ..ticket()
    };
    let text = text_of("no-seat", &doc);
    assert_shows(
        &text,
        &[
            "Julekoncert på Ærø Stadion",
            "Billet nr. 17",
            "Ståplads",
            CODE,
        ],
    );
    assert_hides(
        &text,
        &["Sektion", "Række", "Sæde", "Navn", "Virksomhed", "Ordre"],
    );
}

#[test]
fn a_long_club_text_keeps_the_ticket_on_one_page() {
    let mut doc = ticket();
    doc.template = Some(
        (1..=60)
            .map(|i| format!("Betingelse {i}: billetten refunderes ikke."))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let dir = tempfile::tempdir().unwrap();
    let pdf = ticket_pdf(&doc).unwrap();
    assert_eq!(page_count(dir.path(), "long-text", &pdf), 1);
    let text = pdf_text(dir.path(), "long-text", &pdf);
    assert_shows(&text, &["Betingelse 1:", "Betingelse 60:", CODE]);
}

// ---- hostile input -------------------------------------------------------------------------------

#[test]
fn user_text_that_looks_like_typst_prints_literally() {
    let mut doc = ticket();
    doc.club = "]; #panic(); [".to_string();
    doc.event_title = r#"#eval("1+1")"#.to_string();
    doc.holder = Some("*x*".to_string());
    doc.company = Some("$x$ <label> @ref".to_string());
    doc.product = "_under_ `raw`".to_string();
    doc.when = r"back\slash\\".to_string();
    doc.section = Some("#set page(width: 1cm)".to_string());
    doc.template = Some("= Ikke en overskrift\n// ikke en kommentar\n#eval(\"2\")".to_string());
    let text = text_of("hostile", &doc);
    assert_shows(
        &text,
        &[
            "]; #panic(); [",
            r#"#eval("1+1")"#,
            "*x*",
            "$x$ <label> @ref",
            "_under_ `raw`",
            r"back\slash\\",
            "#set page(width: 1cm)",
            "= Ikke en overskrift",
            "// ikke en kommentar",
            "#eval(\"2\")",
        ],
    );
    assert_hides(&text, &["\n2\n"]);
}

#[test]
fn broken_pictures_are_refused_with_a_clear_error() {
    let mut doc = ticket();
    doc.logo = Some(Image {
        bytes: b"GIF89a not allowed".to_vec(),
    });
    let err = ticket_pdf(&doc).unwrap_err();
    assert!(matches!(err, PdfError::Image { .. }), "{err:?}");
    assert!(err.to_string().contains("klubbens logo"), "{err}");

    let mut doc = ticket();
    doc.picture = Some(Image { bytes: Vec::new() });
    let err = ticket_pdf(&doc).unwrap_err();
    assert!(err.to_string().contains("banneret"), "{err}");
}

// ---- the QR code ---------------------------------------------------------------------------------

/// Rasterises page 1 at 150 dpi with `pdftoppm` and returns what every QR code found on it says.
fn qr_codes_on_page_one(dir: &Path, name: &str, pdf: &[u8]) -> Vec<String> {
    let pdf_path = write_pdf(dir, name, pdf);
    let prefix = dir.join(name);
    let status = Command::new("pdftoppm")
        .args(["-r", "150", "-png", "-f", "1", "-l", "1", "-singlefile"])
        .arg(&pdf_path)
        .arg(&prefix)
        .status()
        .expect("pdftoppm runs (ops/test installs poppler-utils)");
    assert!(
        status.success(),
        "pdftoppm failed on {}",
        pdf_path.display()
    );
    let page = image::open(prefix.with_extension("png"))
        .unwrap()
        .to_luma8();
    let mut prepared = rqrr::PreparedImage::prepare(page);
    prepared
        .detect_grids()
        .into_iter()
        .filter_map(|grid| grid.decode().ok())
        .map(|(_, content)| content)
        .collect()
}

#[test]
fn the_qr_code_encodes_the_ticket_code() {
    let dir = tempfile::tempdir().unwrap();
    let codes = qr_codes_on_page_one(dir.path(), "qr", &ticket_pdf(&ticket()).unwrap());
    assert_eq!(codes, vec![CODE.to_string()]);

    // Another ticket, another code: the QR code follows the input.
    let other = TicketDocument {
        code: "01JDQ80000000000000000000Z".to_string(),
        ..ticket()
    };
    let codes = qr_codes_on_page_one(dir.path(), "qr-other", &ticket_pdf(&other).unwrap());
    assert_eq!(codes, vec![other.code]);
}

// ---- the tickets of an order in one PDF -----------------------------------------------------------

#[test]
fn an_orders_tickets_are_one_pdf_a_ticket_to_a_page_with_each_code() {
    let dir = tempfile::tempdir().unwrap();
    // Two tickets to the event (same logo and picture) and one to another event (another logo).
    let second = TicketDocument {
        number: 18,
        code: "01JDQ80000000000000000000Z".to_string(),
        seat_number: Some("13".to_string()),
        ..ticket()
    };
    let other_event = TicketDocument {
        event_title: "Nytårskoncert".to_string(),
        number: 3,
        code: "01JDQ90000000000000000000A".to_string(),
        logo: Some(Image {
            bytes: png(120, 80),
        }),
        ..ticket()
    };
    let pdf = tickets_pdf(&[ticket(), second.clone(), other_event]).unwrap();
    assert_eq!(page_count(dir.path(), "order", &pdf), 3);
    let text = pdf_text(dir.path(), "order", &pdf);
    assert_shows(
        &text,
        &[
            "Billet nr. 17",
            "Billet nr. 18",
            "Billet nr. 3",
            CODE,
            &second.code,
            "Nytårskoncert",
            "Julekoncert på Ærø Stadion",
        ],
    );
    // Page one is the first ticket, and its QR code is its own.
    assert_eq!(
        qr_codes_on_page_one(dir.path(), "order-qr", &pdf),
        vec![CODE.to_string()]
    );

    // None, or more than a PDF holds: refused, not a panic.
    assert!(tickets_pdf(&[]).is_err());
    let many: Vec<TicketDocument> = (0..=MAX_TICKETS_PER_PDF).map(|_| ticket()).collect();
    assert!(tickets_pdf(&many).is_err());
}

// ---- determinism -----------------------------------------------------------------------------------

#[test]
fn the_same_input_gives_the_same_bytes() {
    let first = ticket_pdf(&ticket()).unwrap();
    let second = ticket_pdf(&ticket()).unwrap();
    assert!(first == second, "two renders of the same ticket differ");

    // No clock: the PDF has no creation date.
    let raw = String::from_utf8_lossy(&first);
    assert!(!raw.contains("/CreationDate"), "the PDF has a date");

    let mut other = ticket();
    other.number = 18;
    assert!(ticket_pdf(&other).unwrap() != first);
}
