#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
//! Renders real PDFs, writes them to a temporary directory and reads them back with poppler's
//! `pdftotext -layout` (ops/test installs poppler-utils).

mod common;

use std::io::Cursor;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use chrono::{NaiveDate, TimeZone, Utc};
use image::{ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};
use tribune_pdf::{
    contract_pdf, signed_contract_pdf, ContractDocument, DocLine, Image, Party, PdfError, PlanRow,
    PriceDisplay, SigningRecord,
};

use common::{assert_hides, assert_shows, pdf_text};

// ---- fixtures ----------------------------------------------------------------------------------

const COMPANY: &str = "Søndergård & Æbleø ApS";
const SHA256: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const CHAIN_HASH: &str = "3b1e0c8f6a9d2e47b5c1f08a7d6e3c29b4a1f5e8d7c6b3a2910f8e7d6c5b4a39";

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn png(width: u32, height: u32, color: [u8; 4]) -> Vec<u8> {
    let picture = RgbaImage::from_fn(width, height, |x, y| {
        if (x + y) % 7 == 0 {
            Rgba([0, 0, 0, 255])
        } else {
            Rgba(color)
        }
    });
    let mut bytes = Cursor::new(Vec::new());
    picture.write_to(&mut bytes, ImageFormat::Png).unwrap();
    bytes.into_inner()
}

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, 160])
    });
    let mut bytes = Cursor::new(Vec::new());
    picture.write_to(&mut bytes, ImageFormat::Jpeg).unwrap();
    bytes.into_inner()
}

