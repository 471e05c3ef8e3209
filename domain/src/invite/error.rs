use crate::selling::FieldError;

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum InviteError {
    #[error("Invitationen findes allerede")]
    AlreadyCreated,
    #[error("Invitationen findes ikke")]
    NotFound,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invitationen er ikke gyldig"))]
    Invalid(Vec<FieldError>),
    #[error("Invitationen er slettet")]
    Deleted,
    #[error("Der kan ikke sendes til en tom adresse")]
    NoAddress,
}
