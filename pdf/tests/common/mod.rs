//! What the PDF tests share: the text of a rendered PDF as poppler lays it out, the checks on
//! it, and the images they print.

#![allow(dead_code)] // each test binary compiles this module and uses part of it

use std::io::Cursor;
use std::path::Path;
use std::process::Command;

use image::{ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};

/// Writes the PDF to `dir` as `{name}.pdf` (and a copy to `TRIBUNE_PDF_KEEP`, when set, to look
/// at) and answers its path.
pub fn write_pdf(dir: &Path, name: &str, pdf: &[u8]) -> std::path::PathBuf {
    let pdf_path = dir.join(format!("{name}.pdf"));
    std::fs::write(&pdf_path, pdf).unwrap();
    if let Some(keep) = std::env::var_os("TRIBUNE_PDF_KEEP") {
        std::fs::create_dir_all(&keep).unwrap();
        std::fs::write(Path::new(&keep).join(format!("{name}.pdf")), pdf).unwrap();
    }
    pdf_path
}

/// The PDF's text by `pdftotext -layout`, runs of spaces made one; pages are separated by a form
/// feed.
#[track_caller]
pub fn pdf_text(dir: &Path, name: &str, pdf: &[u8]) -> String {
    let pdf_path = write_pdf(dir, name, pdf);
    let text_path = dir.join(format!("{name}.txt"));
    let status = Command::new("pdftotext")
        .arg("-layout")
        .arg(&pdf_path)
        .arg(&text_path)
        .status()
        .expect("pdftotext runs (ops/test installs poppler-utils)");
    assert!(
        status.success(),
        "pdftotext failed on {}",
        pdf_path.display()
    );
    let text = std::fs::read_to_string(&text_path).unwrap();
    text.split('\u{c}')
        .map(|page| {
            page.lines()
                .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect::<Vec<_>>()
        .join("\u{c}")
}

#[track_caller]
pub fn assert_shows(text: &str, expected: &[&str]) {
    for wanted in expected {
        assert!(
            text.contains(wanted),
            "expected {wanted:?} in the PDF's text:\n{text}"
        );
    }
}

#[track_caller]
pub fn assert_hides(text: &str, unwanted: &[&str]) {
    for unwanted in unwanted {
        assert!(
            !text.contains(unwanted),
            "did not expect {unwanted:?} in the PDF's text:\n{text}"
        );
    }
}

/// A red PNG with a black diagonal pattern.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbaImage::from_fn(width, height, |x, y| {
        if (x + y) % 7 == 0 {
            Rgba([0, 0, 0, 255])
        } else {
            Rgba([200, 40, 40, 255])
        }
    });
    let mut bytes = Cursor::new(Vec::new());
    picture.write_to(&mut bytes, ImageFormat::Png).unwrap();
    bytes.into_inner()
}

/// A JPEG with a gradient.
pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, 160])
    });
    let mut bytes = Cursor::new(Vec::new());
    picture.write_to(&mut bytes, ImageFormat::Jpeg).unwrap();
    bytes.into_inner()
}
