use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::InvoiceCommand;
use super::error::InvoiceError;
use super::events::InvoiceEvent;
use super::model::{InvoiceContent, InvoiceKind, InvoiceSource};
use crate::money::{Money, MAX_LINES, TOO_MANY_LINES};
use crate::selling::rules::line_errors;
use crate::selling::totals::line_nets;
use crate::selling::{order_totals, FieldError, Invoicing, InvoicingType, Totals, VatSettings};
use crate::tenancy::Tenanted;

pub const DATE_REQUIRED: &str = "Fakturadato skal udfyldes";

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InvoiceRecord")]
pub struct Invoice {
    pub client_id: Option<Uuid>,
    pub created_at: Option<DateTime<Utc>>,
    pub kind: InvoiceKind,
    pub source: Option<InvoiceSource>,
    /// A credit note: the invoice it credits.
    pub credit_of: Option<Uuid>,
    /// An invoice: the credit note that credits it.
    pub credited_by: Option<Uuid>,
    pub vat: VatSettings,
    pub invoice_date: Option<NaiveDate>,
    /// Given at booking; a draft has none.
    pub number: Option<i64>,
    pub booked_at: Option<DateTime<Utc>>,
    /// 'Bogføringsnummer' (e-conomic's booked number).
    pub external_number: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
    pub paid_on: Option<NaiveDate>,
    pub receipt_sent: bool,
    pub deleted: bool,
    #[serde(flatten)]
    pub content: InvoiceContent,
}

impl Invoice {
    pub fn is_draft(&self) -> bool {
        self.number.is_none()
    }

    pub fn due_date(&self) -> Option<NaiveDate> {
        self.content.due_date(self.invoice_date)
    }

    /// The invoice's figures; a credit note's are negative (it takes the amounts back).
    pub fn totals(&self) -> Totals {
        let invoicing = Invoicing {
            kind: self.content.rate_fee.map(|_| InvoicingType::Rates),
            rate_fee: self.content.rate_fee,
            ..Invoicing::default()
        };
        let t = order_totals(
            &self.content.lines,
            self.content.order_discount,
            &invoicing,
            self.vat,
        );
        if self.kind == InvoiceKind::Invoice {
            return t;
        }
        Totals {
            subtotal: -t.subtotal,
            discount: -t.discount,
            additional_fee: -t.additional_fee,
            vat: -t.vat,
            total: -t.total,
            pre_payment_total: -t.pre_payment_total,
            regular_total: -t.regular_total,
        }
    }

    /// What the invoice earns, by line title: each line's net (without VAT, after its share of
    /// the order discount) and the rates fee as 'Gebyr'; negative on a credit note. The sum is
    /// the invoice's total without VAT.
    pub fn revenue(&self) -> Vec<(String, Money)> {
        let sign = if self.kind == InvoiceKind::CreditNote {
            -1
        } else {
            1
        };
        let nets = line_nets(&self.content.lines, self.content.order_discount, self.vat);
        let mut revenue: Vec<(String, Money)> = self
            .content
            .lines
            .iter()
            .zip(nets)
            .map(|(line, (net, _))| (line.title.clone(), net.times(sign)))
            .collect();
        let fee = self.totals().additional_fee;
        if fee != Money::ZERO {
            revenue.push(("Gebyr".to_string(), fee));
        }
        revenue
    }

    fn exists(&self) -> Result<(), InvoiceError> {
        if self.client_id.is_none() || self.deleted {
            return Err(InvoiceError::NotFound);
        }
        Ok(())
    }

    fn booked(&self) -> Result<(), InvoiceError> {
        if self.is_draft() {
            return Err(InvoiceError::NotBooked);
        }
        Ok(())
    }

    fn email(&self, email: &str) -> Result<String, InvoiceError> {
        let email = email.trim();
        if email.is_empty() {
            return Err(InvoiceError::NoEmail);
        }
        Ok(email.to_string())
    }
}

/// The rules of an invoice's content: its lines as the order-line rules have them, and a date.
fn content_errors(content: &InvoiceContent, invoice_date: Option<NaiveDate>) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if invoice_date.is_none() {
        errors.push(FieldError::new("invoiceDate", DATE_REQUIRED));
    }
    if content.lines.len() > MAX_LINES {
        errors.push(FieldError::new("lines", TOO_MANY_LINES));
        return errors;
    }
    errors.extend(
        content
            .lines
            .iter()
            .enumerate()
            .flat_map(|(i, l)| line_errors(i, l))
            .map(|e| FieldError::new(e.field.replacen("orderLines.", "lines.", 1), e.message)),
    );
    if content.order_discount.is_negative() {
        errors.push(FieldError::new(
            "orderDiscount",
            "Rabatten kan ikke være negativ",
        ));
    }
    errors
}

impl Aggregate for Invoice {
    const TYPE: &'static str = "invoice";
    type Command = InvoiceCommand;
    type Event = InvoiceEvent;
    type Error = InvoiceError;
    type Services = ();

