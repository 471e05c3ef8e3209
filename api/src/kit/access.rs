//! The access vocabulary the routes and the roles share (spec 1 §6).

/// What a route does with a module's data: read it, or change it (spec 1 §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Read,
    Manage,
}

impl Action {
    /// Whether a rule item's action (`read`, `manage`) grants this one: `manage` includes `read`.
    pub fn granted_by(self, action: &str) -> bool {
        match self {
            Action::Read => action == "read" || action == "manage",
            Action::Manage => action == "manage",
        }
    }
}

/// The fields of a module the caller may not read (`hidden`) and may not change (`locked`,
/// which holds the hidden ones too).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldRules {
    pub hidden: Vec<String>,
    pub locked: Vec<String>,
}

impl FieldRules {
    pub fn is_empty(&self) -> bool {
        self.hidden.is_empty() && self.locked.is_empty()
    }

    /// The rules of several modules together (a route several modules share).
    pub fn merge(&mut self, other: FieldRules) {
        for (mine, theirs) in [
            (&mut self.hidden, other.hidden),
            (&mut self.locked, other.locked),
        ] {
            mine.extend(theirs);
            mine.sort_unstable();
            mine.dedup();
        }
    }
}
