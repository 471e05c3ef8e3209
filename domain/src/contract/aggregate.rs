use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::ContractCommand;
use super::error::ContractError;
use super::events::ContractEvent;
use super::model::{ContractContent, ContractLine, Signing};
use super::plan::PlanTotals;
use super::rules::content_errors;
use super::status::{AgreementStatus, ContractStatus, Transition};
use crate::lines::LineChange;
use crate::money::Money;
use crate::selling::{order_totals, Totals, VatSettings};
use crate::tenancy::Tenanted;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "ContractRecord")]
pub struct Contract {
    pub client_id: Option<Uuid>,
    pub number: i64,
    pub created_at: Option<DateTime<Utc>>,
    pub status: ContractStatus,
    pub agreement_status: AgreementStatus,
    pub vat: VatSettings,
    pub deleted: bool,
    /// The contract this one renews ('Forny'), and the one that renews it.
    pub renewal_of: Option<Uuid>,
    pub renewed_by: Option<Uuid>,
    /// Sent for signing and not signed since.
    pub awaiting_signature: bool,
    pub signing: Option<Signing>,
    pub signed_copy: Option<(Uuid, String)>,
    #[serde(flatten)]
    pub content: ContractContent,
}

impl Contract {
    pub fn totals(&self) -> Totals {
        order_totals(
            &self.content.order_lines(),
            self.content.order_discount,
            &self.content.totals_invoicing(),
            self.vat,
        )
    }

    /// What the invoicing plan divides (spec 3 §9: 'total or subtotal'): the total when the
    /// club's prices include VAT, else the subtotal with its fees, and the prepaid share of it.
    /// The editor's suggested amount reads the same figure.
    pub fn plan_totals(&self) -> PlanTotals {
        let totals = self.totals();
        if self.vat.prices_with_vat || totals.total == Money::ZERO {
            return PlanTotals {
                total: totals.total,
                pre_payment_total: totals.pre_payment_total,
            };
        }
        let net = totals.subtotal + totals.additional_fee;
        PlanTotals {
            total: net,
            pre_payment_total: totals
                .pre_payment_total
                .mul_div(net.as_ore(), totals.total.as_ore()),
        }
    }

    fn exists(&self) -> Result<(), ContractError> {
        if self.client_id.is_none() || self.deleted {
            return Err(ContractError::NotFound);
        }
        Ok(())
    }

    fn open_for_mail(&self, email: &str) -> Result<String, ContractError> {
        if self.status == ContractStatus::Cancelled {
            return Err(ContractError::Cancelled);
        }
        let email = email.trim();
        if email.is_empty() {
            return Err(ContractError::NoEmail);
        }
        Ok(email.to_string())
    }
}

fn valid(content: &ContractContent) -> Result<(), ContractError> {
    let errors = content_errors(content);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ContractError::Invalid(errors))
    }
}

/// The events that take `current` to `wanted`. What spec 3 §4 allows only in draft or renewal
/// (category, description, season, end date, no-end-date, renewal date, clearing the company or
/// contact, the total, the lines) is refused outside them.
fn changes(
    current: &ContractContent,
    wanted: ContractContent,
    editable: bool,
) -> Result<Vec<ContractEvent>, ContractError> {
    let mut locked = Vec::new();
    let mut free = Vec::new();
    if current.category_id != wanted.category_id {
        locked.push(ContractEvent::CategoryChanged {
            category_id: wanted.category_id,
        });
    }
    if current.season_id != wanted.season_id {
        locked.push(ContractEvent::SeasonChanged {
            season_id: wanted.season_id,
        });
    }
    if current.description != wanted.description {
        locked.push(ContractEvent::DescriptionChanged {
            description: wanted.description.clone(),
        });
    }
    if (current.end_date, current.no_end_date, current.renew_date)
        != (wanted.end_date, wanted.no_end_date, wanted.renew_date)
    {
        locked.push(ContractEvent::PeriodChanged {
            end_date: wanted.end_date,
            no_end_date: wanted.no_end_date,
            renew_date: wanted.renew_date,
        });
    }
    if current.company_id != wanted.company_id {
        let event = ContractEvent::CompanyChanged {
            company_id: wanted.company_id,
        };
        if wanted.company_id.is_none() {
            locked.push(event);
        } else {
            free.push(event);
        }
    }
    if current.contact_id != wanted.contact_id {
        let event = ContractEvent::ContactChanged {
            contact_id: wanted.contact_id,
        };
        if wanted.contact_id.is_none() {
            locked.push(event);
        } else {
            free.push(event);
        }
    }
    locked.extend(line_changes(&current.lines, wanted.lines.clone()));
    if current.order_discount != wanted.order_discount {
        locked.push(ContractEvent::OrderDiscountChanged {
            order_discount: wanted.order_discount,
        });
    }
    if current.start_date != wanted.start_date {
        free.push(ContractEvent::StartDateChanged {
            start_date: wanted.start_date,
        });
    }
    if current.owner_id != wanted.owner_id {
        free.push(ContractEvent::OwnerChanged {
            owner_id: wanted.owner_id,
        });
    }
    if (
        &current.internal,
        &current.additional,
        &current.contract_description,
        &current.supplemental_description,
    ) != (
        &wanted.internal,
        &wanted.additional,
        &wanted.contract_description,
        &wanted.supplemental_description,
    ) {
        free.push(ContractEvent::NotesChanged {
            internal: wanted.internal.clone(),
            additional: wanted.additional.clone(),
            contract_description: wanted.contract_description.clone(),
            supplemental_description: wanted.supplemental_description.clone(),
        });
    }
    if current.invoicing != wanted.invoicing {
        free.push(ContractEvent::InvoicingChanged {
            invoicing: wanted.invoicing.clone(),
        });
    }
    if current.field_values != wanted.field_values {
        free.push(ContractEvent::FieldValuesChanged {
            field_values: wanted.field_values,
        });
    }
    if !editable && !locked.is_empty() {
        return Err(ContractError::NotEditable);
    }
    locked.extend(free);
    Ok(locked)
}

