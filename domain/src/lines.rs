//! How a form's lines differ from an aggregate's (orders, contracts): which were removed, added
//! or changed, and whether the kept ones moved. Each aggregate turns these into its own events.

use std::collections::BTreeMap;

use uuid::Uuid;

#[derive(Debug, Clone, PartialEq)]
pub enum LineChange<L> {
    Removed(Uuid),
    Added(L),
    Changed(L),
    /// The new order of every line, when it is not the old order with the new lines at the end.
    Reordered(Vec<Uuid>),
}

/// The changes that take `current` to `wanted`, in the order their events apply: removals, then
/// additions and changes in the wanted order, then a reordering.
pub fn line_changes<L: PartialEq>(
    current: &[L],
    wanted: Vec<L>,
    id: impl Fn(&L) -> Uuid,
) -> Vec<LineChange<L>> {
    let before: BTreeMap<Uuid, &L> = current.iter().map(|l| (id(l), l)).collect();
    let wanted_ids: Vec<Uuid> = wanted.iter().map(&id).collect();
    let mut changes: Vec<LineChange<L>> = current
        .iter()
        .map(&id)
        .filter(|line| !wanted_ids.contains(line))
        .map(LineChange::Removed)
        .collect();
    let mut order_after: Vec<Uuid> = current
        .iter()
        .map(&id)
        .filter(|line| wanted_ids.contains(line))
        .collect();
    for line in wanted {
        match before.get(&id(&line)) {
            None => {
                order_after.push(id(&line));
                changes.push(LineChange::Added(line));
            }
            Some(old) if **old != line => changes.push(LineChange::Changed(line)),
            Some(_) => {}
        }
    }
    if order_after != wanted_ids {
        changes.push(LineChange::Reordered(wanted_ids));
    }
    changes
}