/// A drawn signature: a dark stroke on a transparent background.
fn signature() -> Vec<u8> {
    let picture = RgbaImage::from_fn(300, 100, |x, y| {
        let curve = 50.0 + 30.0 * ((x as f64) / 25.0).sin();
        if ((y as f64) - curve).abs() < 2.5 {
            Rgba([20, 30, 90, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    let mut bytes = Cursor::new(Vec::new());
    picture.write_to(&mut bytes, ImageFormat::Png).unwrap();
    bytes.into_inner()
}

fn line(category: &str, title: &str, amount: i64, price_ore: i64) -> DocLine {
    DocLine {
        category: category.to_string(),
        title: title.to_string(),
        variant: None,
        description: None,
        unit: "stk".to_string(),
        amount,
        price_ore,
        discount_ore: 0,
        total_ore: amount * price_ore,
        options: Vec::new(),
    }
}

/// 'Bandereklame' 5 × 2.500 = 12.500, 'Logo på trøje' 2.500 + an option of 500 = 3.000,
/// 'VIP-billetter' 4 × 500 − 500 = 1.500: subtotal 17.000, rabat 1.000, moms 4.000, total 20.000.
fn full_document() -> ContractDocument {
    let lines = vec![
        DocLine {
            variant: Some("Lang side".to_string()),
            description: Some("Ved hovedbanen\nSynlig fra tribunen".to_string()),
            ..line("Reklame", "Bandereklame", 5, 250_000)
        },
        DocLine {
            options: vec![("Navn på ryggen".to_string(), 50_000)],
            total_ore: 300_000,
            ..line("Spillertøj", "Logo på trøje", 1, 250_000)
        },
        DocLine {
            unit: "person".to_string(),
            discount_ore: 50_000,
            total_ore: 150_000,
            ..line("Reklame", "VIP-billetter", 4, 50_000)
        },
    ];
    ContractDocument {
        title: "Sponsoraftale 2026".to_string(),
        additional_title: Some("Guldpartner".to_string()),
        number: 42,
        club: Party {
            name: "Boldklubben Ærø".to_string(),
            lines: vec![
                "Stadionvej 1".to_string(),
                "5970 Ærøskøbing".to_string(),
                "CVR 12345678".to_string(),
            ],
        },
        company: Some(Party {
            name: COMPANY.to_string(),
            lines: vec!["Havnegade 7".to_string(), "5000 Odense C".to_string()],
        }),
        contact: Some(Party {
            name: "Åse Øberg".to_string(),
            lines: vec!["ase@example.dk".to_string(), "+45 12 34 56 78".to_string()],
        }),
        owner: Some("Jens Hansen".to_string()),
        color: Some("#7a1f2b".to_string()),
        header_color: Some("#f3e9d2".to_string()),
        logo: Some(Image { bytes: png(240, 80, [200, 40, 40, 255]) }),
        logo_right: false,
        banner: Some(Image { bytes: jpeg(800, 200) }),
        company_logo: Some(Image { bytes: png(120, 60, [40, 120, 200, 255]) }),
        description_html: Some("<p>Klubben takker for <strong>støtten</strong>.</p>".to_string()),
        contract_description_html: Some(
            "<h2>Om aftalen</h2><p>Sponsoren får <em>synlighed</em> på stadion &amp; online.</p>\
             <ol><li data-list=\"bullet\">Bander</li><li data-list=\"bullet\">Trøjer</li></ol>"
                .to_string(),
        ),
        supplemental_description_html: Some("<p><br></p>".to_string()),
        additional_html: Some("<p>Tillæg: <u>gælder kun hjemmekampe</u></p>".to_string()),
        general_terms_html: Some(
            "<ol><li>Aftalen følger dansk ret.</li><li>Tvister afgøres ved Retten i Svendborg.</li></ol>"
                .to_string(),
        ),
        payment_terms_html: Some("<p>Netto 14 dage.</p>".to_string()),
        start_date: Some(day(2026, 2, 1)),
        end_date: Some(day(2027, 1, 31)),
        no_end_date: false,
        renew_date: Some(day(2026, 11, 1)),
        lines,
        price_display: PriceDisplay::Product,
        subtotal_ore: 1_700_000,
        discount_ore: 100_000,
        vat_ore: 400_000,
        total_ore: 2_000_000,
        show_total_with_vat: true,
        show_total_excl_vat: true,
        hide_worth: false,
        plan: vec![
            PlanRow { date: Some(day(2026, 2, 1)), label: "1. rate".to_string(), amount_ore: 1_000_000 },
            PlanRow { date: Some(day(2026, 8, 1)), label: "2. rate".to_string(), amount_ore: 1_000_000 },
        ],
        plan_title: Some("Fakturering: Løbende hver 6. måned".to_string()),
    }
}

fn signing() -> SigningRecord {
    SigningRecord {
        signature_png: signature(),
        signer_name: "Åse Øberg".to_string(),
        signer_email: "ase.oberg@søndergård.dk".to_string(),
        // 13:05 UTC is 14:05 in Copenhagen in winter.
        signed_at: Utc.with_ymd_and_hms(2026, 1, 15, 13, 5, 9).unwrap(),
        ip: "192.0.2.17".to_string(),
        user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0".to_string(),
        document_sha256: SHA256.to_string(),
        chain_hash: CHAIN_HASH.to_string(),
        event_sequence: 7,
        contract_id: uuid::Uuid::from_u128(0x0192_3e4f_5a6b_7c8d_9e0f_1a2b_3c4d_5e6f),
        verify_url: "https://tribune.example.dk/verify".to_string(),
    }
}

// ---- reading a PDF back --------------------------------------------------------------------------

/// `pdfinfo -isodates` of the PDF, runs of spaces made one.
fn pdf_info(dir: &Path, name: &str, pdf: &[u8]) -> String {
    let pdf_path = dir.join(format!("{name}.pdf"));
    std::fs::write(&pdf_path, pdf).unwrap();
    let info = Command::new("pdfinfo")
        .arg("-isodates")
        .arg(&pdf_path)
        .output()
        .expect("pdfinfo runs (ops/test installs poppler-utils)");
    assert!(
        info.status.success(),
        "pdfinfo failed on {}",
        pdf_path.display()
    );
    String::from_utf8_lossy(&info.stdout)
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[track_caller]
fn text_of(name: &str, doc: &ContractDocument) -> String {
    let dir = tempfile::tempdir().unwrap();
    pdf_text(dir.path(), name, &contract_pdf(doc).unwrap())
}

// ---- the document --------------------------------------------------------------------------------

#[test]
fn a_full_contract_prints_its_title_parties_lines_totals_plan_and_terms() {
    let doc = full_document();
    let started = Instant::now();
    let pdf = contract_pdf(&doc).unwrap();
    eprintln!(
        "render of the full contract (3 lines, 3 images, {} bytes): {:?}",
        pdf.len(),
        started.elapsed()
    );
    let started = Instant::now();
    contract_pdf(&doc).unwrap();
    eprintln!(
        "the same contract again (typst's memo): {:?}",
        started.elapsed()
    );
    let mut changed = full_document();
    changed.title = "Sponsoraftale 2027".to_string();
    changed.lines[0].amount = 6;
    let started = Instant::now();
    contract_pdf(&changed).unwrap();
    eprintln!(
        "a changed contract in the same process: {:?}",
        started.elapsed()
    );
    let mut long = full_document();
    long.lines = (0..200)
        .map(|i| {
            line(
                &format!("Kategori {}", i % 7),
                &format!("Ydelse {i}"),
                1,
                10_000,
            )
        })
        .collect();
    let started = Instant::now();
    let long_pdf = contract_pdf(&long).unwrap();
    eprintln!(
        "a contract with 200 lines ({} bytes): {:?}",
        long_pdf.len(),
        started.elapsed()
    );

    assert!(pdf.starts_with(b"%PDF-"));
    let dir = tempfile::tempdir().unwrap();
    let text = pdf_text(dir.path(), "full", &pdf);
    assert_shows(
        &text,
        &[
            "Sponsoraftale 2026",
            "Guldpartner",
            "Aftale nr. 42",
            "Boldklubben Ærø",
            "5970 Ærøskøbing",
            "SPONSOR",
            COMPANY,
            "KONTAKTPERSON",
            "Åse Øberg",
            "KLUB",
            "ANSVARLIG",
            "Jens Hansen",
            "Periode: 01.02.2026 – 31.01.2027",
            "Genforhandling: 01.11.2026",
            "Klubben takker for støtten.",
            "Om aftalen",
            "synlighed på stadion & online.",
            "• Bander",
            "Tillæg: gælder kun hjemmekampe",
            // Product display: amount + unit, unit price, discount, total per line.
            "Bandereklame – Lang side",
            "Synlig fra tribunen",
            "5 stk",
            "2.500,00 kr.",
            "12.500,00 kr.",
            "+ Navn på ryggen (500,00 kr.)",
            "4 person",
            "Rabat",
            "Subtotal 17.000,00 kr.",
            "Rabat -1.000,00 kr.",
            "Total ekskl. moms 16.000,00 kr.",
            "Moms 4.000,00 kr.",
            "Total inkl. moms 20.000,00 kr.",
            "Fakturering: Løbende hver 6. måned",
            "01.08.2026 2. rate 10.000,00 kr.",
            "Betalingsbetingelser",
            "Netto 14 dage.",
            "Generelle betingelser",
            "1. Aftalen følger dansk ret.",
            "Side 1 af",
        ],
    );
    // The line whose total is 2.500 + 500 option.
    assert_shows(&text, &["3.000,00 kr."]);
    // An empty editor prints nothing, and the unsigned copy has no signature.
    assert_hides(&text, &["Underskriftscertifikat", "Underskrevet"]);
}

#[test]
fn a_signed_contract_adds_the_signature_and_a_certificate_page() {
    let doc = full_document();
    let started = Instant::now();
    let pdf = signed_contract_pdf(&doc, &signing()).unwrap();
    eprintln!("render of the signed contract: {:?}", started.elapsed());

    let dir = tempfile::tempdir().unwrap();
    let text = pdf_text(dir.path(), "signed", &pdf);
    assert_shows(
        &text,
        &[
            "Sponsoraftale 2026",
            "Aftale nr. 42",
            COMPANY,
            "12.500,00 kr.",
            "Periode: 01.02.2026 – 31.01.2027",
            "Underskrift",
            "Underskrevet 15.01.2026 kl. 14:05:09",
            "Underskriftscertifikat",
            "Sponsoraftale 2026 (Aftale nr. 42)",
            "01923e4f-5a6b-7c8d-9e0f-1a2b3c4d5e6f",
            "ase.oberg@søndergård.dk",
            "15.01.2026 kl. 14:05:09 (dansk tid, UTC+01:00)",
            "2026-01-15T13:05:09Z",
            "192.0.2.17",
            "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
            SHA256,
            CHAIN_HASH,
            "Hændelse nr. 7",
            "https://tribune.example.dk/verify",
            "Side 1 af",
        ],
    );
    let pages = text
        .split('\u{c}')
        .filter(|page| !page.trim().is_empty())
        .count();
    assert_shows(&text, &[&format!("Side {pages} af {pages}")]);
    // The certificate is the last page, on its own.
    let last_page = text
        .split('\u{c}')
        .rfind(|page| !page.trim().is_empty())
        .unwrap();
    assert_shows(last_page, &["Underskriftscertifikat", SHA256]);
    assert_hides(last_page, &["Generelle betingelser"]);
}

#[test]
fn an_open_ended_contract_reads_lobende() {
    let mut doc = full_document();
    doc.no_end_date = true;
    doc.renew_date = None;
    let text = text_of("open-ended", &doc);
    assert_shows(&text, &["Periode: 01.02.2026 – Løbende"]);
    assert_hides(&text, &["31.01.2027", "Genforhandling"]);
}

// ---- price display -----------------------------------------------------------------------------

#[test]
fn category_display_sums_each_category_and_hides_line_prices() {
    let mut doc = full_document();
    doc.price_display = PriceDisplay::Category;
    doc.lines.push(line("", "Omtale i klubbladet", 1, 70_000));
    let text = text_of("category", &doc);
    assert_shows(
        &text,
        &[
            // Reklame: 12.500 + 1.500; Spillertøj: 3.000; no category: 700.
            "Reklame 14.000,00 kr.",
            "Spillertøj 3.000,00 kr.",
            "Øvrige ydelser 700,00 kr.",
            "Bandereklame – Lang side 5 stk",
            "VIP-billetter 4 person",
            "+ Navn på ryggen",
            "Total inkl. moms 20.000,00 kr.",
        ],
    );
    // No unit price, no line total and no option price.
    assert_hides(
        &text,
        &["2.500,00 kr.", "12.500,00 kr.", "(500,00 kr.)", "Pris"],
    );
}

#[test]
fn total_display_lists_the_lines_and_only_the_totals() {
    let mut doc = full_document();
    doc.price_display = PriceDisplay::Total;
    let text = text_of("total", &doc);
    assert_shows(
        &text,
        &[
            "Bandereklame – Lang side 5 stk",
            "Logo på trøje 1 stk",
            "Total inkl. moms 20.000,00 kr.",
        ],
    );
    assert_hides(
        &text,
        &[
            "2.500,00 kr.",
            "12.500,00 kr.",
            "3.000,00 kr.",
            "14.000,00 kr.",
            "(500,00 kr.)",
            "Pris",
        ],
    );
}

#[test]
fn hide_worth_hides_every_price_and_keeps_only_the_totals_asked_for() {
    let mut doc = full_document();
    doc.hide_worth = true;
    doc.show_total_excl_vat = false;
    let text = text_of("hide-worth", &doc);
    assert_shows(
        &text,
        &[
            "Bandereklame – Lang side 5 stk",
            "Total inkl. moms 20.000,00 kr.",
            "10.000,00 kr.",
        ],
    );
    assert_hides(
        &text,
        &[
            "2.500,00 kr.",
            "12.500,00 kr.",
            "(500,00 kr.)",
            "Subtotal",
            "Moms 4.000",
            "Rabat",
            "Total ekskl. moms",
        ],
    );

    // Neither total asked for: no figure at all, not even the plan's amounts.
    doc.show_total_with_vat = false;
    doc.price_display = PriceDisplay::Category;
    let text = text_of("hide-worth-no-totals", &doc);
    assert_shows(
        &text,
        &[
            "Reklame",
            "Bandereklame – Lang side 5 stk",
            "01.08.2026 2. rate",
        ],
    );
    assert_hides(&text, &[" kr."]);
}

#[test]
fn without_a_total_flag_a_priced_document_still_ends_in_the_total_with_vat() {
    let mut doc = full_document();
    doc.show_total_with_vat = false;
    doc.show_total_excl_vat = false;
    doc.discount_ore = 0;
    let text = text_of("no-total-flag", &doc);
    assert_shows(
        &text,
        &["Subtotal", "Moms", "Total inkl. moms 20.000,00 kr."],
    );
    assert_hides(&text, &["Total ekskl. moms", "Rabat -"]);
}

// ---- hostile input -------------------------------------------------------------------------------

#[test]
fn user_text_that_looks_like_typst_prints_literally() {
    let hostile = [
        r#"#eval("1")"#,
        "*bold*",
        "$x$",
        "<label>",
        "@ref",
        "a]b[c",
        r"back\slash\\",
        r#""dobbelt" 'enkelt'"#,
        "_under_ `raw` ~tilde",
        r#"#set page(width: 1cm)"#,
        r#"#import "@preview/x:1.0.0""#,
        "= Ikke en overskrift",
        "// ikke en kommentar",
    ];
    let mut doc = full_document();
    doc.title = hostile[0].to_string();
    doc.additional_title = Some(hostile[9].to_string());
    doc.company = Some(Party {
        name: hostile[1].to_string(),
        lines: vec![hostile[2].to_string(), hostile[3].to_string()],
    });
    doc.contact = Some(Party {
        name: hostile[4].to_string(),
        lines: vec![hostile[5].to_string()],
    });
    doc.owner = Some(hostile[6].to_string());
    doc.club.lines = vec![hostile[7].to_string()];
    doc.lines[0].title = hostile[8].to_string();
    doc.lines[0].variant = None;
    doc.lines[0].description = Some(hostile[10].to_string());
    doc.lines[1].options = vec![(hostile[11].to_string(), 0)];
    doc.lines[2].unit = hostile[12].to_string();
    doc.plan[0].label = "#panic()".to_string();
    doc.plan_title = Some("]; #panic(); [".to_string());
    // The same text in rich text, as the editor escapes it.
    doc.description_html =
        Some("<p>#eval(\"1\") *bold* $x$ &lt;label&gt; @ref ]\\ \"q\"</p>".to_string());
    // Characters no font here has, control characters and a very long word: printed as well as
    // can be, never a failed render.
    doc.lines[2].description = Some(format!(
        "nul\u{0}bell\u{7}esc\u{1b} ⚽ 漢字 \u{202e}rtl\r\nnæste linje {}",
        "x".repeat(300)
    ));
    doc.color = Some("\"); panic(\"".to_string());
    doc.header_color = Some("#zzzzzz".to_string());

    let dir = tempfile::tempdir().unwrap();
    let mut signer = signing();
    signer.signer_name = "#eval(\"2\") *Åse*".to_string();
    signer.user_agent = "Mozilla/5.0 $x$ <label> @ref ]".to_string();
    let text = pdf_text(
        dir.path(),
        "hostile",
        &signed_contract_pdf(&doc, &signer).unwrap(),
    );
    assert_shows(&text, &hostile);
    assert_shows(
        &text,
        &[
            "#panic()",
            "]; #panic(); [",
            r#"#eval("1") *bold* $x$ <label> @ref ]\ "q""#,
            "#eval(\"2\") *Åse*",
            "Mozilla/5.0 $x$ <label> @ref ]",
            "næste linje",
        ],
    );
}

// ---- images --------------------------------------------------------------------------------------

#[test]
fn absurd_figures_print_and_do_not_panic() {
    let mut doc = full_document();
    doc.price_display = PriceDisplay::Category;
    doc.lines[0].total_ore = i64::MAX;
    doc.lines[2].total_ore = i64::MAX;
    doc.total_ore = i64::MIN;
    doc.vat_ore = i64::MAX;
    doc.discount_ore = i64::MAX;
    doc.subtotal_ore = i64::MIN;
    let text = text_of("absurd", &doc);
    assert_shows(
        &text,
        &[
            "Reklame 92.233.720.368.547.758,07 kr.",
            "-92.233.720.368.547.758,08 kr.",
        ],
    );
}

type PutPicture = fn(&mut ContractDocument, Vec<u8>);

#[test]
fn broken_pictures_are_refused_with_a_clear_error_and_no_panic() {
    let cases: [(&str, PutPicture); 3] = [
        ("klubbens logo", |doc, bytes| {
            doc.logo = Some(Image { bytes })
        }),
        ("banneret", |doc, bytes| doc.banner = Some(Image { bytes })),
        ("sponsorens logo", |doc, bytes| {
            doc.company_logo = Some(Image { bytes })
        }),
    ];
    let mut truncated_png = png(50, 50, [1, 2, 3, 255]);
    truncated_png.truncate(40);
    let mut truncated_jpeg = jpeg(50, 50);
    truncated_jpeg.truncate(30);
    for (name, set) in cases {
        for bytes in [
            Vec::new(),
            b"GIF89a not allowed".to_vec(),
            truncated_png.clone(),
            truncated_jpeg.clone(),
        ] {
            let mut doc = full_document();
            set(&mut doc, bytes);
            let err = contract_pdf(&doc).unwrap_err();
            assert!(matches!(err, PdfError::Image { .. }), "{err:?}");
            assert!(err.to_string().contains(name), "{err}");
        }
    }

    let mut signer = signing();
    signer.signature_png = b"\x89PNG\r\n\x1a\n but not really".to_vec();
    let err = signed_contract_pdf(&full_document(), &signer).unwrap_err();
    assert!(err.to_string().contains("underskriften"), "{err}");
}

#[test]
fn a_contract_without_pictures_or_optional_parts_renders() {
    let doc = ContractDocument {
        title: "Minimal".to_string(),
        additional_title: None,
        number: 1,
        club: Party {
            name: "Klub".to_string(),
            lines: Vec::new(),
        },
        company: None,
        contact: None,
        owner: None,
        color: None,
        header_color: None,
        logo: None,
        logo_right: true,
        banner: None,
        company_logo: None,
        description_html: None,
        contract_description_html: None,
        supplemental_description_html: None,
        additional_html: None,
        general_terms_html: None,
        payment_terms_html: None,
        start_date: None,
        end_date: None,
        no_end_date: false,
        renew_date: None,
        lines: Vec::new(),
        price_display: PriceDisplay::Product,
        subtotal_ore: 0,
        discount_ore: 0,
        vat_ore: 0,
        total_ore: 0,
        show_total_with_vat: true,
        show_total_excl_vat: false,
        hide_worth: false,
        plan: Vec::new(),
        plan_title: None,
    };
    let text = text_of("minimal", &doc);
    assert_shows(
        &text,
        &[
            "Minimal",
            "Aftale nr. 1",
            "Total inkl. moms 0,00 kr.",
            "Side 1 af 1",
        ],
    );
    assert_hides(&text, &["Periode", "Ydelser", "Betalingsbetingelser"]);

    let mut with_logo_right = full_document();
    with_logo_right.logo_right = true;
    assert!(contract_pdf(&with_logo_right).is_ok());
}

// ---- determinism -----------------------------------------------------------------------------------

#[test]
fn the_same_input_gives_the_same_bytes() {
    let doc = full_document();
    let first = contract_pdf(&doc).unwrap();
    let second = contract_pdf(&doc).unwrap();
    assert!(first == second, "two renders of the same contract differ");

    let signed_first = signed_contract_pdf(&doc, &signing()).unwrap();
    let signed_second = signed_contract_pdf(&doc, &signing()).unwrap();
    assert!(
        signed_first == signed_second,
        "two renders of the same signed contract differ"
    );

    // Verification happens later, in another process (after a deploy, on another machine): the
    // bytes must not depend on anything of this process either (hash seeds, addresses).
    assert!(
        render_in_another_process() == signed_first,
        "a render in another process differs"
    );

    // No clock: the unsigned copy has no date, the signed one the signing time.
    let dir = tempfile::tempdir().unwrap();
    let unsigned_info = pdf_info(dir.path(), "unsigned", &first);
    assert!(!unsigned_info.contains("CreationDate"), "{unsigned_info}");
    assert_shows(
        &unsigned_info,
        &["Title: Sponsoraftale 2026", "Creator: Tribune"],
    );
    let signed_info = pdf_info(dir.path(), "signed", &signed_first);
    assert_shows(&signed_info, &["CreationDate: 2026-01-15T13:05:09Z"]);

    // And the bytes do depend on the input.
    let mut other = full_document();
    other.title.push('!');
    assert!(contract_pdf(&other).unwrap() != first);
}

const CHILD_OUTPUT: &str = "TRIBUNE_PDF_CHILD_OUTPUT";

/// Runs this test binary again, to render the signed full contract there (see below).
fn render_in_another_process() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("child.pdf");
    // Its output is kept out of ours: a second 'test result' line would be counted as tests.
    let child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "render_for_another_process",
            "--test-threads",
            "1",
        ])
        .env(CHILD_OUTPUT, &out)
        .output()
        .unwrap();
    assert!(
        child.status.success(),
        "{}{}",
        String::from_utf8_lossy(&child.stdout),
        String::from_utf8_lossy(&child.stderr)
    );
    std::fs::read(&out).expect("the other process wrote its PDF")
}

/// Does its work only when started by `render_in_another_process`.
#[test]
fn render_for_another_process() {
    if let Some(out) = std::env::var_os(CHILD_OUTPUT) {
        let pdf = signed_contract_pdf(&full_document(), &signing()).unwrap();
        std::fs::write(out, pdf).unwrap();
    }
}
