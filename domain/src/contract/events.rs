use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::model::{ContractContent, ContractLine, Signing};
use super::plan::InvoicingPlan;
use super::status::{AgreementStatus, ContractStatus};
use crate::money::Money;
use crate::selling::VatSettings;

/// `event_type()` is the variant's name, so `ContractEvent::VARIANTS` lists every event type.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames, strum::IntoStaticStr,
)]
pub enum ContractEvent {
    Created {
        client_id: Uuid,
        number: i64,
        created_at: DateTime<Utc>,
        vat: VatSettings,
        status: ContractStatus,
        agreement_status: AgreementStatus,
        renewal_of: Option<Uuid>,
        content: ContractContent,
    },
    CategoryChanged {
        category_id: Option<Uuid>,
    },
    SeasonChanged {
        season_id: Option<Uuid>,
    },
    DescriptionChanged {
        description: Option<String>,
    },
    NotesChanged {
        internal: Option<String>,
        additional: Option<String>,
        contract_description: Option<String>,
        supplemental_description: Option<String>,
    },
    StartDateChanged {
        start_date: Option<NaiveDate>,
    },
    PeriodChanged {
        end_date: Option<NaiveDate>,
        no_end_date: bool,
        renew_date: Option<NaiveDate>,
    },
    OwnerChanged {
        owner_id: Option<Uuid>,
    },
    CompanyChanged {
        company_id: Option<Uuid>,
    },
    ContactChanged {
        contact_id: Option<Uuid>,
    },
    FieldValuesChanged {
        field_values: BTreeMap<String, String>,
    },
    InvoicingChanged {
        invoicing: InvoicingPlan,
    },
    LineAdded {
        line: ContractLine,
    },
    LineChanged {
        line: ContractLine,
    },
    LineRemoved {
        line_id: Uuid,
    },
    LinesReordered {
        line_ids: Vec<Uuid>,
    },
    OrderDiscountChanged {
        order_discount: Money,
    },
    Approved,
    Reopened,
    Cancelled,
    Reactivated,
    Renewed {
        successor_id: Uuid,
    },
    Deleted,
    AgreementStatusChanged {
        status: AgreementStatus,
    },
    Sent {
        email: String,
    },
    SentForSigning {
        email: String,
    },
    Signed {
        signing: Signing,
    },
    SignedCopyStored {
        file_id: Uuid,
        sha256: String,
    },
}

impl DomainEvent for ContractEvent {
    fn event_type(&self) -> String {
        let name: &'static str = self.into();
        name.to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