fn line_changes(current: &[ContractLine], wanted: Vec<ContractLine>) -> Vec<ContractEvent> {
    crate::lines::line_changes(current, wanted, |l| l.line.id)
        .into_iter()
        .map(|change| match change {
            LineChange::Removed(line_id) => ContractEvent::LineRemoved { line_id },
            LineChange::Added(line) => ContractEvent::LineAdded { line },
            LineChange::Changed(line) => ContractEvent::LineChanged { line },
            LineChange::Reordered(line_ids) => ContractEvent::LinesReordered { line_ids },
        })
        .collect()
}

impl Aggregate for Contract {
    const TYPE: &'static str = "contract";
    type Command = ContractCommand;
    type Event = ContractEvent;
    type Error = ContractError;
    type Services = ();

    async fn handle(
        &mut self,
        command: ContractCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), ContractError> {
        let events = self.decide(command)?;
        for event in events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: ContractEvent) {
        let content = &mut self.content;
        match event {
            ContractEvent::Created {
                client_id,
                number,
                created_at,
                vat,
                status,
                agreement_status,
                renewal_of,
                content: initial,
            } => {
                self.client_id = Some(client_id);
                self.number = number;
                self.created_at = Some(created_at);
                self.vat = vat;
                self.status = status;
                self.agreement_status = agreement_status;
                self.renewal_of = renewal_of;
                *content = initial;
            }
            ContractEvent::CategoryChanged { category_id } => content.category_id = category_id,
            ContractEvent::SeasonChanged { season_id } => content.season_id = season_id,
            ContractEvent::DescriptionChanged { description } => content.description = description,
            ContractEvent::NotesChanged {
                internal,
                additional,
                contract_description,
                supplemental_description,
            } => {
                content.internal = internal;
                content.additional = additional;
                content.contract_description = contract_description;
                content.supplemental_description = supplemental_description;
            }
            ContractEvent::StartDateChanged { start_date } => content.start_date = start_date,
            ContractEvent::PeriodChanged {
                end_date,
                no_end_date,
                renew_date,
            } => {
                content.end_date = end_date;
                content.no_end_date = no_end_date;
                content.renew_date = renew_date;
            }
            ContractEvent::OwnerChanged { owner_id } => content.owner_id = owner_id,
            ContractEvent::CompanyChanged { company_id } => content.company_id = company_id,
            ContractEvent::ContactChanged { contact_id } => content.contact_id = contact_id,
            ContractEvent::FieldValuesChanged { field_values } => {
                content.field_values = field_values
            }
            ContractEvent::InvoicingChanged { invoicing } => content.invoicing = invoicing,
            ContractEvent::LineAdded { line } => content.lines.push(line),
            ContractEvent::LineChanged { line } => {
                if let Some(old) = content.lines.iter_mut().find(|l| l.line.id == line.line.id) {
                    *old = line;
                }
            }
            ContractEvent::LineRemoved { line_id } => {
                content.lines.retain(|l| l.line.id != line_id)
            }
            ContractEvent::LinesReordered { line_ids } => {
                content
                    .lines
                    .sort_by_key(|l| line_ids.iter().position(|id| *id == l.line.id));
            }
            ContractEvent::OrderDiscountChanged { order_discount } => {
                content.order_discount = order_discount
            }
            ContractEvent::Approved | ContractEvent::Reactivated => {
                self.status = ContractStatus::Approved
            }
            ContractEvent::Reopened => {
                self.status = ContractStatus::Draft;
                self.awaiting_signature = false;
            }
            ContractEvent::Cancelled => {
                self.status = ContractStatus::Cancelled;
                self.awaiting_signature = false;
            }
            ContractEvent::Renewed { successor_id } => self.renewed_by = Some(successor_id),
            ContractEvent::Deleted => self.deleted = true,
            ContractEvent::AgreementStatusChanged { status } => self.agreement_status = status,
            ContractEvent::Sent { .. } => {
                if self.agreement_status != AgreementStatus::Signed {
                    self.agreement_status = AgreementStatus::Sent;
                }
            }
            ContractEvent::SentForSigning { .. } => {
                self.agreement_status = AgreementStatus::Sent;
                self.awaiting_signature = true;
            }
            ContractEvent::Signed { signing } => {
                self.agreement_status = AgreementStatus::Signed;
                self.awaiting_signature = false;
                self.signing = Some(signing);
            }
            ContractEvent::SignedCopyStored { file_id, sha256 } => {
                self.signed_copy = Some((file_id, sha256))
            }
        }
    }
}

