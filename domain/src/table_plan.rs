//! 'Placér automatisk' (issue 18; spec 2 §2 Table plan tab): seats every unplaced guest on the
//! auto-place tables, keeping each company together where it fits and filling tables well.
//!
//! How it decides, in three passes over the tables' free seats (never more than a table has):
//! 1. The companies, largest first, each whole at one table: a table where colleagues already
//!    sit if it has room, else the table it fills most exactly (the fewest seats left over), so
//!    big tables stay free for big companies. A company that fits nowhere whole waits.
//! 2. The waiting companies, largest first: whole if a table has room by now, else split over the
//!    tables with the most free seats (colleagues' tables first), as few tables as that takes.
//! 3. Guests without a company, one by one, into the fullest tables that still have a seat (the
//!    gaps the companies left).
//!
//! What it promises (tested): no table gets more guests than it has seats; a company is split
//! only when, at the moment it is placed, no table has room for all of it — so in the plan it
//! leaves, no table's free seats plus the company's guests there add up to the company's size;
//! a guest stays unplaced only when every auto-place table is full.

use std::collections::BTreeMap;

use uuid::Uuid;

/// A guest to seat: a ticket of the event, with the holder's company if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guest {
    pub id: Uuid,
    pub company: Option<Uuid>,
}

/// An auto-place table as it is now: its free seats and the companies already sitting there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSpace {
    pub id: Uuid,
    pub free: usize,
    pub companies: Vec<Uuid>,
}

/// Where each guest goes: (guest, table), in the guests' order within each company.
pub fn auto_seat(guests: &[Guest], tables: &[TableSpace]) -> Vec<(Uuid, Uuid)> {
    let mut tables: Vec<TableSpace> = tables.to_vec();
    let mut placed = Vec::new();
    // Companies in the order their first guest comes; guests without one apart.
    let mut order: Vec<Uuid> = Vec::new();
    let mut companies: BTreeMap<Uuid, Vec<Uuid>> = BTreeMap::new();
    let mut loners = Vec::new();
    for guest in guests {
        match guest.company {
            Some(company) => {
                let members = companies.entry(company).or_default();
                if members.is_empty() {
                    order.push(company);
                }
                members.push(guest.id);
            }
            None => loners.push(guest.id),
        }
    }
    // Largest first; equal sizes in the order they came (a stable sort).
    order.sort_by_key(|c| std::cmp::Reverse(companies.get(c).map_or(0, Vec::len)));

    let mut waiting = Vec::new();
    for company in order {
        let members = companies.remove(&company).unwrap_or_default();
        match whole_table(&tables, company, members.len()) {
            Some(at) => seat(&mut tables[at], company, &members, &mut placed),
            None => waiting.push((company, members)),
        }
    }
    for (company, members) in waiting {
        if let Some(at) = whole_table(&tables, company, members.len()) {
            seat(&mut tables[at], company, &members, &mut placed);
            continue;
        }
        let mut rest: &[Uuid] = &members;
        while !rest.is_empty() {
            let Some(at) = roomiest(&tables, company) else {
                break;
            };
            let take = tables[at].free.min(rest.len());
            let (now, later) = rest.split_at(take);
            seat(&mut tables[at], company, now, &mut placed);
            rest = later;
        }
    }
    for guest in loners {
        let fullest = tables
            .iter()
            .enumerate()
            .filter(|(_, t)| t.free > 0)
            .min_by_key(|(i, t)| (t.free, *i))
            .map(|(i, _)| i);
        let Some(at) = fullest else { break };
        tables[at].free -= 1;
        placed.push((guest, tables[at].id));
    }
    placed
}

/// The table that takes all `size` guests of `company`: one where colleagues sit, else the one
/// left with the fewest free seats; the first of equals.
fn whole_table(tables: &[TableSpace], company: Uuid, size: usize) -> Option<usize> {
    tables
        .iter()
        .enumerate()
        .filter(|(_, t)| t.free >= size)
        .min_by_key(|(i, t)| (!t.companies.contains(&company), t.free - size, *i))
        .map(|(i, _)| i)
}

/// The table with the most free seats (colleagues' tables first), if any has one.
fn roomiest(tables: &[TableSpace], company: Uuid) -> Option<usize> {
    tables
        .iter()
        .enumerate()
        .filter(|(_, t)| t.free > 0)
        .min_by_key(|(i, t)| {
            (
                !t.companies.contains(&company),
                std::cmp::Reverse(t.free),
                *i,
            )
        })
        .map(|(i, _)| i)
}

