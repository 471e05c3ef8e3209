use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::{OrderCommand, OrderContent};
use super::error::OrderError;
use super::events::OrderEvent;
use super::rules::{content_errors, says_who_or_what, ORDER_NEEDS_SOMEONE_OR_SOMETHING};
use super::{CardPayment, Delivery, DeskPayment, OrderLine, OrderStatus, PaymentStatus};
use crate::lines::LineChange;
use crate::selling::totals::{order_totals, Totals, VatSettings};
use crate::selling::FieldError;
use crate::tenancy::Tenanted;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "OrderRecord")]
pub struct Order {
    pub client_id: Option<Uuid>,
    pub number: i64,
    pub created_at: Option<DateTime<Utc>>,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub vat: VatSettings,
    pub is_pos: bool,
    pub deleted: bool,
    /// The card payment the provider reported, once there is one.
    #[serde(default)]
    pub card_payment: Option<CardPayment>,
    /// How a point-of-sale order was paid at the desk.
    #[serde(default)]
    pub desk_payment: Option<DeskPayment>,
    /// Where a web-shop order's products go (chosen at checkout).
    #[serde(default)]
    pub delivery: Option<Delivery>,
    #[serde(flatten)]
    pub content: OrderContent,
}

impl Order {
    pub fn totals(&self) -> Totals {
        order_totals(
            &self.content.lines,
            self.content.order_discount,
            &self.content.invoicing,
            self.vat,
        )
    }

    fn exists(&self) -> Result<(), OrderError> {
        if self.client_id.is_none() || self.deleted {
            return Err(OrderError::NotFound);
        }
        Ok(())
    }

    fn email(&self) -> Result<String, OrderError> {
        let email = self.content.customer.email.trim();
        if email.is_empty() {
            return Err(OrderError::NoEmail);
        }
        Ok(email.to_string())
    }
}

/// The events that take `current` to `wanted`; parts that may only change in draft are refused
/// outside it.
fn changes(
    current: &OrderContent,
    wanted: OrderContent,
    editable: bool,
) -> Result<Vec<OrderEvent>, OrderError> {
    let mut locked = Vec::new();
    let mut free = Vec::new();
    if current.customer != wanted.customer {
        locked.push(OrderEvent::CustomerChanged {
            customer: wanted.customer,
        });
    }
    if current.company_id != wanted.company_id {
        locked.push(OrderEvent::CompanyChanged {
            company_id: wanted.company_id,
        });
    }
    if current.contact_id != wanted.contact_id {
        locked.push(OrderEvent::ContactChanged {
            contact_id: wanted.contact_id,
        });
    }
    if current.contract_id != wanted.contract_id {
        locked.push(OrderEvent::ContractLinked {
            contract_id: wanted.contract_id,
        });
    }
    if current.category_id != wanted.category_id {
        locked.push(OrderEvent::CategoryChanged {
            category_id: wanted.category_id,
        });
    }
    if current.invoicing != wanted.invoicing {
        locked.push(OrderEvent::InvoicingChanged {
            invoicing: wanted.invoicing,
        });
    }
    locked.extend(line_changes(&current.lines, wanted.lines));
    if current.order_discount != wanted.order_discount {
        locked.push(OrderEvent::OrderDiscountChanged {
            order_discount: wanted.order_discount,
        });
    }
    if (&current.description, &current.internal, &current.additional)
        != (&wanted.description, &wanted.internal, &wanted.additional)
    {
        free.push(OrderEvent::NotesChanged {
            description: wanted.description,
            internal: wanted.internal,
            additional: wanted.additional,
        });
    }
    if current.field_values != wanted.field_values {
        free.push(OrderEvent::FieldValuesChanged {
            field_values: wanted.field_values,
        });
    }
    if current.extra_info != wanted.extra_info {
        free.push(OrderEvent::ExtraInfoChanged {
            extra_info: wanted.extra_info,
        });
    }
    if !editable && !locked.is_empty() {
        return Err(OrderError::NotEditable);
    }
    locked.extend(free);
    Ok(locked)
}

fn line_changes(current: &[OrderLine], wanted: Vec<OrderLine>) -> Vec<OrderEvent> {
    crate::lines::line_changes(current, wanted, |l| l.id)
        .into_iter()
        .map(|change| match change {
            LineChange::Removed(line_id) => OrderEvent::LineRemoved { line_id },
            LineChange::Added(line) => OrderEvent::LineAdded { line },
            LineChange::Changed(line) => OrderEvent::LineChanged { line },
            LineChange::Reordered(line_ids) => OrderEvent::LinesReordered { line_ids },
        })
        .collect()
}

fn valid(content: &OrderContent) -> Result<(), OrderError> {
    let errors = content_errors(&content.lines, content.order_discount, &content.invoicing);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(OrderError::Invalid(errors))
    }
}

