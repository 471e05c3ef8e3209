use uuid::Uuid;

#[derive(Debug, Clone, PartialEq)]
pub enum ProbeCommand {
    Open { client_id: Uuid, title: String },
    Rename { title: String },
    Add { amount: i64 },
}
