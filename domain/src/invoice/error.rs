use crate::selling::FieldError;

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum InvoiceError {
    #[error("Fakturaen findes allerede")]
    AlreadyCreated,
    #[error("Fakturaen findes ikke")]
    NotFound,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Fakturaen er ikke gyldig"))]
    Invalid(Vec<FieldError>),
    #[error("Fakturaen er allerede godkendt")]
    AlreadyBooked,
    #[error("En godkendt faktura kan ikke slettes. Krediter den i stedet.")]
    DeleteBooked,
    #[error("Kun en kladdes fakturadato kan ændres")]
    DateOnlyDraft,
    #[error("En kladde kan ikke krediteres. Slet den i stedet.")]
    CreditDraft,
    #[error("En kreditnota kan ikke krediteres")]
    CreditCreditNote,
    #[error("Fakturaen er allerede krediteret")]
    AlreadyCredited,
    #[error("Fakturaen skal godkendes først")]
    NotBooked,
    #[error("Fakturaen er allerede markeret som sendt")]
    AlreadySent,
    #[error("Fakturaen er allerede betalt")]
    AlreadyPaid,
    #[error("Kvittering kan kun sendes for en betalt faktura")]
    ReceiptNotPaid,
    #[error("Bogføringsnummer kan kun sættes på en godkendt faktura")]
    ExternalNumberOnlyBooked,
    #[error("Kunden har ingen e-mail")]
    NoEmail,
}