    async fn handle(
        &mut self,
        command: InvoiceCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), InvoiceError> {
        let events = self.decide(command)?;
        for event in events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: InvoiceEvent) {
        match event {
            InvoiceEvent::Created {
                client_id,
                created_at,
                vat,
                kind,
                source,
                credit_of,
                invoice_date,
                content,
            } => {
                self.client_id = Some(client_id);
                self.created_at = Some(created_at);
                self.vat = vat;
                self.kind = kind;
                self.source = source;
                self.credit_of = credit_of;
                self.invoice_date = invoice_date;
                self.content = *content;
            }
            InvoiceEvent::DateChanged { invoice_date } => self.invoice_date = invoice_date,
            InvoiceEvent::Booked { number, booked_at } => {
                self.number = Some(number);
                self.booked_at = Some(booked_at);
            }
            InvoiceEvent::ExternalNumberSet { external_number } => {
                self.external_number = external_number
            }
            InvoiceEvent::Sent { at, .. } | InvoiceEvent::MarkedSent { at } => {
                self.sent_at = Some(at)
            }
            InvoiceEvent::Paid { paid_on } => self.paid_on = Some(paid_on),
            InvoiceEvent::ReceiptSent { .. } => self.receipt_sent = true,
            InvoiceEvent::Credited { credit_note_id } => self.credited_by = Some(credit_note_id),
            InvoiceEvent::Deleted => self.deleted = true,
        }
    }
}

impl Invoice {
    /// The state machine (spec 3 §4 Invoice): what a command means for this invoice, or why not.
    pub fn decide(&self, command: InvoiceCommand) -> Result<Vec<InvoiceEvent>, InvoiceError> {
        if let InvoiceCommand::Create {
            client_id,
            created_at,
            vat,
            kind,
            source,
            credit_of,
            invoice_date,
            content,
        } = command
        {
            if self.client_id.is_some() {
                return Err(InvoiceError::AlreadyCreated);
            }
            let errors = content_errors(&content, invoice_date);
            if !errors.is_empty() {
                return Err(InvoiceError::Invalid(errors));
            }
            if kind == InvoiceKind::CreditNote && credit_of.is_none() {
                return Err(InvoiceError::Invalid(vec![FieldError::new(
                    "creditOf",
                    "En kreditnota skal henvise til den faktura, den krediterer",
                )]));
            }
            return Ok(vec![InvoiceEvent::Created {
                client_id,
                created_at,
                vat,
                kind,
                source,
                credit_of,
                invoice_date,
                content,
            }]);
        }
        self.exists()?;
        let event = match command {
            InvoiceCommand::Create { .. } => return Err(InvoiceError::AlreadyCreated),
            InvoiceCommand::ChangeDate { invoice_date } => {
                if !self.is_draft() {
                    return Err(InvoiceError::DateOnlyDraft);
                }
                if invoice_date.is_none() {
                    return Err(InvoiceError::Invalid(vec![FieldError::new(
                        "invoiceDate",
                        DATE_REQUIRED,
                    )]));
                }
                InvoiceEvent::DateChanged { invoice_date }
            }
            InvoiceCommand::Book { number, booked_at } => {
                if !self.is_draft() {
                    return Err(InvoiceError::AlreadyBooked);
                }
                if self.invoice_date.is_none() {
                    return Err(InvoiceError::Invalid(vec![FieldError::new(
                        "invoiceDate",
                        DATE_REQUIRED,
                    )]));
                }
                InvoiceEvent::Booked { number, booked_at }
            }
            InvoiceCommand::SetExternalNumber { external_number } => {
                if self.is_draft() {
                    return Err(InvoiceError::ExternalNumberOnlyBooked);
                }
                InvoiceEvent::ExternalNumberSet {
                    external_number: external_number
                        .map(|n| n.trim().to_string())
                        .filter(|n| !n.is_empty()),
                }
            }
            InvoiceCommand::RecordSent { email, at } => {
                self.booked()?;
                InvoiceEvent::Sent {
                    email: self.email(&email)?,
                    at,
                }
            }
            InvoiceCommand::MarkSent { at } => {
                self.booked()?;
                if self.sent_at.is_some() {
                    return Err(InvoiceError::AlreadySent);
                }
                InvoiceEvent::MarkedSent { at }
            }
            InvoiceCommand::MarkPaid { paid_on } => {
                self.booked()?;
                if self.paid_on.is_some() {
                    return Err(InvoiceError::AlreadyPaid);
                }
                InvoiceEvent::Paid { paid_on }
            }
            InvoiceCommand::RecordReceiptSent { email } => {
                if self.paid_on.is_none() {
                    return Err(InvoiceError::ReceiptNotPaid);
                }
                InvoiceEvent::ReceiptSent {
                    email: self.email(&email)?,
                }
            }
            InvoiceCommand::RecordCredited { credit_note_id } => {
                if self.kind == InvoiceKind::CreditNote {
                    return Err(InvoiceError::CreditCreditNote);
                }
                if self.is_draft() {
                    return Err(InvoiceError::CreditDraft);
                }
                if self.credited_by.is_some() {
                    return Err(InvoiceError::AlreadyCredited);
                }
                InvoiceEvent::Credited { credit_note_id }
            }
            InvoiceCommand::Delete => {
                if !self.is_draft() {
                    return Err(InvoiceError::DeleteBooked);
                }
                InvoiceEvent::Deleted
            }
        };
        Ok(vec![event])
    }

    /// The content of the credit note for this booked invoice: the same customer and lines
    /// (the note's kind makes its amounts negative), described as crediting this number.
    pub fn credit_note_content(&self) -> InvoiceContent {
        let mut content = self.content.clone();
        let mut renamed = Vec::with_capacity(content.lines.len());
        for line in &mut content.lines {
            let new = Uuid::new_v4();
            renamed.push((line.id, new));
            line.id = new;
        }
        content.printing = content.printing.renamed(&renamed);
        content.description = Some(match self.number {
            Some(n) => format!("Kreditnota for faktura nr. {n}"),
            None => "Kreditnota".to_string(),
        });
        content
    }
}

impl Tenanted for Invoice {
    fn client_id(&self) -> Option<Uuid> {
        self.client_id
    }

    fn is_deleted(&self) -> bool {
        self.deleted
    }
}
