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

// ---------------------------------------------------------------------------------------------
// Issue 38 §5: areas found by the test, one table of the dependencies allowed between them, the
// largest import cycle among `api/src` files, and the raw reads of read tables. Each states
// today's figure as a ceiling, so it can only shrink: a new dependency, a longer cycle or a new
// raw read fails here. Issue 38 lowers them to its targets (the kit imports no area; the largest
// cycle at most 5 files, inside one area; no read table named outside the projections' queries).

use std::collections::{BTreeMap, BTreeSet};

/// Every folder under `api/src` is an area.
fn areas(src: &Path) -> BTreeSet<String> {
    std::fs::read_dir(src)
        .expect("read src")
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect()
}

/// The areas an area may import (besides itself). `kit` and `integrations` are generic; the rest
/// of each row is what issue 38 has still to take apart (marked `debt`).
const ALLOWED: &[(&str, &[&str])] = &[
    ("admin", &["identity", "integrations", "kit", "mail"]),
    ("audit", &["identity", "kit"]),
    (
        "booking",
        // debt: events, orders, routes, tickets (the page, the order view, the ticket PDFs)
        &[
            "events",
            "identity",
            "integrations",
            "kit",
            "orders",
            "payments",
            "routes",
            "sales",
            "tickets",
        ],
    ),
    ("catalogue", &["kit"]),
    ("contracts", &["identity", "kit", "mail"]),
    // The CVR lookup answers the CVR adapter's company.
    ("crm", &["identity", "integrations", "kit", "payments"]),
    ("dashboard", &["kit"]),
    ("events", &["identity", "kit", "seats", "tickets"]),
    ("identity", &["kit"]),
    ("integrations", &[]),
    (
        "invites",
        &["events", "integrations", "kit", "mail", "tickets"],
    ),
    ("invoices", &["integrations", "kit", "mail", "payments"]),
    // Generic: it names no area (issue 38 §4). Payment settlement reaches the order and sales
    // services through `payments::ledger::PaymentHooks`, seating voids match tickets through the
    // ticket service it is handed.
    ("kit", &[]),
    ("mail", &["kit"]),
    ("newsletters", &["kit", "mail"]),
    (
        "orders",
        &["integrations", "kit", "mail", "payments", "tickets"],
    ),
    ("payments", &["integrations", "kit"]),
    (
        "pos",
        // debt: events, invoices, orders, seats (the desk's reads and its invoice)
        &[
            "events", "identity", "invoices", "kit", "orders", "sales", "seats",
        ],
    ),
    (
        "profile",
        &["booking", "integrations", "kit", "payments", "sales"],
    ),
    (
        "routes",
        // The central route list names every area: the composition root.
        &[
            "admin",
            "audit",
            "booking",
            "catalogue",
            "contracts",
            "crm",
            "dashboard",
            "events",
            "identity",
            "invites",
            "invoices",
            "kit",
            "mail",
            "newsletters",
            "orders",
            "payments",
            "pos",
            "profile",
            "seats",
            "shop",
            "subscriptions",
            "tickets",
        ],
    ),
    (
        "sales",
        // The sales core: the order, ticket and invite services it sells through, the events
        // it sells (their extra-info types), the payments and mails of a sale.
        &[
            "events",
            "identity",
            "integrations",
            "invites",
            "kit",
            "mail",
            "orders",
            "payments",
            "tickets",
        ],
    ),
    ("seats", &["events", "identity", "kit", "mail", "tickets"]),
    (
        "seed",
        &[
            "booking",
            "contracts",
            "events",
            "identity",
            "invoices",
            "kit",
            "orders",
            "sales",
            "seats",
            "subscriptions",
        ],
    ),
    (
        "shop",
        // debt: crm, orders, routes, seats, subscriptions
        &[
            "crm",
            "identity",
            "integrations",
            "kit",
            "orders",
            "payments",
            "routes",
            "sales",
            "seats",
            "subscriptions",
        ],
    ),
    (
        "subscriptions",
        &["integrations", "kit", "mail", "payments"],
    ),
    ("tickets", &["kit"]),
];