impl Aggregate for Order {
    const TYPE: &'static str = "order";
    type Command = OrderCommand;
    type Event = OrderEvent;
    type Error = OrderError;
    type Services = ();

    async fn handle(
        &mut self,
        command: OrderCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), OrderError> {
        let events = self.decide(command)?;
        for event in events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: OrderEvent) {
        let content = &mut self.content;
        match event {
            OrderEvent::Created {
                client_id,
                number,
                created_at,
                vat,
                status,
                is_pos,
                content: initial,
            } => {
                self.client_id = Some(client_id);
                self.number = number;
                self.created_at = Some(created_at);
                self.vat = vat;
                self.status = status;
                self.is_pos = is_pos;
                *content = initial;
            }
            OrderEvent::CustomerChanged { customer } => content.customer = customer,
            OrderEvent::NotesChanged {
                description,
                internal,
                additional,
            } => {
                content.description = description;
                content.internal = internal;
                content.additional = additional;
            }
            OrderEvent::CompanyChanged { company_id } => content.company_id = company_id,
            OrderEvent::ContactChanged { contact_id } => content.contact_id = contact_id,
            OrderEvent::ContractLinked { contract_id } => content.contract_id = contract_id,
            OrderEvent::CategoryChanged { category_id } => content.category_id = category_id,
            OrderEvent::FieldValuesChanged { field_values } => content.field_values = field_values,
            OrderEvent::ExtraInfoChanged { extra_info } => content.extra_info = extra_info,
            OrderEvent::InvoicingChanged { invoicing } => content.invoicing = invoicing,
            OrderEvent::LineAdded { line } => content.lines.push(line),
            OrderEvent::LineChanged { line } => {
                if let Some(old) = content.lines.iter_mut().find(|l| l.id == line.id) {
                    *old = line;
                }
            }
            OrderEvent::LineRemoved { line_id } => content.lines.retain(|l| l.id != line_id),
            OrderEvent::LinesReordered { line_ids } => {
                content
                    .lines
                    .sort_by_key(|l| line_ids.iter().position(|id| *id == l.id));
            }
            OrderEvent::OrderDiscountChanged { order_discount } => {
                content.order_discount = order_discount
            }
            OrderEvent::ProcessingStarted => self.status = OrderStatus::Processing,
            OrderEvent::Approved => self.status = OrderStatus::Approved,
            OrderEvent::Reopened => self.status = OrderStatus::Draft,
            OrderEvent::Cancelled => self.status = OrderStatus::Cancelled,
            OrderEvent::Deleted => self.deleted = true,
            OrderEvent::PaymentStatusChanged { status } => self.payment_status = status,
            OrderEvent::PaymentCaptured => {
                self.payment_status = PaymentStatus::Paid;
                if let Some(payment) = &mut self.card_payment {
                    payment.authorized_only = false;
                }
            }
            OrderEvent::CardPaymentRecorded { payment } => {
                self.payment_status = if payment.authorized_only {
                    PaymentStatus::Authorized
                } else {
                    PaymentStatus::Paid
                };
                self.card_payment = Some(payment);
            }
            OrderEvent::PaymentRefunded { .. } => self.payment_status = PaymentStatus::Refunded,
            OrderEvent::PaymentVoided => self.payment_status = PaymentStatus::Cancelled,
            OrderEvent::DeliveryChosen { delivery } => self.delivery = delivery,
            OrderEvent::DeskPaymentRecorded { method } => {
                self.desk_payment = Some(method);
                if method.paid_now() {
                    self.payment_status = PaymentStatus::Paid;
                }
            }
            OrderEvent::PaymentLinkSent { .. } | OrderEvent::ConfirmationSent { .. } => {}
        }
    }
}