fn seat(table: &mut TableSpace, company: Uuid, members: &[Uuid], placed: &mut Vec<(Uuid, Uuid)>) {
    table.free -= members.len();
    if !table.companies.contains(&company) {
        table.companies.push(company);
    }
    placed.extend(members.iter().map(|m| (*m, table.id)));
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;

    fn id(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    fn table(n: u128, free: usize) -> TableSpace {
        TableSpace {
            id: id(1_000 + n),
            free,
            companies: vec![],
        }
    }

    /// `sizes[c]` guests of company c (c from 1), then `alone` guests without one.
    fn guests(sizes: &[usize], alone: usize) -> Vec<Guest> {
        let mut out = Vec::new();
        let mut next = 1u128;
        for (c, size) in sizes.iter().enumerate() {
            for _ in 0..*size {
                out.push(Guest {
                    id: id(next),
                    company: Some(id(100 + c as u128)),
                });
                next += 1;
            }
        }
        for _ in 0..alone {
            out.push(Guest {
                id: id(next),
                company: None,
            });
            next += 1;
        }
        out
    }

    fn tables_of(plan: &[(Uuid, Uuid)], guests: &[Guest]) -> HashMap<Uuid, Vec<Uuid>> {
        let mut by_company: HashMap<Uuid, Vec<Uuid>> = HashMap::new();
        for (guest, table) in plan {
            let company = guests.iter().find(|g| g.id == *guest).unwrap().company;
            if let Some(company) = company {
                by_company.entry(company).or_default().push(*table);
            }
        }
        by_company
    }

    #[test]
    fn companies_sit_together_and_the_big_tables_are_kept_for_the_big_companies() {
        // Tables of 10, 8 and 4; companies of 8, 4, 3 and 2 guests and 2 without a company.
        let tables = [table(1, 10), table(2, 8), table(3, 4)];
        let guests = guests(&[3, 8, 2, 4], 2);
        let plan = auto_seat(&guests, &tables);
        assert_eq!(plan.len(), 19, "everyone seated: 22 seats for 19 guests");
        let at = tables_of(&plan, &guests);
        // 8 fills the table of 8 exactly; 4 the table of 4; 3 and 2 share the 10.
        assert_eq!(at[&id(101)], vec![id(1002); 8]);
        assert_eq!(at[&id(103)], vec![id(1003); 4]);
        assert_eq!(at[&id(100)], vec![id(1001); 3]);
        assert_eq!(at[&id(102)], vec![id(1001); 2]);
    }

    #[test]
    fn a_company_too_big_for_any_table_is_split_over_the_roomiest_and_nobody_is_left_while_seats_are_free(
    ) {
        let tables = [table(1, 6), table(2, 6), table(3, 6)];
        let guests = guests(&[9, 5], 3);
        let plan = auto_seat(&guests, &tables);
        assert_eq!(plan.len(), 17);
        let at = tables_of(&plan, &guests);
        // The 5 sit whole; the 9 over two tables, not three.
        assert!(at[&id(101)].iter().all(|t| *t == at[&id(101)][0]));
        let mut nine: Vec<Uuid> = at[&id(100)].clone();
        nine.dedup();
        assert_eq!(nine.len(), 2, "{nine:?}");
    }

    #[test]
    fn colleagues_already_seated_draw_their_company_to_their_table() {
        let mut tables = vec![table(1, 3), table(2, 6)];
        tables[1].companies.push(id(100));
        let plan = auto_seat(&guests(&[3], 0), &tables);
        assert!(plan.iter().all(|(_, t)| *t == id(1002)), "{plan:?}");
    }

    #[test]
    fn full_tables_leave_the_rest_unplaced() {
        let plan = auto_seat(&guests(&[4], 2), &[table(1, 3)]);
        assert_eq!(plan.len(), 3);
        assert!(auto_seat(&guests(&[2], 1), &[]).is_empty());
    }

    proptest! {
        #[test]
        fn never_overfills_a_table_and_never_splits_a_company_that_fits_somewhere_whole(
            sizes in proptest::collection::vec(1usize..12, 0..12),
            alone in 0usize..10,
            free in proptest::collection::vec(0usize..14, 0..8),
            seated in proptest::collection::vec(0usize..12, 0..8),
        ) {
            let guests = guests(&sizes, alone);
            let tables: Vec<TableSpace> = free
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let mut t = table(i as u128, *f);
                    // Some tables already have one of the companies sitting there.
                    if let Some(c) = seated.get(i).filter(|c| **c < sizes.len()) {
                        t.companies.push(id(100 + *c as u128));
                    }
                    t
                })
                .collect();
            let plan = auto_seat(&guests, &tables);
            // Each guest at most once, and only the guests given.
            let mut seen = std::collections::HashSet::new();
            for (guest, _) in &plan {
                prop_assert!(seen.insert(*guest));
                prop_assert!(guests.iter().any(|g| g.id == *guest));
            }
            // No table over its free seats.
            let mut used: HashMap<Uuid, usize> = HashMap::new();
            for (_, t) in &plan {
                *used.entry(*t).or_default() += 1;
            }
            for t in &tables {
                prop_assert!(used.get(&t.id).copied().unwrap_or(0) <= t.free);
            }
            let left = |t: &TableSpace| t.free - used.get(&t.id).copied().unwrap_or(0);
            // A split company: no table could have taken all of it when it was placed, so none
            // has room now for the company's guests that are not there.
            let at = tables_of(&plan, &guests);
            for (company, places) in &at {
                let size = guests.iter().filter(|g| g.company == Some(*company)).count();
                let mut distinct = places.clone();
                distinct.sort();
                distinct.dedup();
                if distinct.len() > 1 || places.len() < size {
                    for t in &tables {
                        let here = places.iter().filter(|p| **p == t.id).count();
                        prop_assert!(left(t) + here < size,
                            "company {company} of {size} split while table {} has {} free and {here} of it", t.id, left(t));
                    }
                }
            }
            // Nobody is left unplaced while a seat is free.
            if plan.len() < guests.len() {
                prop_assert!(tables.iter().all(|t| left(t) == 0));
            }
        }
    }
}
