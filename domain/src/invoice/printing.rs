//! How an invoice prints its lines (spec 3 §3 Product `invoiceTitle`, `invoiceGroupId`,
//! `showOnInvoice`; Invoice group title, sku, sorting): one row per invoice group, under the
//! group's title and sku and in the groups' sorting, then the lines of no group, each under its
//! product's invoice title; lines not shown on the invoice are left out. The same rows make the
//! PDF, the invoice page and the e-conomic draft.
//!
//! The money never changes: every line still counts in the totals. A left-out line that carries
//! money is summed into its group's row, or, when it has no group, into one row 'Øvrigt' (an
//! invoice whose rows do not add up to its total is no invoice). A left-out line of no money
//! is simply not printed.
//!
//! What the rows are made of is copied from the catalogue when the invoice is made
//! ([`Printing`]), so a booked invoice prints the same forever.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::money::Money;
use crate::selling::totals::line_amounts;
use crate::selling::OrderLine;

/// The title of the row that sums the money of left-out lines of no group.
pub const OTHER_ROW: &str = "Øvrigt";

/// How one line prints: its product's invoice title and group, and whether it is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinePrinting {
    pub line_id: Uuid,
    /// The product's invoice title; the line's own title when none.
    pub title: Option<String>,
    pub group_id: Option<Uuid>,
    pub shown: bool,
}

/// An invoice group as the invoice was made with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupPrinting {
    pub id: Uuid,
    pub title: String,
    pub sku: Option<String>,
    pub sorting: i32,
}

/// What the invoice's lines print as, copied when it is made. Empty (an invoice made before
/// invoice groups, or of lines of no product): every line is its own row under its own title.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct Printing {
    pub lines: Vec<LinePrinting>,
    pub groups: Vec<GroupPrinting>,
}

impl Printing {
    /// The same printing for lines given new ids (a credit note's), `renamed` old → new.
    pub fn renamed(&self, renamed: &[(Uuid, Uuid)]) -> Printing {
        let lines = self
            .lines
            .iter()
            .filter_map(|look| {
                let (_, new) = renamed.iter().find(|(old, _)| *old == look.line_id)?;
                Some(LinePrinting {
                    line_id: *new,
                    ..look.clone()
                })
            })
            .collect();
        Printing {
            lines,
            groups: self.groups.clone(),
        }
    }
}

/// What a row is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum RowKind {
    /// One line, under its invoice title.
    Line,
    /// An invoice group's lines, summed.
    Group,
    /// Left-out lines of no group that carry money, summed ('Øvrigt').
    Other,
}

/// One printed row. Amounts are as the lines are (a credit note's printer turns the sign).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceRow {
    pub kind: RowKind,
    pub title: String,
    pub sku: Option<String>,
    /// A single line's quantity; 1 for a summed row.
    #[ts(type = "number")]
    pub amount: i64,
    /// A single line's unit price and unit discount; a summed row's total and no discount.
    pub unit_price: Money,
    pub discount: Money,
    pub total: Money,
    /// Every line of the row is VAT exempt.
    pub vat_exempt: bool,
    /// The lines the row is made of, in the invoice's order.
    pub lines: Vec<Uuid>,
    /// A group's shown lines, "2 × Voksen".
    pub parts: Vec<String>,
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

/// A row that sums `members` under `title`.
fn summed(
    kind: RowKind,
    title: String,
    sku: Option<String>,
    members: &[(&OrderLine, String, bool)],
) -> InvoiceRow {
    let total = members
        .iter()
        .map(|(line, _, _)| line_amounts(line).total)
        .fold(Money::ZERO, |sum, t| sum + t);
    InvoiceRow {
        kind,
        title,
        sku,
        amount: 1,
        unit_price: total,
        discount: Money::ZERO,
        total,
        vat_exempt: members.iter().all(|(line, _, _)| line.vat_exempt),
        lines: members.iter().map(|(line, _, _)| line.id).collect(),
        parts: members
            .iter()
            .filter(|(_, _, shown)| *shown)
            .map(|(line, title, _)| format!("{} × {title}", line.amount))
            .collect(),
    }
}