impl Contract {
    /// The state machine: what a command means for this contract, as events, or why not.
    pub fn decide(&self, command: ContractCommand) -> Result<Vec<ContractEvent>, ContractError> {
        if let ContractCommand::Create {
            client_id,
            number,
            created_at,
            vat,
            status,
            agreement_status,
            renewal_of,
            content,
        } = command
        {
            if self.client_id.is_some() {
                return Err(ContractError::AlreadyCreated);
            }
            valid(&content)?;
            let status = if renewal_of.is_some() || status == ContractStatus::Renewal {
                ContractStatus::Renewal
            } else {
                ContractStatus::Draft
            };
            return Ok(vec![ContractEvent::Created {
                client_id,
                number,
                created_at,
                vat,
                status,
                agreement_status,
                renewal_of,
                content,
            }]);
        }
        self.exists()?;
        let status = self.status;
        let allowed = |t: Transition| status.after(t).is_some();
        let event = match command {
            ContractCommand::Create { .. } => return Err(ContractError::AlreadyCreated),
            ContractCommand::Update { content } => {
                if status == ContractStatus::Cancelled {
                    return Err(ContractError::Cancelled);
                }
                valid(&content)?;
                return changes(&self.content, content, status.is_editable());
            }
            ContractCommand::Approve => {
                if !allowed(Transition::Approve) {
                    return Err(ContractError::ApproveNotAllowed);
                }
                valid(&self.content)?;
                if self.content.lines.is_empty() {
                    return Err(ContractError::ApproveWithoutLines);
                }
                ContractEvent::Approved
            }
            ContractCommand::Reopen => {
                if !allowed(Transition::Reopen) {
                    return Err(ContractError::ReopenNotAllowed);
                }
                ContractEvent::Reopened
            }
            ContractCommand::Cancel => {
                if !allowed(Transition::Cancel) {
                    return Err(ContractError::CancelNotAllowed);
                }
                ContractEvent::Cancelled
            }
            ContractCommand::Reactivate => {
                if !allowed(Transition::Reactivate) {
                    return Err(ContractError::ReactivateNotAllowed);
                }
                ContractEvent::Reactivated
            }
            ContractCommand::Renew { successor_id } => {
                if !allowed(Transition::Renew) {
                    return Err(ContractError::RenewNotAllowed);
                }
                if self.renewed_by.is_some() {
                    return Err(ContractError::AlreadyRenewed);
                }
                ContractEvent::Renewed { successor_id }
            }
            ContractCommand::Delete => {
                if !allowed(Transition::Delete) {
                    return Err(ContractError::DeleteNotAllowed);
                }
                ContractEvent::Deleted
            }
            ContractCommand::SetAgreementStatus { status: wanted } => {
                if status == ContractStatus::Cancelled {
                    return Err(ContractError::Cancelled);
                }
                if wanted == self.agreement_status {
                    return Err(ContractError::AgreementStatusUnchanged(wanted.label()));
                }
                ContractEvent::AgreementStatusChanged { status: wanted }
            }
            ContractCommand::RecordSent { email } => ContractEvent::Sent {
                email: self.open_for_mail(&email)?,
            },
            ContractCommand::RecordSentForSigning { email } => {
                if self.agreement_status == AgreementStatus::Signed && self.signing.is_some() {
                    return Err(ContractError::AlreadySigned);
                }
                ContractEvent::SentForSigning {
                    email: self.open_for_mail(&email)?,
                }
            }
            ContractCommand::Sign { signing } => {
                if status == ContractStatus::Cancelled {
                    return Err(ContractError::Cancelled);
                }
                if !self.awaiting_signature {
                    return Err(if self.signing.is_some() {
                        ContractError::AlreadySigned
                    } else {
                        ContractError::NotSentForSigning
                    });
                }
                ContractEvent::Signed { signing }
            }
            ContractCommand::RecordSignedCopy { file_id, sha256 } => {
                if self.signing.is_none() {
                    return Err(ContractError::NotSentForSigning);
                }
                ContractEvent::SignedCopyStored { file_id, sha256 }
            }
        };
        Ok(vec![event])
    }
}

impl Tenanted for Contract {
    fn client_id(&self) -> Option<Uuid> {
        self.client_id
    }

    fn is_deleted(&self) -> bool {
        self.deleted
    }
}
