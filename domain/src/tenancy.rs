use uuid::Uuid;

/// Every aggregate belongs to exactly one club (client). The command bus refuses a command for an
/// aggregate of another club as if the aggregate did not exist.
pub trait Tenanted {
    /// The club the aggregate belongs to; `None` while it has not been created.
    fn client_id(&self) -> Option<Uuid>;

    /// Deleted: its events stay, but it is gone for everyone.
    fn is_deleted(&self) -> bool {
        false
    }
}