impl Order {
    /// The state machine: what a command means for this order, as events, or why not.
    pub fn decide(&self, command: OrderCommand) -> Result<Vec<OrderEvent>, OrderError> {
        if let OrderCommand::Create {
            client_id,
            number,
            created_at,
            vat,
            status,
            is_pos,
            content,
        } = command
        {
            if self.client_id.is_some() {
                return Err(OrderError::AlreadyCreated);
            }
            valid(&content)?;
            if status != OrderStatus::Cart && !says_who_or_what(&content) {
                return Err(OrderError::Invalid(vec![FieldError::new(
                    "firstname",
                    ORDER_NEEDS_SOMEONE_OR_SOMETHING,
                )]));
            }
            let status = if status == OrderStatus::Cart {
                OrderStatus::Cart
            } else {
                OrderStatus::Draft
            };
            return Ok(vec![OrderEvent::Created {
                client_id,
                number,
                created_at,
                vat,
                status,
                is_pos,
                content,
            }]);
        }
        self.exists()?;
        let status = self.status;
        let event = match command {
            OrderCommand::Create { .. } => return Err(OrderError::AlreadyCreated),
            OrderCommand::Update { content } => {
                if status.is_editable() {
                    valid(&content)?;
                }
                return changes(&self.content, content, status.is_editable());
            }
            OrderCommand::Process => match status {
                OrderStatus::Cart | OrderStatus::Draft => OrderEvent::ProcessingStarted,
                _ => return Err(OrderError::NotEditable),
            },
            OrderCommand::Approve => {
                if status != OrderStatus::Draft {
                    return Err(OrderError::ApproveOnlyDraft);
                }
                valid(&self.content)?;
                if self.content.lines.is_empty() {
                    return Err(OrderError::ApproveWithoutLines);
                }
                OrderEvent::Approved
            }
            OrderCommand::Reopen => match status {
                OrderStatus::Processing | OrderStatus::Approved => OrderEvent::Reopened,
                _ => return Err(OrderError::ReopenOnlyProcessingOrApproved),
            },
            OrderCommand::Cancel => match status {
                OrderStatus::Draft | OrderStatus::Cancelled => {
                    return Err(OrderError::CancelNotAllowed)
                }
                _ => OrderEvent::Cancelled,
            },
            OrderCommand::Delete => match status {
                OrderStatus::Draft | OrderStatus::Cancelled => OrderEvent::Deleted,
                _ => return Err(OrderError::DeleteNotAllowed),
            },
            OrderCommand::SetPaymentStatus { status: wanted } => {
                if wanted == self.payment_status {
                    return Err(OrderError::PaymentStatusUnchanged(wanted.label()));
                }
                OrderEvent::PaymentStatusChanged { status: wanted }
            }
            OrderCommand::CapturePayment => {
                if self.payment_status != PaymentStatus::Authorized {
                    return Err(OrderError::CaptureOnlyAuthorized);
                }
                OrderEvent::PaymentCaptured
            }
            OrderCommand::RecordCardPayment { payment } => {
                return record_card_payment(
                    self.card_payment.as_ref(),
                    self.payment_status,
                    payment,
                )
            }
            OrderCommand::SetDelivery { delivery } => {
                if delivery == self.delivery {
                    return Ok(Vec::new());
                }
                if !status.is_editable() {
                    return Err(OrderError::NotEditable);
                }
                OrderEvent::DeliveryChosen { delivery }
            }
            OrderCommand::RecordRefund { amount } => {
                if self.payment_status != PaymentStatus::Paid {
                    return Err(OrderError::RefundOnlyPaid);
                }
                OrderEvent::PaymentRefunded { amount }
            }
            OrderCommand::RecordVoid => {
                if self.payment_status != PaymentStatus::Authorized {
                    return Err(OrderError::VoidOnlyAuthorized);
                }
                OrderEvent::PaymentVoided
            }
            OrderCommand::RecordPaymentLinkSent => {
                if status == OrderStatus::Cancelled {
                    return Err(OrderError::Cancelled);
                }
                if matches!(
                    self.payment_status,
                    PaymentStatus::Paid | PaymentStatus::Authorized
                ) {
                    return Err(OrderError::AlreadyPaid);
                }
                OrderEvent::PaymentLinkSent {
                    email: self.email()?,
                }
            }
            OrderCommand::RecordDeskPayment { method } => {
                if !self.is_pos {
                    return Err(OrderError::NotPointOfSale);
                }
                if self.desk_payment.is_some() {
                    return Err(OrderError::DeskPaymentRecorded);
                }
                OrderEvent::DeskPaymentRecorded { method }
            }
            OrderCommand::RecordConfirmationSent => {
                if status == OrderStatus::Cancelled {
                    return Err(OrderError::Cancelled);
                }
                OrderEvent::ConfirmationSent {
                    email: self.email()?,
                }
            }
        };
        Ok(vec![event])
    }
}

impl Tenanted for Order {
    fn client_id(&self) -> Option<Uuid> {
        self.client_id
    }

    fn is_deleted(&self) -> bool {
        self.deleted
    }
}

/// A provider's report of a card payment. The same payment reported again changes nothing (a
/// webhook and the payer's return both report it, and deliveries repeat); a reservation later
/// reported paid was captured at the provider; another payment of an order already authorized
/// or paid is refused, so an order is never paid twice.
fn record_card_payment(
    current: Option<&CardPayment>,
    status: PaymentStatus,
    payment: CardPayment,
) -> Result<Vec<OrderEvent>, OrderError> {
    if let Some(current) = current.filter(|c| c.reference == payment.reference) {
        let captured_since = current.authorized_only && !payment.authorized_only;
        return Ok(if captured_since && status == PaymentStatus::Authorized {
            vec![OrderEvent::PaymentCaptured]
        } else {
            vec![]
        });
    }
    if matches!(status, PaymentStatus::Authorized | PaymentStatus::Paid) {
        return Err(OrderError::AlreadyPaid);
    }
    Ok(vec![OrderEvent::CardPaymentRecorded { payment }])
}
