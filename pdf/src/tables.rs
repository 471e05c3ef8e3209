//! The table plan's downloads (issue 18; spec 2 §2 Table plan tab: Oversigt, Deltagerliste,
//! Bordkort), the same approach as the ticket (see the crate's docs): the template (tables.typ) is
//! layout only, [`prepare`] turns the plan into data for it with every label chosen here.
//!
//! - Oversigt: every table with its guests (name and company), then the guests not placed.
//! - Deltagerliste: every guest alphabetically with their table.
//! - Bordkort: a card per table in the chosen format (A4, A5, or A4 folded as a tent card: the
//!   upper half printed upside down, so the folded card reads from both sides) and orientation,
//!   with the background picture under it.

use serde_json::{json, Value};

use crate::view::{checked_image, ImageSlot, Prepared};
use crate::world::Template;
use crate::{Image, PdfError};

const TEMPLATE: Template = Template {
    path: "/tables.typ",
    source: include_str!("tables.typ"),
};

/// A guest of the plan.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlanGuest {
    pub name: String,
    pub company: Option<String>,
}

/// A table with the guests at it, in the order they were placed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlanTable {
    pub title: String,
    pub description: Option<String>,
    pub seats: u32,
    pub guests: Vec<PlanGuest>,
}

/// The event's table plan.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TablePlanDocument {
    pub club: String,
    pub event_title: String,
    /// Already formatted, e.g. "12-12-2026 kl. 19:00".
    pub when: String,
    pub tables: Vec<PlanTable>,
    /// The guests at no table.
    pub unplaced: Vec<PlanGuest>,
}

/// The paper of the table cards (spec 2 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CardPaper {
    #[default]
    A4,
    /// A4 folded in the middle to stand on the table (a tent card).
    A4Folded,
    A5,
}

/// The table cards: one per table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableCardsDocument {
    pub plan: TablePlanDocument,
    pub paper: CardPaper,
    pub landscape: bool,
    /// Printed under each card, filling it.
    pub background: Option<Image>,
}

/// 'Oversigt': every table with its guests, then those not placed.
pub fn table_overview_pdf(doc: &TablePlanDocument) -> Result<Vec<u8>, PdfError> {
    let data = json!({
        "kind": "overview",
        "document_title": format!("Bordplan – {}", doc.event_title),
        "heading": "Bordplan",
        "club": doc.club,
        "event_title": doc.event_title,
        "when": doc.when,
        "tables": doc.tables.iter().map(table_data).collect::<Vec<_>>(),
        "unplaced_heading": format!("Ikke placeret ({})", doc.unplaced.len()),
        "unplaced": doc.unplaced.iter().map(guest_data).collect::<Vec<_>>(),
        "empty": "Ingen gæster",
    });
    crate::typeset(
        TEMPLATE,
        Prepared {
            data,
            images: vec![],
        },
        format!("tribune-table-plan:{}", doc.event_title),
        None,
    )
}

/// 'Deltagerliste': every guest alphabetically (by name, then company) with their table.
pub fn table_guest_list_pdf(doc: &TablePlanDocument) -> Result<Vec<u8>, PdfError> {
    let mut rows: Vec<(&PlanGuest, &str)> = doc
        .tables
        .iter()
        .flat_map(|t| t.guests.iter().map(move |g| (g, t.title.as_str())))
        .chain(doc.unplaced.iter().map(|g| (g, "–")))
        .collect();
    rows.sort_by_cached_key(|(g, _)| {
        (
            g.name.to_lowercase(),
            g.company.clone().unwrap_or_default().to_lowercase(),
        )
    });
    let data = json!({
        "kind": "guests",
        "document_title": format!("Deltagerliste – {}", doc.event_title),
        "heading": "Deltagerliste",
        "club": doc.club,
        "event_title": doc.event_title,
        "when": doc.when,
        "columns": ["Navn", "Virksomhed", "Bord"],
        "rows": rows.iter().map(|(g, table)| json!([g.name, g.company.clone().unwrap_or_default(), table])).collect::<Vec<_>>(),
        "empty": "Ingen gæster",
    });
    crate::typeset(
        TEMPLATE,
        Prepared {
            data,
            images: vec![],
        },
        format!("tribune-table-guests:{}", doc.event_title),
        None,
    )
}

