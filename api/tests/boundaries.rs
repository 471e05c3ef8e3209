//! An area under `api/src/` never imports another area (STYLE.md; issue 11 §5), as the webapp's
//! ESLint rule keeps features apart. What two areas share moves to `kit/` (or to the owning
//! projection's `queries.rs`). Areas may use everything that is not an area: kit, error,
//! envelope, session, state, identity, jobs, mail, storage, integrations, export, validate,
//! settings, the central `routes` list, and the domain and projections crates.
//!
//! The kit imports no area at all.
//!
//! The test reads the source: every `crate::…` and `super::…` path in an area's files is resolved
//! to the module it names, and a path into another area fails the test, naming file and path.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

use std::path::{Path, PathBuf};

/// The areas: (name, module path).
const AREAS: [(&str, &[&str]); 10] = [
    ("crm", &["crm"]),
    ("catalogue", &["catalogue"]),
    ("orders", &["orders"]),
    ("contracts", &["contracts"]),
    ("dashboard", &["dashboard"]),
    ("invoices", &["invoices"]),
    ("admin", &["admin"]),
    ("session", &["routes", "session"]),
    ("history", &["routes", "history"]),
    ("public", &["routes", "public"]),
];

fn area_of(module: &[String]) -> Option<&'static str> {
    AREAS.iter().find_map(|(name, prefix)| {
        (module.len() >= prefix.len() && module.iter().zip(prefix.iter()).all(|(a, b)| a == b))
            .then_some(*name)
    })
}

/// The module a source file is (`crm/mod.rs` → crm, `crm/companies.rs` → crm::companies).
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().unwrap_or_default();
    let stem = file.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The source without comments, so prose that names a module is not an import.
fn code(source: &str) -> String {
    source
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every module path the code names, resolved from `module`: `crate::a::b`, `super::x`,
/// `crate::{a::b, c}` (one level of braces), each as the full path from the crate root.
fn named_paths(module: &[String], code: &str) -> Vec<(String, Vec<String>)> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let starts_word = i == 0 || !is_ident(bytes[i - 1]) && bytes[i - 1] != ':';
        let (root, skip): (Vec<String>, usize) = if starts_word && rest.starts_with("crate::") {
            (Vec::new(), 7)
        } else if starts_word && rest.starts_with("super::") {
            // A `mod.rs` module's parent is one up; a file module's parent is its directory.
            (module[..module.len().saturating_sub(1)].to_vec(), 7)
        } else {
            i += 1;
            continue;
        };
        let start = i;
        i += skip;
        // Read `seg::seg::…` or `{a::b, c}`.
        let mut tail = String::new();
        let mut depth = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c == '{' {
                depth += 1;
            } else if c == '}' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                if depth == 0 {
                    tail.push(c);
                    i += 1;
                    break;
                }
            } else if depth == 0 && !(is_ident(c) || c == ':') {
                break;
            }
            tail.push(c);
            i += 1;
        }
        let text: String = bytes[start..i].iter().collect();
        let expand = |prefix: &str| -> Vec<String> {
            // `a::b::{c::d, e}` → ["a::b::c::d", "a::b::e"]
            match prefix.find('{') {
                None => vec![prefix.to_string()],
                Some(at) => {
                    let (head, braces) = prefix.split_at(at);
                    braces
                        .trim_matches(|c| c == '{' || c == '}')
                        .split(',')
                        .map(|item| {
                            format!("{head}{}", item.split('{').next().unwrap_or("").trim())
                        })
                        .collect()
                }
            }
        };
        for path in expand(&tail) {
            let mut resolved = root.clone();
            for segment in path.split("::").filter(|s| !s.is_empty()) {
                if segment == "super" {
                    resolved.pop();
                } else {
                    resolved.push(segment.to_string());
                }
            }
            found.push((text.clone(), resolved));
        }
    }
    found
}

/// `(file, path)` of every import of another area in `source`, a file of `module`. The kit is
/// held to it too: it imports no area at all.
fn violations(module: &[String], source: &str) -> Vec<String> {
    let own = match area_of(module) {
        Some(own) => own,
        None if module.first().is_some_and(|m| m == "kit") => "kit",
        None => return Vec::new(),
    };
    named_paths(module, &code(source))
        .into_iter()
        .filter(|(_, resolved)| area_of(resolved).is_some_and(|other| other != own))
        .map(|(text, resolved)| format!("{text} (→ {})", resolved.join("::")))
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_area_imports_another_area() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        let module = module_of(relative);
        if area_of(&module).is_none() && module.first().is_none_or(|m| m != "kit") {
            continue;
        }
        checked += 1;
        let source = std::fs::read_to_string(&file).expect("read");
        for violation in violations(&module, &source) {
            wrong.push(format!("{}: {violation}", relative.display()));
        }
    }
    assert!(
        checked > 20,
        "only {checked} area files found under {}",
        src.display()
    );
    assert!(
        wrong.is_empty(),
        "an area imports another area; move what they share to kit/:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_check_sees_every_way_of_naming_another_area() {
    let module = |path: &str| path.split("::").map(str::to_string).collect::<Vec<_>>();
    let catalogue = module("catalogue::products");
    assert_eq!(
        violations(&catalogue, "use crate::crm::files;").len(),
        1,
        "a use"
    );
    assert_eq!(
        violations(&catalogue, "let id = crate::orders::dto::x();").len(),
        1,
        "an inline path"
    );
    assert_eq!(
        violations(&catalogue, "use crate::{kit::text::clean, admin::audit};").len(),
        1,
        "a group"
    );
    assert_eq!(
        violations(&catalogue, "use super::super::crm::clean;").len(),
        1,
        "super to the root"
    );
    assert_eq!(
        violations(&module("routes::history"), "use super::session::app;").len(),
        1,
        "a sibling area under routes"
    );
    assert_eq!(
        violations(&module("kit::files"), "use crate::crm::x;").len(),
        1,
        "the kit imports no area"
    );
    assert!(violations(&catalogue, "use super::list_page; use crate::kit::files;").is_empty());
    assert!(violations(&catalogue, "// see crate::crm::companies").is_empty());
    assert!(violations(
        &module("routes::history"),
        "crate::routes::history_source(t)"
    )
    .is_empty());
    assert!(violations(&module("routes::session::app"), "use super::user::x;").is_empty());
}
