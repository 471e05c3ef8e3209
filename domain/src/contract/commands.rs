use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::model::{ContractContent, Signing};
use super::status::{AgreementStatus, ContractStatus};
use crate::selling::VatSettings;

#[derive(Debug, Clone, PartialEq)]
pub enum ContractCommand {
    /// A new contract. `number` is the club's next contract number, taken in the same
    /// transaction; `renewal_of` names the approved contract that 'Forny' renews.
    Create {
        client_id: Uuid,
        number: i64,
        created_at: DateTime<Utc>,
        vat: VatSettings,
        status: ContractStatus,
        agreement_status: AgreementStatus,
        renewal_of: Option<Uuid>,
        content: ContractContent,
    },
    /// The form's content; only what differs becomes events.
    Update {
        content: ContractContent,
    },
    Approve,
    /// Approved → draft ('Aftalen kan nu redigeres.').
    Reopen,
    Cancel,
    /// 'Genaktiver': cancelled → approved.
    Reactivate,
    /// 'Forny' on the approved contract: records its successor (created alongside).
    Renew {
        successor_id: Uuid,
    },
    Delete,
    SetAgreementStatus {
        status: AgreementStatus,
    },
    /// The contract PDF was mailed to the contact.
    RecordSent {
        email: String,
    },
    /// A signing link was mailed to the contact.
    RecordSentForSigning {
        email: String,
    },
    /// The contact signed on the public page.
    Sign {
        signing: Signing,
    },
    /// The signed PDF was kept as a file of the contract.
    RecordSignedCopy {
        file_id: Uuid,
        sha256: String,
    },
}
