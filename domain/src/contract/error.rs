use crate::selling::FieldError;

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum ContractError {
    #[error("Aftalen findes allerede")]
    AlreadyCreated,
    #[error("Aftalen findes ikke")]
    NotFound,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Aftalen er ikke gyldig"))]
    Invalid(Vec<FieldError>),
    #[error("Aftalen kan kun ændres som kladde eller gentegning. Vælg \"Rediger\" først.")]
    NotEditable,
    #[error("Kun en kladde eller en gentegning kan godkendes")]
    ApproveNotAllowed,
    #[error("Aftalen skal have mindst én linje for at kunne godkendes")]
    ApproveWithoutLines,
    #[error("Kun en godkendt aftale kan redigeres")]
    ReopenNotAllowed,
    #[error("Kun en godkendt aftale kan annulleres")]
    CancelNotAllowed,
    #[error("Kun en annulleret aftale kan genaktiveres")]
    ReactivateNotAllowed,
    #[error("Kun en godkendt aftale kan fornyes")]
    RenewNotAllowed,
    #[error("Aftalen er allerede fornyet")]
    AlreadyRenewed,
    #[error("Kun en kladde eller en annulleret aftale kan slettes")]
    DeleteNotAllowed,
    #[error("Forhandlingsstatus er allerede {0}")]
    AgreementStatusUnchanged(&'static str),
    #[error("Aftalen er annulleret")]
    Cancelled,
    #[error("Aftalen er allerede underskrevet")]
    AlreadySigned,
    #[error("Aftalen er ikke sendt til underskrift")]
    NotSentForSigning,
    #[error("Kontaktpersonen har ingen e-mail")]
    NoEmail,
}
