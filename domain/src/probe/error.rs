#[derive(Debug, PartialEq, thiserror::Error)]
pub enum ProbeError {
    #[error("Tællingen findes allerede")]
    AlreadyOpened,
    #[error("Tællingen findes ikke")]
    NotOpened,
    #[error("Titel skal udfyldes")]
    TitleRequired,
    #[error("Beløbet skal være større end 0")]
    AmountNotPositive,
}
