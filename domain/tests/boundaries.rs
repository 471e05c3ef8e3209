//! No aggregate imports another (issue 38 §6). What several aggregates share — lines, options,
//! the customer, invoicing, VAT settings, totals, field errors and the line rules — lives in the
//! selling kernel (`crate::selling`), and the money, Danish text and line-change helpers in their
//! own modules. An aggregate is a folder under `src/` with an `aggregate.rs`; the test finds them,
//! reads their code (comments left out) and fails on any `crate::<other aggregate>` it names.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

use std::fs;
use std::path::Path;

fn aggregates(src: &Path) -> Vec<String> {
    let mut found: Vec<String> = fs::read_dir(src)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| entry.path().join("aggregate.rs").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    found
}

fn code(source: &str) -> String {
    source
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `code` names `crate::<module>` (as a path, not a longer name).
fn names(code: &str, module: &str) -> bool {
    let needle = format!("crate::{module}");
    code.match_indices(&needle).any(|(at, _)| {
        let next = code[at + needle.len()..].chars().next();
        !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn no_aggregate_imports_another() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let aggregates = aggregates(&src);
    for expected in [
        "contract",
        "invite",
        "invoice",
        "order",
        "subscription",
        "ticket",
    ] {
        assert!(
            aggregates.iter().any(|a| a == expected),
            "the test finds the aggregates: {aggregates:?}"
        );
    }
    let mut found = Vec::new();
    for aggregate in &aggregates {
        let dir = src.join(aggregate);
        let mut files: Vec<_> = fs::read_dir(&dir).unwrap().filter_map(Result::ok).collect();
        files.sort_by_key(|entry| entry.file_name());
        for file in files {
            let text = code(&fs::read_to_string(file.path()).unwrap());
            for other in aggregates.iter().filter(|other| *other != aggregate) {
                if names(&text, other) {
                    found.push(format!(
                        "{aggregate}/{} names crate::{other}",
                        file.file_name().to_string_lossy()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "an aggregate imports another; move what they share to crate::selling:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_an_import() {
    assert!(names("use crate::order::OrderLine;", "order"));
    assert!(names("use crate::order;", "order"));
    assert!(!names("use crate::orders_extra::X;", "order"));
    assert!(!names(&code("// see crate::order::totals"), "order"));
}
