//! A contract's two statuses (spec 3 §4): where it is in its life (draft, renewal 'Gentegning',
//! approved, cancelled) and where the negotiation with the customer stands (agreement status).
//! Which transition each status allows is written once here; the Contract aggregate decides with it.

use serde::{Deserialize, Serialize};

/// Kladde, Gentegning, Godkendt, Annulleret.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ContractStatus {
    #[default]
    Draft,
    /// A contract made by 'Forny' from an approved one, until it is approved itself.
    Renewal,
    Approved,
    Cancelled,
}

/// Ikke afsendt, Møde planlagt, Afsendt, Forhandling, Underskrevet, Genforhandling.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum AgreementStatus {
    #[default]
    Unsent,
    Scheduled,
    Sent,
    Negotiation,
    Signed,
    Renegotiation,
}

/// What staff can do to a contract as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transition {
    /// 'Godkend'.
    Approve,
    /// 'Rediger': an approved contract back to draft ('Aftalen kan nu redigeres.').
    Reopen,
    /// 'Annuller'.
    Cancel,
    /// 'Genaktiver': a cancelled contract approved again ('Aftalen blev genaktiveret!').
    Reactivate,
    /// 'Forny': a new contract in renewal; this one stays approved.
    Renew,
    /// 'Slet kladde' (a saved draft) or deleting a cancelled contract.
    Delete,
    /// 'Opret faktura' (the invoices issue).
    Invoice,
}

impl ContractStatus {
    pub fn label(self) -> &'static str {
        match self {
            ContractStatus::Draft => "Kladde",
            ContractStatus::Renewal => "Gentegning",
            ContractStatus::Approved => "Godkendt",
            ContractStatus::Cancelled => "Annulleret",
        }
    }

    /// Category, description, season, dates, company/contact clearing, the total and the lines
    /// change only here (spec 3 §4).
    pub fn is_editable(self) -> bool {
        matches!(self, ContractStatus::Draft | ContractStatus::Renewal)
    }

    /// The status a transition leads to from this one; None when this status does not allow it.
    /// Renew and Invoice leave the contract approved; Delete leaves no contract (the status it had).
    pub fn after(self, transition: Transition) -> Option<ContractStatus> {
        use ContractStatus::*;
        use Transition::*;
        match (self, transition) {
            (Draft | Renewal, Approve) => Some(Approved),
            (Approved, Reopen) => Some(Draft),
            (Approved, Cancel) => Some(Cancelled),
            (Cancelled, Reactivate) => Some(Approved),
            (Approved, Renew | Invoice) => Some(Approved),
            (Draft | Cancelled, Delete) => Some(self),
            _ => None,
        }
    }
}

impl AgreementStatus {
    pub fn label(self) -> &'static str {
        match self {
            AgreementStatus::Unsent => "Ikke afsendt",
            AgreementStatus::Scheduled => "Møde planlagt",
            AgreementStatus::Sent => "Afsendt",
            AgreementStatus::Negotiation => "Forhandling",
            AgreementStatus::Signed => "Underskrevet",
            AgreementStatus::Renegotiation => "Genforhandling",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ContractStatus::*;
    use super::Transition::*;
    use super::*;

    #[test]
    fn a_draft_or_a_renewal_is_approved_and_only_they_are_editable() {
        assert_eq!(Draft.after(Approve), Some(Approved));
        assert_eq!(Renewal.after(Approve), Some(Approved));
        assert_eq!(Approved.after(Approve), None);
        assert!(Draft.is_editable() && Renewal.is_editable());
        assert!(!Approved.is_editable() && !Cancelled.is_editable());
    }

    #[test]
    fn an_approved_contract_is_reopened_cancelled_renewed_or_invoiced() {
        assert_eq!(Approved.after(Reopen), Some(Draft));
        assert_eq!(Approved.after(Cancel), Some(Cancelled));
        assert_eq!(Approved.after(Renew), Some(Approved));
        assert_eq!(Approved.after(Invoice), Some(Approved));
        for status in [Draft, Renewal, Cancelled] {
            assert_eq!(status.after(Renew), None, "{status:?}");
            assert_eq!(status.after(Invoice), None, "{status:?}");
            assert_eq!(status.after(Cancel), None, "{status:?}");
        }
    }

    #[test]
    fn a_cancelled_contract_is_reactivated_or_deleted_and_a_draft_deleted() {
        assert_eq!(Cancelled.after(Reactivate), Some(Approved));
        assert_eq!(Cancelled.after(Delete), Some(Cancelled));
        assert_eq!(Draft.after(Delete), Some(Draft));
        assert_eq!(Approved.after(Delete), None);
        assert_eq!(Renewal.after(Delete), None);
        assert_eq!(Approved.after(Reactivate), None);
    }

    #[test]
    fn the_statuses_read_as_the_spec_names_them() {
        assert_eq!(Renewal.label(), "Gentegning");
        assert_eq!(AgreementStatus::Scheduled.label(), "Møde planlagt");
        assert_eq!(
            serde_json::to_value(AgreementStatus::Renegotiation).unwrap_or_default(),
            serde_json::json!("renegotiation")
        );
    }
}
