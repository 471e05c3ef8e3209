//! Seat rules (issue 16; spec 2 §4 seat picker: 'A lenient rule forbids orphan seats'): what a
//! selection of seats may leave behind in a row. Pure: the engine reads the row, this decides.

/// A seat of a row, left to right, as a selection sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// For sale and nobody has it.
    Free,
    /// Booked, held by someone else, reserved or not for sale.
    Taken,
}

/// The seats of `row` (by position) that are single empty seats between taken or chosen seats.
fn orphans(row: &[Place], chosen: &[usize]) -> Vec<usize> {
    let taken = |i: usize| row[i] == Place::Taken || chosen.contains(&i);
    (1..row.len().saturating_sub(1))
        .filter(|&i| !taken(i) && taken(i - 1) && taken(i + 1))
        .collect()
}

/// The orphans a selection makes: single empty seats it leaves between taken seats that were not
/// single empty seats before it.
fn new_orphans(row: &[Place], chosen: &[usize]) -> usize {
    let before = orphans(row, &[]);
    orphans(row, chosen)
        .into_iter()
        .filter(|i| !before.contains(i))
        .count()
}

/// The lenient orphan rule: a selection of seats in a row (positions) that leaves a single
/// empty seat between taken seats is refused — unless no other run of as many free seats side by
/// side in the row would leave none (then the buyer had no better choice). True: allowed.
pub fn leaves_no_needless_orphan(row: &[Place], chosen: &[usize]) -> bool {
    if chosen.is_empty() || new_orphans(row, chosen) == 0 {
        return true;
    }
    let size = chosen.len();
    let better = (0..=row.len().saturating_sub(size)).any(|start| {
        let run: Vec<usize> = (start..start + size).collect();
        run.iter().all(|&i| row[i] == Place::Free) && new_orphans(row, &run) == 0
    });
    !better
}

#[cfg(test)]
mod tests {
    use super::*;
    use Place::{Free as F, Taken as T};

    #[test]
    fn a_selection_that_leaves_one_empty_seat_between_taken_seats_is_refused() {
        // T F F F F: choosing positions 2–3 leaves seat 1 alone between T and the choice.
        let row = [T, F, F, F, F];
        assert!(!leaves_no_needless_orphan(&row, &[2, 3]));
        // Choosing 1–2 leaves no single seat.
        assert!(leaves_no_needless_orphan(&row, &[1, 2]));
    }

    #[test]
    fn the_end_of_a_row_is_not_a_taken_seat() {
        let row = [F, F, F, F];
        assert!(leaves_no_needless_orphan(&row, &[1, 2]));
    }

    #[test]
    fn an_orphan_that_no_other_run_of_the_same_size_avoids_is_allowed() {
        // T F F F T: any two seats side by side leave one alone.
        let row = [T, F, F, F, T];
        assert!(leaves_no_needless_orphan(&row, &[1, 2]));
        // But a single seat in the middle leaves two, and the ends leave none: refused.
        assert!(!leaves_no_needless_orphan(&row, &[2]));
        assert!(leaves_no_needless_orphan(&row, &[1]));
    }

    #[test]
    fn an_orphan_that_was_there_before_is_not_the_selections_fault() {
        let row = [T, F, T, F, F, F];
        assert!(leaves_no_needless_orphan(&row, &[3, 4]));
        assert!(leaves_no_needless_orphan(&row, &[5]));
        assert!(!leaves_no_needless_orphan(&row, &[4]));
    }
}