/// 'Bordkort': a card per table, in the paper and orientation chosen, on the background.
/// Fails with [`PdfError::Image`] when the background cannot be used.
pub fn table_cards_pdf(doc: &TableCardsDocument) -> Result<Vec<u8>, PdfError> {
    let mut images = Vec::new();
    let background = match &doc.background {
        None => Value::Null,
        Some(image) => {
            let (path, bytes) = checked_image(ImageSlot::CardBackground, &image.bytes)?;
            images.push((path, bytes));
            Value::String(path.to_string())
        }
    };
    let (paper, folded) = match doc.paper {
        CardPaper::A4 => ("a4", false),
        CardPaper::A5 => ("a5", false),
        CardPaper::A4Folded => ("a4", true),
    };
    let data = json!({
        "kind": "cards",
        "document_title": format!("Bordkort – {}", doc.plan.event_title),
        "club": doc.plan.club,
        "event_title": doc.plan.event_title,
        "when": doc.plan.when,
        "paper": paper,
        "folded": folded,
        "landscape": doc.landscape,
        "background": background,
        "tables": doc.plan.tables.iter().map(table_data).collect::<Vec<_>>(),
    });
    crate::typeset(
        TEMPLATE,
        Prepared { data, images },
        format!("tribune-table-cards:{}", doc.plan.event_title),
        None,
    )
}

fn guest_data(guest: &PlanGuest) -> Value {
    json!({ "name": guest.name, "company": guest.company.as_deref().filter(|c| !c.trim().is_empty()) })
}

fn table_data(table: &PlanTable) -> Value {
    json!({
        "title": table.title,
        "description": table.description.as_deref().filter(|d| !d.trim().is_empty()),
        "count": format!("{} af {} pladser", table.guests.len(), table.seats),
        "guests": table.guests.iter().map(guest_data).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;

    fn plan() -> TablePlanDocument {
        let guest = |name: &str, company: Option<&str>| PlanGuest {
            name: name.into(),
            company: company.map(str::to_string),
        };
        TablePlanDocument {
            club: "Demo FC".into(),
            event_title: "Gallamiddag #eval(\"1\")".into(),
            when: "12-12-2026 kl. 19:00".into(),
            tables: vec![
                PlanTable {
                    title: "Bord 1".into(),
                    description: Some("Ved scenen".into()),
                    seats: 8,
                    guests: vec![
                        guest("Zara Ås", Some("Nordbyg A/S")),
                        guest("Anders And", None),
                    ],
                },
                PlanTable {
                    title: "Bord 2".into(),
                    description: None,
                    seats: 6,
                    guests: vec![],
                },
            ],
            unplaced: vec![guest("Bo Bo", Some("Sydhavn ApS"))],
        }
    }

    #[test]
    fn the_three_downloads_render_in_every_paper_and_orientation() {
        let plan = plan();
        for pdf in [
            table_overview_pdf(&plan).unwrap(),
            table_guest_list_pdf(&plan).unwrap(),
        ] {
            assert!(pdf.starts_with(b"%PDF"));
        }
        for paper in [CardPaper::A4, CardPaper::A4Folded, CardPaper::A5] {
            for landscape in [false, true] {
                let pdf = table_cards_pdf(&TableCardsDocument {
                    plan: plan.clone(),
                    paper,
                    landscape,
                    background: None,
                })
                .unwrap();
                assert!(pdf.starts_with(b"%PDF"), "{paper:?} {landscape}");
            }
        }
        let err = table_cards_pdf(&TableCardsDocument {
            plan,
            background: Some(Image {
                bytes: b"not a picture".to_vec(),
            }),
            ..TableCardsDocument::default()
        })
        .unwrap_err();
        assert!(err.to_string().contains("bordkortets baggrund"), "{err}");
    }
}