/// The composition root: it builds the state and the server from every area, so it may name
/// them all; its imports are left out of the cycles (an area's import of `AppState` is not a
/// cycle through every other area).
const COMPOSITION_ROOT: [&str; 4] = ["lib.rs", "main.rs", "startup.rs", "state.rs"];

/// The longest cycle of imports among `api/src` files may hold this many files, all of one area
/// (issue 38 §5). Today 4, inside the booking; it was 48 files in 16 areas with the composition
/// root counted, 21 in 11 without, before the payment, order and job hooks.
const CYCLE_CEILING: usize = 5;

/// Files of `api/src` that name a read table (`*_rows`, `order_lines`, `order_counts`,
/// `finance_*`) in their code, today's figure.
const RAW_READS_CEILING: usize = 32;

/// Every `.rs` file under `src`, by its path from there ('crm/companies.rs'), with its code.
fn sources(src: &Path) -> BTreeMap<String, String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(src).expect("under src");
            let name = relative.to_string_lossy().replace('\\', "/");
            (name, code(&std::fs::read_to_string(&file).expect("read")))
        })
        .collect()
}

/// File → the files it imports from (the module each `crate::`/`super::` path names, by its
/// longest prefix that is a file's module); the composition root's imports left out.
fn import_graph(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let module_files: BTreeMap<Vec<String>, String> = sources
        .keys()
        .map(|name| (module_of(Path::new(name)), name.clone()))
        .collect();
    let file_of = |path: &[String]| {
        (1..=path.len())
            .rev()
            .find_map(|n| module_files.get(&path[..n]).cloned())
    };
    sources
        .iter()
        .filter(|(name, _)| !COMPOSITION_ROOT.contains(&name.as_str()))
        .map(|(name, code)| {
            let module = module_of(Path::new(name));
            let targets = named_paths(&module, code)
                .into_iter()
                .filter_map(|(_, resolved)| file_of(&resolved))
                .filter(|target| target != name)
                .collect();
            (name.clone(), targets)
        })
        .collect()
}

/// The largest strongly connected set of files (Tarjan): files that all import each other,
/// directly or round about.
fn largest_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        largest: Vec<String>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, node: &'g str) {
            let at = self.index.len();
            self.index.insert(node, at);
            self.low.insert(node, at);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut set = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    set.push(member.to_string());
                    if member == node {
                        break;
                    }
                }
                if set.len() > self.largest.len() {
                    set.sort();
                    self.largest = set;
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        largest: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.largest
}

fn area_of_file(name: &str) -> Option<&str> {
    name.split_once('/').map(|(area, _)| area)
}