/// The rows `lines` print as under `printing`: the groups' rows in the groups' sorting (then
/// title), then the other shown lines in their order, then 'Øvrigt' when left-out lines of no
/// group carry money.
pub fn invoice_rows(lines: &[OrderLine], printing: &Printing) -> Vec<InvoiceRow> {
    let mut groups: Vec<&GroupPrinting> = printing.groups.iter().collect();
    groups.sort_by(|a, b| (a.sorting, &a.title).cmp(&(b.sorting, &b.title)));
    let mut grouped: Vec<Vec<(&OrderLine, String, bool)>> = vec![Vec::new(); groups.len()];
    let mut rows = Vec::new();
    let mut other = Vec::new();
    for line in lines {
        let look = printing.lines.iter().find(|l| l.line_id == line.id);
        let title = look
            .and_then(|l| text(&l.title))
            .unwrap_or_else(|| line.title.clone());
        let shown = look.is_none_or(|l| l.shown);
        let group = look
            .and_then(|l| l.group_id)
            .and_then(|id| groups.iter().position(|g| g.id == id));
        if let Some(index) = group {
            grouped[index].push((line, title, shown));
        } else if shown {
            rows.push(InvoiceRow {
                kind: RowKind::Line,
                title,
                sku: text(&line.sku),
                amount: line.amount,
                unit_price: line.price,
                discount: line.discount,
                total: line_amounts(line).total,
                vat_exempt: line.vat_exempt,
                lines: vec![line.id],
                parts: Vec::new(),
            });
        } else if line_amounts(line).total != Money::ZERO {
            other.push((line, title, false));
        }
    }
    let mut printed: Vec<InvoiceRow> = groups
        .iter()
        .zip(&grouped)
        .filter(|(_, members)| {
            members
                .iter()
                .any(|(line, _, shown)| *shown || line_amounts(line).total != Money::ZERO)
        })
        .map(|(group, members)| {
            summed(
                RowKind::Group,
                group.title.clone(),
                text(&group.sku),
                members,
            )
        })
        .collect();
    printed.append(&mut rows);
    if !other.is_empty() {
        printed.push(summed(RowKind::Other, OTHER_ROW.to_string(), None, &other));
    }
    printed
}

/// A plan's invoice split into its named parts (spec 3 §3 invoicing `splitPayments`, 'Delte
/// betalinger'): the lines of each invoice group on an invoice of their own, in the groups'
/// sorting (then title), the lines of no group last. Each part is `(group, its lines)`; lines
/// keep their order within a part. Without groups the whole is one part.
pub fn split_by_group(
    lines: &[OrderLine],
    printing: &Printing,
) -> Vec<(Option<Uuid>, Vec<OrderLine>)> {
    let group_of = |line: &OrderLine| {
        printing
            .lines
            .iter()
            .find(|p| p.line_id == line.id)
            .and_then(|p| p.group_id)
            .filter(|id| printing.groups.iter().any(|g| g.id == *id))
    };
    let mut groups: Vec<&GroupPrinting> = printing.groups.iter().collect();
    groups.sort_by(|a, b| {
        a.sorting
            .cmp(&b.sorting)
            .then_with(|| a.title.cmp(&b.title))
    });
    let mut parts: Vec<(Option<Uuid>, Vec<OrderLine>)> = groups
        .iter()
        .map(|g| (Some(g.id), Vec::new()))
        .chain(std::iter::once((None, Vec::new())))
        .collect();
    for line in lines {
        let group = group_of(line);
        if let Some(part) = parts.iter_mut().find(|(id, _)| *id == group) {
            part.1.push(line.clone());
        }
    }
    parts.retain(|(_, lines)| !lines.is_empty());
    parts
}

/// The key a part of a split invoice adds to its plan key: its group's id, or `none`.
pub fn part_key(key: &str, group: Option<Uuid>) -> String {
    match group {
        Some(id) => format!("{key}#{id}"),
        None => format!("{key}#none"),
    }
}

