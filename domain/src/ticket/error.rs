use crate::selling::FieldError;

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum TicketError {
    #[error("Billetten findes allerede")]
    AlreadyIssued,
    #[error("Billetten findes ikke")]
    NotFound,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Billetten er ikke gyldig"))]
    Invalid(Vec<FieldError>),
    #[error("Billetten er annulleret")]
    Voided,
    /// When the first scan was, on a Danish clock.
    #[error("Billetten er allerede scannet ({0})")]
    AlreadyScanned(String),
    #[error("Billetten har ingen plads")]
    NoSeat,
    #[error("Pladsen er allerede frigivet")]
    SeatAlreadyReleased,
    /// A season seat its holder gave back for the event: the ticket no longer admits.
    #[error(
        "Pladsen er frigivet af sæsonkortholderen, så billetten gælder ikke til arrangementet"
    )]
    SeatReleased,
}