#[test]
fn areas_depend_on_each_other_only_as_the_table_says() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let areas = areas(&src);
    assert!(areas.len() >= 20, "the areas: {areas:?}");
    let table: BTreeMap<&str, BTreeSet<&str>> = ALLOWED
        .iter()
        .map(|(area, allowed)| (*area, allowed.iter().copied().collect()))
        .collect();
    let unlisted: Vec<_> = areas
        .iter()
        .filter(|a| !table.contains_key(a.as_str()))
        .collect();
    assert!(
        unlisted.is_empty(),
        "a new area needs its row in ALLOWED (and ARCHITECTURE.md): {unlisted:?}"
    );
    let sources = sources(&src);
    let graph = import_graph(&sources);
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (file, targets) in &graph {
        let Some(from) = area_of_file(file) else {
            continue;
        };
        for target in targets {
            match area_of_file(target) {
                Some(to) if to != from => {
                    edges.entry(from).or_default().insert(to);
                }
                _ => {}
            }
        }
    }
    let count: usize = edges.values().map(BTreeSet::len).sum();
    println!("area-to-area imports: {count}");
    for (from, to) in &edges {
        println!(
            "  {from} → {}",
            to.iter().copied().collect::<Vec<_>>().join(", ")
        );
    }
    let wrong: Vec<String> = edges
        .iter()
        .flat_map(|(from, to)| {
            to.iter()
                .filter(|to| !table.get(from).is_some_and(|allowed| allowed.contains(*to)))
                .map(move |to| format!("{from} → {to}"))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "imports the table does not allow (move what they share to kit/ or a hook):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_largest_import_cycle_does_not_grow() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let cycle = largest_cycle(&import_graph(&sources(&src)));
    let areas: BTreeSet<&str> = cycle
        .iter()
        .map(|f| area_of_file(f).unwrap_or("(root)"))
        .collect();
    println!(
        "largest import cycle: {} files in {} areas\n  {}",
        cycle.len(),
        areas.len(),
        cycle.join("\n  ")
    );
    assert!(
        cycle.len() <= CYCLE_CEILING,
        "the largest import cycle grew to {} files (ceiling {CYCLE_CEILING}):\n{}",
        cycle.len(),
        cycle.join("\n")
    );
    assert!(
        areas.len() <= 1,
        "an import cycle crosses areas (break it with a hook): {areas:?}\n{}",
        cycle.join("\n")
    );
}

/// Whether `code` names a read table: a word ending in `_rows`, `order_lines`, `order_counts` or
/// a word starting with `finance_`.
fn names_read_table(code: &str) -> bool {
    code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| {
            (word.ends_with("_rows") && word.len() > "_rows".len())
                || word == "order_lines"
                || word == "order_counts"
                || (word.starts_with("finance_") && word.len() > "finance_".len())
        })
}

#[test]
fn raw_reads_of_read_tables_do_not_grow() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let raw: Vec<String> = sources(&src)
        .into_iter()
        .filter(|(_, code)| names_read_table(code))
        .map(|(name, _)| name)
        .collect();
    println!(
        "files naming a read table: {}\n  {}",
        raw.len(),
        raw.join("\n  ")
    );
    assert!(
        raw.len() <= RAW_READS_CEILING,
        "{} files of api/src name a read table (ceiling {RAW_READS_CEILING}); read through the projection's queries.rs:\n{}",
        raw.len(),
        raw.join("\n")
    );
}

#[test]
fn the_cycle_and_read_checks_see_what_they_look_for() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a/x.rs", &["b/y.rs"][..]),
        ("b/y.rs", &["c/z.rs"][..]),
        ("c/z.rs", &["a/x.rs"][..]),
        ("d/w.rs", &["a/x.rs"][..]),
    ]
    .into_iter()
    .map(|(from, to)| (from.to_string(), to.iter().map(|t| t.to_string()).collect()))
    .collect();
    assert_eq!(largest_cycle(&graph), vec!["a/x.rs", "b/y.rs", "c/z.rs"]);
    assert!(names_read_table("SELECT id FROM order_rows WHERE"));
    assert!(names_read_table("FROM finance_planned"));
    assert!(!names_read_table(
        "let rows = fetch_all(); let finance = 1;"
    ));
}

/// One writer per aggregate (issue 38 §2): the command enum of each, and the only files that may
/// name it. Naming the command is the only way to run one (the command bus takes its value), so a
/// file outside these that names it writes the aggregate behind its service's back. The demo seed
/// and the benchmarks go through the services too.
const WRITERS: [(&str, &[&str]); 3] = [
    // The order service, and the staff editor's handlers that pass it their command.
    ("OrderCommand", &["orders/service.rs", "orders/order.rs"]),
    ("TicketCommand", &["tickets/service.rs"]),
    ("InviteCommand", &["invites/service.rs"]),
];

/// The files (of `sources`) that name `word` as a whole word in their code.
fn naming(sources: &BTreeMap<String, String>, word: &str) -> Vec<String> {
    sources
        .iter()
        .filter(|(_, code)| {
            code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == word)
        })
        .map(|(name, _)| name.clone())
        .collect()
}