/// The plan key a part's key belongs to (itself when it is no part's).
pub fn whole_key(key: &str) -> &str {
    key.split('#').next().unwrap_or(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(title: &str, price: i64, amount: i64) -> OrderLine {
        OrderLine {
            id: Uuid::new_v4(),
            title: title.to_string(),
            sku: Some(format!("sku-{title}")),
            price: Money::ore(price),
            amount,
            ..OrderLine::default()
        }
    }

    fn look(
        line: &OrderLine,
        title: Option<&str>,
        group: Option<Uuid>,
        shown: bool,
    ) -> LinePrinting {
        LinePrinting {
            line_id: line.id,
            title: title.map(str::to_string),
            group_id: group,
            shown,
        }
    }

    fn group(title: &str, sorting: i32) -> GroupPrinting {
        GroupPrinting {
            id: Uuid::new_v4(),
            title: title.to_string(),
            sku: Some(format!("G-{title}")),
            sorting,
        }
    }

    fn sum(rows: &[InvoiceRow]) -> Money {
        rows.iter().fold(Money::ZERO, |s, r| s + r.total)
    }

    #[test]
    fn without_printing_every_line_is_its_own_row_under_its_own_title() {
        let lines = vec![line("Voksen", 10_000, 2), line("Barn", 5_000, 1)];
        let rows = invoice_rows(&lines, &Printing::default());
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].title, "Voksen");
        assert_eq!(rows[0].sku.as_deref(), Some("sku-Voksen"));
        assert_eq!(rows[0].amount, 2);
        assert_eq!(rows[0].total, Money::ore(20_000));
        assert_eq!(rows[1].kind, RowKind::Line);
    }

    #[test]
    fn groups_sum_their_lines_in_their_sorting_under_their_title_and_sku_before_the_rest() {
        let (a, b, c, d) = (
            line("Skilt", 100_000, 1),
            line("Logo", 50_000, 2),
            line("Billet", 10_000, 4),
            line("Kaffe", 2_500, 1),
        );
        let (late, early) = (group("Reklame", 20), group("Billetter", 10));
        let printing = Printing {
            lines: vec![
                look(&a, None, Some(late.id), true),
                look(&b, Some("Logo på trøje"), Some(late.id), true),
                look(&c, None, Some(early.id), true),
                look(&d, Some("Forplejning"), None, true),
            ],
            groups: vec![late.clone(), early.clone()],
        };
        let lines = vec![a, b, c, d];
        let rows = invoice_rows(&lines, &printing);
        let titles: Vec<&str> = rows.iter().map(|r| r.title.as_str()).collect();
        assert_eq!(titles, ["Billetter", "Reklame", "Forplejning"]);
        assert_eq!(rows[1].sku.as_deref(), Some("G-Reklame"));
        assert_eq!(rows[1].kind, RowKind::Group);
        assert_eq!(rows[1].amount, 1);
        assert_eq!(rows[1].total, Money::ore(200_000));
        assert_eq!(rows[1].unit_price, rows[1].total);
        assert_eq!(rows[1].parts, ["1 × Skilt", "2 × Logo på trøje"]);
        assert_eq!(rows[2].sku.as_deref(), Some("sku-Kaffe"), "its own sku");
        assert_eq!(sum(&rows), Money::ore(242_500));
    }

    #[test]
    fn left_out_lines_are_not_printed_and_their_money_stays_in_a_row() {
        let (shown, free, hidden, in_group) = (
            line("Pakke", 100_000, 1),
            line("Fribillet", 0, 4),
            line("Gebyr", 2_000, 1),
            line("Parkering", 3_000, 1),
        );
        let g = group("Pakke", 1);
        let printing = Printing {
            lines: vec![
                look(&shown, None, Some(g.id), true),
                look(&free, None, None, false),
                look(&hidden, None, None, false),
                look(&in_group, None, Some(g.id), false),
            ],
            groups: vec![g],
        };
        let lines = vec![shown, free, hidden, in_group];
        let rows = invoice_rows(&lines, &printing);
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert_eq!(rows[0].total, Money::ore(103_000));
        assert_eq!(
            rows[0].parts,
            ["1 × Pakke"],
            "the left-out line is not named"
        );
        assert_eq!(rows[1].kind, RowKind::Other);
        assert_eq!(rows[1].title, OTHER_ROW);
        assert_eq!(rows[1].total, Money::ore(2_000));
        assert_eq!(sum(&rows), Money::ore(105_000), "the totals are right");
    }

    #[test]
    fn a_credit_notes_new_line_ids_keep_the_printing() {
        let a = line("Skilt", 100_000, 1);
        let g = group("Reklame", 1);
        let printing = Printing {
            lines: vec![look(&a, None, Some(g.id), true)],
            groups: vec![g],
        };
        let mut copy = a.clone();
        copy.id = Uuid::new_v4();
        let renamed = printing.renamed(&[(a.id, copy.id)]);
        let rows = invoice_rows(&[copy], &renamed);
        assert_eq!(rows[0].title, "Reklame");
    }

    #[test]
    fn a_split_invoice_has_a_part_per_group_in_their_sorting_and_the_lines_of_no_group_last() {
        let (a, b, c, d) = (
            line("Skilt", 100_000, 1),
            line("Billet", 10_000, 4),
            line("Logo", 50_000, 2),
            line("Fri", 1_000, 1),
        );
        let (ads, tickets) = (group("Reklame", 20), group("Billetter", 10));
        let printing = Printing {
            lines: vec![
                look(&a, None, Some(ads.id), true),
                look(&b, None, Some(tickets.id), true),
                look(&c, None, Some(ads.id), false),
            ],
            groups: vec![ads.clone(), tickets.clone()],
        };
        let parts = split_by_group(&[a.clone(), b.clone(), c.clone(), d.clone()], &printing);
        let titles: Vec<(Option<Uuid>, Vec<&str>)> = parts
            .iter()
            .map(|(g, lines)| (*g, lines.iter().map(|l| l.title.as_str()).collect()))
            .collect();
        assert_eq!(
            titles,
            [
                (Some(tickets.id), vec!["Billet"]),
                (Some(ads.id), vec!["Skilt", "Logo"]),
                (None, vec!["Fri"]),
            ]
        );
        assert_eq!(split_by_group(std::slice::from_ref(&d), &printing).len(), 1);
        let key = part_key("single", Some(ads.id));
        assert_eq!(whole_key(&key), "single");
        assert_eq!(
            whole_key(&part_key("single:2027-01-15", None)),
            "single:2027-01-15"
        );
    }
}
