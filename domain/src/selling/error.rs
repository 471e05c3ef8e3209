use serde::Serialize;

/// One broken rule of one field, named by its path in the record (`orderLines.2.seat`): what
/// every aggregate refuses content with, and the API reports on the field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}