#[test]
fn each_aggregate_has_one_writer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = sources(&root.join("src"));
    files.extend(
        sources(&root.join("benches"))
            .into_iter()
            .map(|(name, code)| (format!("../benches/{name}"), code)),
    );
    let mut wrong = Vec::new();
    for (command, writers) in WRITERS {
        let found = naming(&files, command);
        println!("{command}: {}", found.join(", "));
        assert!(
            !found.is_empty(),
            "nobody names {command}: the check looks at nothing"
        );
        wrong.extend(
            found
                .into_iter()
                .filter(|file| !writers.contains(&file.as_str()))
                .map(|file| format!("{file} runs {command}: go through its service")),
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_writer_check_sees_a_command_named_anywhere() {
    let files: BTreeMap<String, String> = [
        (
            "shop/cart.rs",
            "bus.execute_in(conn, id, OrderCommand::Approve, m)",
        ),
        (
            "pos/sale.rs",
            "use tribune_domain::order::{Order, OrderCommand};",
        ),
        ("orders/list.rs", "let commands = OrderCommands::default();"),
    ]
    .into_iter()
    .map(|(name, code)| (name.to_string(), code.to_string()))
    .collect();
    assert_eq!(
        naming(&files, "OrderCommand"),
        vec!["pos/sale.rs", "shop/cart.rs"]
    );
}

/// Whether `code` writes the `sales` process table (an insert, update or delete of it).
fn writes_sales_table(code: &str) -> bool {
    let words = code.split_whitespace().collect::<Vec<_>>().join(" ");
    ["INSERT INTO sales ", "UPDATE sales ", "DELETE FROM sales "]
        .iter()
        .any(|write| words.contains(write))
}

/// One process table of selling (issue 38 §1), with one module that writes it: the sales
/// service's `process.rs`. A channel adapter states what it sells and hands it over; it never
/// writes the sale's state itself.
#[test]
fn only_the_sales_process_writes_the_sales_table() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let writers: Vec<String> = sources(&src)
        .into_iter()
        .filter(|(_, code)| writes_sales_table(code))
        .map(|(name, _)| name)
        .collect();
    println!("files writing `sales`: {}", writers.join(", "));
    assert_eq!(writers, vec!["sales/process.rs".to_string()]);
    assert!(writes_sales_table(
        "sqlx::query(\"UPDATE sales SET status = 'cancelled'\")"
    ));
    assert!(writes_sales_table("\"INSERT INTO sales (order_id) \""));
    assert!(!writes_sales_table(
        "SELECT order_id FROM sales WHERE intent = $1; let sales = 1;"
    ));
}

/// Where a line of `code` writes a `VatSettings` literal (not a type named before its body).
fn writes_vat_settings(code: &str) -> bool {
    code.lines().any(|line| {
        line.match_indices("VatSettings {").any(|(at, _)| {
            let before = line[..at].trim_end();
            !["->", "struct", "for", "impl"]
                .iter()
                .any(|word| before.ends_with(word))
        })
    })
}

/// One VAT policy (issue 38 §3): an order's VAT settings are the club's, read in one place
/// (`kit::sales`), under the channel's rule (`VatSettings::for_sale` in the domain's selling
/// kernel); no channel writes them inline.
#[test]
fn vat_settings_are_written_in_one_place() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let writers: Vec<String> = sources(&src)
        .into_iter()
        .filter(|(_, code)| writes_vat_settings(code))
        .map(|(name, _)| name)
        .collect();
    assert_eq!(writers, vec!["kit/sales.rs"]);
    assert!(writes_vat_settings(
        "vat: VatSettings { prices_with_vat: true, ..x },"
    ));
    assert!(!writes_vat_settings("pub fn vat(&self) -> VatSettings {"));
}
