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
