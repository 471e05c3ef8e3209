use crate::selling::FieldError;

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum OrderError {
    #[error("Ordren findes allerede")]
    AlreadyCreated,
    #[error("Ordren findes ikke")]
    NotFound,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Ordren er ikke gyldig"))]
    Invalid(Vec<FieldError>),
    #[error("Ordren kan kun ændres som kladde. Vælg \"Rediger ordre\" først.")]
    NotEditable,
    #[error("Kun en kladde kan godkendes")]
    ApproveOnlyDraft,
    #[error("Ordren skal have mindst ét produkt for at kunne godkendes")]
    ApproveWithoutLines,
    #[error("Kun en ordre der behandles eller er godkendt kan redigeres")]
    ReopenOnlyProcessingOrApproved,
    #[error("En kladde eller en annulleret ordre kan ikke annulleres")]
    CancelNotAllowed,
    #[error("Kun en kladde eller en annulleret ordre kan slettes")]
    DeleteNotAllowed,
    #[error("Betalingen kan kun hæves når den er autoriseret")]
    CaptureOnlyAuthorized,
    #[error("Ordren er allerede betalt")]
    AlreadyPaid,
    #[error("Kun en ordre fra billetsalget betales ved skranken")]
    NotPointOfSale,
    #[error("Betalingen ved skranken er allerede registreret")]
    DeskPaymentRecorded,
    #[error("Kun en betalt ordre kan refunderes")]
    RefundOnlyPaid,
    #[error("Kun en autoriseret betaling kan annulleres")]
    VoidOnlyAuthorized,
    #[error("Betalingsstatus er allerede {0}")]
    PaymentStatusUnchanged(&'static str),
    #[error("Ordren har ingen e-mail")]
    NoEmail,
    #[error("Ordren er annulleret")]
    Cancelled,
}
