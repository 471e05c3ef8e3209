use crate::selling::FieldError;

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum SubscriptionError {
    #[error("Abonnementet findes allerede")]
    AlreadyCreated,
    #[error("Abonnementet findes ikke")]
    NotFound,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Abonnementet er ikke gyldigt"))]
    Invalid(Vec<FieldError>),
    #[error("Abonnementet kan kun ændres som kladde. Vælg \"Rediger abonnement\" først.")]
    NotEditable,
    #[error("Kun en kladde kan godkendes")]
    ApproveOnlyDraft,
    #[error("Abonnementet skal have mindst ét produkt for at kunne godkendes")]
    ApproveWithoutLines,
    #[error("Kun et aktivt abonnement kan redigeres")]
    ReopenOnlyApproved,
    #[error("En kladde eller et annulleret abonnement kan ikke annulleres")]
    CancelNotAllowed,
    #[error("Abonnementet kan først opsiges når bindingsperioden er udløbet ({0})")]
    CommitmentNotOver(String),
    #[error("Kun en kladde eller et annulleret abonnement kan slettes")]
    DeleteNotAllowed,
    #[error("Abonnementet er ikke længere aktivt!")]
    NotActive,
    #[error("Perioden {0} er allerede betalt")]
    PeriodAlreadyCharged(String),
    #[error("Abonnementet har intet betalingskort")]
    NoCard,
    #[error("Abonnementet har ingen e-mail")]
    NoEmail,
    #[error("Kun et aktivt abonnement kan fornyes")]
    RenewOnlyActive,
    #[error("Abonnementet fornyes ikke automatisk")]
    NotRenewing,
    #[error("Abonnementet kan først fornyes efter slutdatoen ({0})")]
    NotEndedYet(String),
    #[error("Kunden varsles om fornyelsen fra {0}")]
    RenewalNoticeTooEarly(String),
}
