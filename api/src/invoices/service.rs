//! The Invoice's application service (STYLE.md): every write is one club transaction. Invoices
//! are made from an approved order (its invoicing method) or from a contract's invoicing plan
//! (its next due invoice), booked with the club's next number, credited by a credit note, and
//! marked sent or paid. Orders and contracts are read as their aggregates (the domain's types);
//! the invoices area owns its routes under `/api/orders/invoice` and `/api/contracts/invoice` too.

use chrono::{NaiveDate, Utc};
use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use tribune_domain::contract::{Contract, ContractStatus};
use tribune_domain::invoice::printing::{part_key, split_by_group, GroupPrinting, LinePrinting};
use tribune_domain::invoice::{
    Invoice, InvoiceCommand, InvoiceContent, InvoiceCustomer, InvoiceError, InvoiceKind,
    InvoiceSource, Printing,
};
use tribune_domain::money::Money;
use tribune_domain::order::{InvoicingType, Order, OrderLine, OrderStatus};
use tribune_domain::selling::totals::lines_total;
use tribune_domain::subscription::Subscription;
use tribune_projections::db::club_tx;
use tribune_projections::invoice::queries::{made_plan_keys, PlanOf};
use tribune_projections::store::{CommandBus, CommandError};
use uuid::Uuid;

use super::{document, economic};
use crate::error::{rule_errors, ApiError};
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::mail::invoices as invoice_mails;
use crate::mail::Attachment;
use crate::state::AppState;
use crate::storage::Storage;

pub const CONFLICT: &str =
    "Fakturaen er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.";

/// Days to pay when nothing else is agreed.
pub const PAYMENT_TERMS_DAYS: u32 = 14;

pub struct InvoiceService<'a> {
    pool: &'a PgPool,
    storage: &'a Storage,
    bus: &'a CommandBus<Invoice>,
    orders: &'a CommandBus<Order>,
    contracts: &'a CommandBus<Contract>,
}

/// One period of a subscription, charged and to be invoiced as paid.
pub struct PaidPeriod<'p> {
    pub subscription_id: Uuid,
    pub subscription: &'p Subscription,
    pub period: &'p str,
    pub paid_on: NaiveDate,
}

impl<'a> InvoiceService<'a> {
    pub fn of(state: &'a AppState) -> Self {
        InvoiceService {
            pool: &state.pool,
            storage: &state.storage,
            bus: &state.invoices,
            orders: &state.orders,
            contracts: &state.contracts,
        }
    }

    /// One invoice of the club at its current version.
    pub async fn load(&self, client_id: Uuid, id: Uuid) -> Result<(Invoice, usize), ApiError> {
        self.bus
            .load_live(client_id, &id.to_string())
            .await
            .map_err(ApiError::from)?
            .ok_or(ApiError::NotFound)
    }

    #[allow(clippy::too_many_arguments)]
    async fn create_in(
        &self,
        tx: &mut Transaction<'static, Postgres>,
        actor: &Actor,
        kind: InvoiceKind,
        source: Option<InvoiceSource>,
        credit_of: Option<Uuid>,
        invoice_date: Option<NaiveDate>,
        vat: tribune_domain::order::VatSettings,
        content: InvoiceContent,
    ) -> Result<Uuid, ApiError> {
        let id = Uuid::new_v4();
        self.bus
            .execute_in(
                tx,
                actor.client_id,
                &id.to_string(),
                InvoiceCommand::Create {
                    client_id: actor.client_id,
                    created_at: Utc::now(),
                    vat,
                    kind,
                    source,
                    credit_of,
                    invoice_date,
                    content: Box::new(content),
                },
                actor.metadata("invoice.create"),
                Some(0),
            )
            .await
            .map_err(refused)?;
        Ok(id)
    }

    /// 'Opret faktura' on an approved order: by its invoicing method, the prepaid lines as a
    /// prepayment invoice on the prepayment date and the rest on the invoice date (with the rate
    /// fee for rates). Each is made once: asking again makes only what is missing.
    pub async fn invoice_order(
        &self,
        actor: &Actor,
        order_id: Uuid,
    ) -> Result<Vec<Uuid>, ApiError> {
        let (order, _) = self
            .orders
            .load_live(actor.client_id, &order_id.to_string())
            .await
            .map_err(ApiError::from)?
            .ok_or(ApiError::NotFound)?;
        if order.status != OrderStatus::Approved {
            return Err(ApiError::invalid("Kun en godkendt ordre kan faktureres"));
        }
        let invoicing = &order.content.invoicing;
        let Some(kind) = invoicing.kind else {
            return Err(ApiError::invalid(
                "Ordren har ingen faktureringsmetode. Vælg en under Fakturering.",
            ));
        };
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let customer = order_customer(&mut tx, &order).await?;
        let (prepaid, regular): (Vec<OrderLine>, Vec<OrderLine>) = order
            .content
            .lines
            .iter()
            .cloned()
            .partition(|l| l.pre_payment);
        let mut parts = Vec::new();
        if !prepaid.is_empty() && invoicing.pre_payment_date.is_some() {
            parts.push(("prepayment", invoicing.pre_payment_date, prepaid, None));
        }
        let rest = if parts.is_empty() {
            order.content.lines.clone()
        } else {
            regular
        };
        if !rest.is_empty() {
            let fee = (kind == InvoicingType::Rates)
                .then_some(invoicing.rate_fee)
                .flatten();
            parts.push(("single", invoicing.invoice_date, rest, fee));
        }
        let description = invoice_description(&mut tx, actor.client_id).await?;
        // 'Delte betalinger': each part on one invoice per invoice group of its lines (when its
        // lines are of more than one), the order discount shared over them by their totals.
        let printing = if invoicing.split_payments {
            printing_of(&mut tx, actor.client_id, &order.content.lines).await?
        } else {
            Printing::default()
        };
        let mut pieces: Vec<OrderPiece> = Vec::new();
        for (key, date, lines, fee) in parts {
            match split_by_group(&lines, &printing) {
                groups if groups.len() > 1 => pieces.extend(
                    groups
                        .into_iter()
                        .map(|(group, lines)| (key, part_key(key, group), date, lines, fee)),
                ),
                _ => pieces.push((key, key.to_string(), date, lines, fee)),
            }
        }
        let discounts: Vec<Money> = if invoicing.split_payments {
            let weights: Vec<Money> = pieces
                .iter()
                .map(|(_, _, _, lines, _)| lines_total(lines))
                .collect();
            order.content.order_discount.share(&weights)
        } else {
            let last = pieces.len().saturating_sub(1);
            (0..pieces.len())
                .map(|i| {
                    if i == last {
                        order.content.order_discount
                    } else {
                        Money::ZERO
                    }
                })
                .collect()
        };
        // A part is made once, whole or split (the pieces of one in one transaction), also
        // when 'Delte betalinger' was changed since.
        let done = made_plan_keys(&mut tx, PlanOf::Order(order_id)).await?;
        let mut made = Vec::new();
        for ((whole, key, date, lines, fee), discount) in pieces.into_iter().zip(discounts) {
            if done.iter().any(|k| k == whole) {
                continue;
            }
            let lines = renumbered(lines);
            let content = InvoiceContent {
                customer: customer.clone(),
                description: description.clone(),
                printing: printing_of(&mut tx, actor.client_id, &lines).await?,
                lines,
                order_discount: discount,
                rate_fee: fee,
                payment_terms_days: PAYMENT_TERMS_DAYS,
            };
            let id = self
                .create_in(
                    &mut tx,
                    actor,
                    InvoiceKind::Invoice,
                    Some(InvoiceSource::Order { order_id, key }),
                    None,
                    date,
                    order.vat,
                    content,
                )
                .await?;
            made.push(id);
        }
        if made.is_empty() {
            return Err(ApiError::invalid("Ordren er allerede faktureret"));
        }
        tx.commit().await?;
        Ok(made)
    }

    /// 'Opret faktura' on an approved contract: the next invoice of its plan that is not made
    /// yet, whatever its date (the daily job makes those that have fallen due).
    pub async fn invoice_contract(
        &self,
        actor: &Actor,
        contract_id: Uuid,
    ) -> Result<Uuid, ApiError> {
        let far = NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or_default();
        let made = self
            .invoice_contract_until(actor, contract_id, far, 1)
            .await?;
        made.into_iter()
            .next()
            .ok_or_else(|| ApiError::invalid("Aftalen har ingen flere fakturaer at oprette"))
    }

    /// The invoices of a contract's plan due up to `day` and not made yet (at most `max`), as
    /// drafts, in one transaction. A key already made is never made twice: the plan skips it,
    /// and a unique index refuses a second one made at the same moment.
    pub async fn invoice_contract_until(
        &self,
        actor: &Actor,
        contract_id: Uuid,
        day: NaiveDate,
        max: usize,
    ) -> Result<Vec<Uuid>, ApiError> {
        let (contract, _) = self
            .contracts
            .load_live(actor.client_id, &contract_id.to_string())
            .await
            .map_err(ApiError::from)?
            .ok_or(ApiError::NotFound)?;
        if contract.status != ContractStatus::Approved {
            return Err(ApiError::invalid("Kun en godkendt aftale kan faktureres"));
        }
        if contract.content.invoicing.kind.is_none() {
            return Err(ApiError::invalid(
                "Aftalen har ingen faktureringsmetode. Vælg en under Fakturering.",
            ));
        }
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        // A key made whole or in parts ('Delte betalinger') is made.
        let made = made_plan_keys(&mut tx, PlanOf::Contract(contract_id)).await?;
        let end = if contract.content.no_end_date {
            None
        } else {
            contract.content.end_date
        };
        let plan = &contract.content.invoicing;
        let due = plan.due_up_to(contract.plan_totals(), end, day, &made);
        let customer = contract_customer(&mut tx, &contract).await?;
        let description = invoice_description(&mut tx, actor.client_id).await?;
        let (title, sku) = contract_product(&mut tx, &contract).await?;
        let lines: Vec<OrderLine> = contract
            .content
            .lines
            .iter()
            .map(|l| l.line.clone())
            .collect();
        let printing = if plan.split_payments {
            printing_of(&mut tx, actor.client_id, &lines).await?
        } else {
            Printing::default()
        };
        // Whether a prepayment invoice takes the prepaid lines (the rest is what the others cover).
        let prepaid_apart = contract.plan_totals().pre_payment_total > Money::ZERO
            && plan.pre_payment_date.is_some();
        let mut ids = Vec::new();
        for due in due.into_iter().take(max) {
            let kind = due.key.split(':').next().unwrap_or("");
            let label = match kind {
                "prepayment" => "forudbetaling",
                "recurring" => "løbende",
                "period" => "periode",
                _ => "faktura",
            };
            // 'Delte betalinger': one invoice per invoice group of the lines the due invoice
            // covers, each for its group's share of the amount (by the lines' totals).
            let covered: Vec<OrderLine> = lines
                .iter()
                .filter(|l| match kind {
                    "prepayment" => l.pre_payment,
                    _ => !prepaid_apart || !l.pre_payment,
                })
                .cloned()
                .collect();
            let groups = split_by_group(&covered, &printing);
            let pieces: Vec<(String, String, Option<String>, Money)> = if groups.len() > 1 {
                let weights: Vec<Money> =
                    groups.iter().map(|(_, lines)| lines_total(lines)).collect();
                groups
                    .iter()
                    .zip(due.amount.share(&weights))
                    .map(|((group, _), amount)| {
                        let named =
                            group.and_then(|id| printing.groups.iter().find(|g| g.id == id));
                        (
                            part_key(&due.key, *group),
                            named.map_or_else(|| title.clone(), |g| g.title.clone()),
                            named.map_or_else(|| sku.clone(), |g| g.sku.clone()),
                            amount,
                        )
                    })
                    .collect()
            } else {
                vec![(due.key.clone(), title.clone(), sku.clone(), due.amount)]
            };
            for (plan_key, title, sku, amount) in pieces {
                // One line per due invoice, named by the contract's category (what the revenue
                // charts and the accounting product go by) or its part's invoice group, the
                // period in its description.
                let line = OrderLine {
                    id: Uuid::new_v4(),
                    title,
                    sku,
                    description: Some(format!(
                        "Aftale #{}, {label} {}",
                        contract.number,
                        due.date.format("%d-%m-%Y")
                    )),
                    kind: Some("category".into()),
                    price: amount,
                    amount: 1,
                    ..OrderLine::default()
                };
                let content = InvoiceContent {
                    customer: customer.clone(),
                    description: description.clone(),
                    lines: vec![line],
                    order_discount: Money::ZERO,
                    rate_fee: None,
                    payment_terms_days: PAYMENT_TERMS_DAYS,
                    printing: Printing::default(),
                };
                let id = self
                    .create_in(
                        &mut tx,
                        actor,
                        InvoiceKind::Invoice,
                        Some(InvoiceSource::Contract {
                            contract_id,
                            plan_key,
                        }),
                        None,
                        Some(due.date),
                        contract.vat,
                        content,
                    )
                    .await?;
                ids.push(id);
            }
        }
        if ids.is_empty() && max == 1 {
            return Err(ApiError::invalid(
                "Aftalen har ingen flere fakturaer at oprette",
            ));
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// The invoice of a subscription's charged period, in the caller's transaction (the one that
    /// records the charge): made from the subscription's lines, booked with the club's next
    /// number (and booked in e-conomic by a job when the club uses it) and marked paid.
    pub async fn invoice_paid_period(
        &self,
        tx: &mut Transaction<'static, Postgres>,
        actor: &Actor,
        paid: PaidPeriod<'_>,
    ) -> Result<Uuid, ApiError> {
        let s = paid.subscription;
        let fallback = (
            format!(
                "{} {}",
                s.content.customer.firstname, s.content.customer.lastname
            )
            .trim()
            .to_string(),
            Some(s.content.customer.email.clone()).filter(|e| !e.trim().is_empty()),
        );
        let mut customer = customer(
            &mut *tx,
            s.content.company_id,
            s.content.contact_id,
            fallback,
        )
        .await?;
        // The subscriber's own e-mail (the public contact form) gets the receipts.
        if !s.content.customer.email.trim().is_empty() {
            customer.email = Some(s.content.customer.email.trim().to_string());
        }
        let description = invoice_description(&mut *tx, actor.client_id).await?;
        let period_text = NaiveDate::parse_from_str(paid.period, "%Y-%m-%d")
            .map(|d| d.format("%d-%m-%Y").to_string())
            .unwrap_or_else(|_| paid.period.to_string());
        let mut lines = renumbered(s.content.lines.clone());
        for line in &mut lines {
            line.description = Some(format!(
                "Abonnement #{}, periode fra {period_text}",
                s.number
            ));
        }
        let content = InvoiceContent {
            customer,
            description,
            printing: printing_of(&mut *tx, actor.client_id, &lines).await?,
            lines,
            order_discount: s.content.order_discount,
            rate_fee: None,
            payment_terms_days: PAYMENT_TERMS_DAYS,
        };
        let id = self
            .create_in(
                tx,
                actor,
                InvoiceKind::Invoice,
                Some(InvoiceSource::Subscription {
                    subscription_id: paid.subscription_id,
                    period: paid.period.to_string(),
                }),
                None,
                Some(paid.paid_on),
                s.vat,
                content,
            )
            .await?;
        let number = next_number(&mut *tx, actor.client_id).await?;
        self.run(
            tx,
            actor,
            id,
            None,
            InvoiceCommand::Book {
                number,
                booked_at: Utc::now(),
            },
            "invoice.book",
        )
        .await?;
        self.run(
            tx,
            actor,
            id,
            None,
            InvoiceCommand::MarkPaid {
                paid_on: paid.paid_on,
            },
            "invoice.paid",
        )
        .await?;
        if economic::club_settings(&mut *tx, actor.client_id)
            .await?
            .is_some()
        {
            enqueue(
                &mut *tx,
                NewJob {
                    client_id: Some(actor.client_id),
                    description: format!("Bogfør faktura #{number} i e-conomic"),
                    method: JobMethod::BookInvoice {
                        client_id: actor.client_id,
                        invoice_id: id,
                    },
                    collection: Some("invoices".into()),
                    relation_id: Some(id.to_string()),
                    created_by: actor.user_id,
                },
            )
            .await?;
        }
        Ok(id)
    }

    /// 'Godkend': the club's next number, in the transaction that books it.
    pub async fn book(
        &self,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
    ) -> Result<Invoice, ApiError> {
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let (current, _) = self.load(actor.client_id, id).await?;
        if !current.is_draft() {
            return Err(refused(CommandError::Domain(InvoiceError::AlreadyBooked)));
        }
        let number = next_number(&mut tx, actor.client_id).await?;
        let invoice = self
            .run(
                &mut tx,
                actor,
                id,
                version,
                InvoiceCommand::Book {
                    number,
                    booked_at: Utc::now(),
                },
                "invoice.book",
            )
            .await?;
        // Booked in e-conomic too, by a job that commits with the booking.
        if economic::club_settings(&mut tx, actor.client_id)
            .await?
            .is_some()
        {
            let word = invoice.kind.label();
            enqueue(
                &mut tx,
                NewJob {
                    client_id: Some(actor.client_id),
                    description: format!("Bogfør {word} #{number} i e-conomic"),
                    method: JobMethod::BookInvoice {
                        client_id: actor.client_id,
                        invoice_id: id,
                    },
                    collection: Some("invoices".into()),
                    relation_id: Some(id.to_string()),
                    created_by: actor.user_id,
                },
            )
            .await?;
        }
        tx.commit().await?;
        Ok(invoice)
    }

    /// 'Send faktura' (the PDF is kept and mailed to the customer by a job: a mail server that is
    /// down delays the mail, never loses it; the invoice records that it was sent) or 'Send
    /// kvittering' for a paid invoice (the PDF marked paid); to `to` or the customer's e-mail.
    ///
    /// The invoice is read, rendered and recorded as sent at the version read. When another
    /// writer got in between (the bookkeeping job setting the e-conomic number right after a
    /// payment booked the invoice), it is read and rendered again: a receipt is never dropped
    /// because a job touched the invoice at the same moment.
    pub async fn mail(
        &self,
        actor: &Actor,
        id: Uuid,
        to: Option<String>,
        what: Mailing,
    ) -> Result<Invoice, ApiError> {
        const ATTEMPTS: usize = 4;
        let mut attempt = 1;
        loop {
            match self.mail_once(actor, id, to.clone(), what).await {
                Err(ApiError::Conflict(_)) if attempt < ATTEMPTS => attempt += 1,
                done => return done,
            }
        }
    }

    async fn mail_once(
        &self,
        actor: &Actor,
        id: Uuid,
        to: Option<String>,
        what: Mailing,
    ) -> Result<Invoice, ApiError> {
        let (invoice, version) = self.load(actor.client_id, id).await?;
        let email = to
            .or_else(|| invoice.content.customer.email.clone())
            .unwrap_or_default()
            .trim()
            .to_string();
        let (command, name, file) = match what {
            Mailing::Invoice => (
                InvoiceCommand::RecordSent {
                    email: email.clone(),
                    at: Utc::now(),
                },
                "invoice.send",
                "sent",
            ),
            Mailing::Receipt => (
                InvoiceCommand::RecordReceiptSent {
                    email: email.clone(),
                },
                "invoice.send-receipt",
                "receipt",
            ),
        };
        // Refused before anything is rendered or stored (a draft, no e-mail, not paid).
        invoice
            .decide(command.clone())
            .map_err(|e| refused(CommandError::Domain(e)))?;
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let bytes = document::render(&mut tx, self.storage, &invoice).await?;
        let key = document::storage_key(actor.client_id, id, &invoice, file);
        self.storage.put(&key, bytes).await?;
        let updated = self
            .run(&mut tx, actor, id, Some(version), command, name)
            .await?;
        let club: String = crate::kit::club::club_name(&mut tx, actor.client_id).await?;
        let pdf = Attachment {
            file_name: document::file_name(&invoice),
            content_type: "application/pdf".into(),
            storage_key: key,
        };
        let mail = match what {
            Mailing::Invoice => invoice_mails::invoice(&updated, &club, &email, pdf),
            Mailing::Receipt => invoice_mails::receipt(&updated, &club, &email, pdf),
        };
        enqueue(
            &mut tx,
            NewJob {
                client_id: Some(actor.client_id),
                description: mail.description,
                method: JobMethod::SendMail(mail.mail),
                collection: Some("invoices".into()),
                relation_id: Some(id.to_string()),
                created_by: actor.user_id,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(updated)
    }

    /// 'Krediter': a credit note (a draft of kind credit note naming the original, its lines
    /// the original's) and the original marked credited, in one transaction.
    pub async fn credit(&self, actor: &Actor, id: Uuid) -> Result<Uuid, ApiError> {
        let (original, _) = self.load(actor.client_id, id).await?;
        // Refused before anything is made (a draft, a credit note, credited already).
        original
            .decide(InvoiceCommand::RecordCredited {
                credit_note_id: Uuid::nil(),
            })
            .map_err(|e| refused(CommandError::Domain(e)))?;
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let today = crate::kit::dates::today();
        let note = self
            .create_in(
                &mut tx,
                actor,
                InvoiceKind::CreditNote,
                original.source.clone(),
                Some(id),
                Some(today),
                original.vat,
                original.credit_note_content(),
            )
            .await?;
        self.run(
            &mut tx,
            actor,
            id,
            None,
            InvoiceCommand::RecordCredited {
                credit_note_id: note,
            },
            "invoice.credit",
        )
        .await?;
        tx.commit().await?;
        Ok(note)
    }

    /// A state change of one invoice.
    pub async fn execute(
        &self,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
        command: InvoiceCommand,
        name: &str,
    ) -> Result<Invoice, ApiError> {
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let invoice = self.run(&mut tx, actor, id, version, command, name).await?;
        tx.commit().await?;
        Ok(invoice)
    }

    async fn run(
        &self,
        tx: &mut Transaction<'static, Postgres>,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
        command: InvoiceCommand,
        name: &str,
    ) -> Result<Invoice, ApiError> {
        actor
            .run(self.bus, tx, id, version, command, name, refused)
            .await
    }
}

#[derive(Debug, Clone, Copy)]
pub enum Mailing {
    Invoice,
    Receipt,
}

/// Fresh line ids: an invoice's lines are its own.
/// One invoice of an order's plan: (the plan key it belongs to, its own key — the same, or a
/// part's with 'Delte betalinger' —, its date, its lines, its rate fee).
type OrderPiece<'a> = (
    &'a str,
    String,
    Option<NaiveDate>,
    Vec<OrderLine>,
    Option<i64>,
);

fn renumbered(lines: Vec<OrderLine>) -> Vec<OrderLine> {
    lines
        .into_iter()
        .map(|mut l| {
            l.id = Uuid::new_v4();
            l
        })
        .collect()
}

pub(super) fn refused(err: CommandError<InvoiceError>) -> ApiError {
    match err {
        CommandError::Domain(InvoiceError::Invalid(errors)) => {
            rule_errors(errors, "Fakturaen er ikke gyldig")
        }
        CommandError::Domain(InvoiceError::NotFound) => ApiError::NotFound,
        CommandError::Conflict => ApiError::Conflict(CONFLICT.to_string()),
        other => other.into(),
    }
}

async fn next_number(conn: &mut PgConnection, client_id: Uuid) -> Result<i64, ApiError> {
    crate::kit::club::next_in_series(conn, "invoice_numbers", client_id).await
}

/// The club's `orders.invoiceDescription`.
async fn invoice_description(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<Option<String>, ApiError> {
    Ok(sqlx::query_scalar::<_, Option<String>>(
        "SELECT nullif(trim(settings->'orders'->>'invoiceDescription'), '') FROM clients WHERE id = $1",
    )
    .bind(client_id)
    .fetch_one(conn)
    .await?)
}

#[derive(sqlx::FromRow)]
struct CompanyRow {
    name: String,
    address: Option<String>,
    zip_code: Option<String>,
    city: Option<String>,
    cvr: Option<String>,
    ean: Option<String>,
    use_ean: bool,
    email: Option<String>,
}

/// The customer an invoice names: the company (with CVR, and EAN when it invoices by EAN) to
/// the attention of the contact person, or the contact person alone.
async fn customer(
    conn: &mut PgConnection,
    company_id: Option<Uuid>,
    contact_id: Option<Uuid>,
    fallback: (String, Option<String>),
) -> Result<InvoiceCustomer, ApiError> {
    let company: Option<CompanyRow> = match company_id {
        Some(id) => {
            sqlx::query_as(
                "SELECT name, address, zip_code, city, cvr, ean, use_ean, email FROM companies WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        }
        None => None,
    };
    let contact: Option<(String, Option<String>)> = match contact_id {
        Some(id) => {
            sqlx::query_as(
                "SELECT trim(firstname || ' ' || lastname), nullif(email, '') FROM contacts WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        }
        None => None,
    };
    let (person, person_email) = contact.unwrap_or(fallback);
    Ok(match company {
        Some(c) => InvoiceCustomer {
            company_id,
            contact_id,
            name: c.name,
            attention: (!person.is_empty()).then_some(person),
            address: c.address,
            zip_code: c.zip_code,
            city: c.city,
            cvr: c.cvr,
            ean: if c.use_ean { c.ean } else { None },
            email: person_email.or(c.email),
        },
        None => InvoiceCustomer {
            company_id: None,
            contact_id,
            name: person,
            email: person_email,
            ..InvoiceCustomer::default()
        },
    })
}

async fn order_customer(
    conn: &mut PgConnection,
    order: &Order,
) -> Result<InvoiceCustomer, ApiError> {
    let c = &order.content.customer;
    let name = format!("{} {}", c.firstname, c.lastname).trim().to_string();
    let email = (!c.email.trim().is_empty()).then(|| c.email.trim().to_string());
    customer(
        conn,
        order.content.company_id,
        order.content.contact_id,
        (name, email),
    )
    .await
}

/// How `lines` print (spec 3 §3 Product invoiceTitle, invoiceGroupId, showOnInvoice; Invoice
/// group), as the club's catalogue says now: copied into the invoice, which never changes after.
async fn printing_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    lines: &[OrderLine],
) -> Result<Printing, ApiError> {
    let products: Vec<Uuid> = lines.iter().filter_map(|line| line.product_id).collect();
    if products.is_empty() {
        return Ok(Printing::default());
    }
    let looks: Vec<(Uuid, Option<String>, Option<Uuid>, bool)> = sqlx::query_as(
        "SELECT id, invoice_title, invoice_group_id, show_on_invoice FROM products \
         WHERE client_id = $1 AND id = ANY($2)",
    )
    .bind(client_id)
    .bind(&products)
    .fetch_all(&mut *conn)
    .await?;
    let group_ids: Vec<Uuid> = looks.iter().filter_map(|(_, _, group, _)| *group).collect();
    let groups: Vec<(Uuid, String, Option<String>, i32)> = sqlx::query_as(
        "SELECT id, title, sku, sorting FROM invoice_groups WHERE client_id = $1 AND id = ANY($2)",
    )
    .bind(client_id)
    .bind(&group_ids)
    .fetch_all(&mut *conn)
    .await?;
    let lines = lines
        .iter()
        .filter_map(|line| {
            let (_, title, group_id, shown) =
                looks.iter().find(|(id, ..)| Some(*id) == line.product_id)?;
            Some(LinePrinting {
                line_id: line.id,
                title: title.clone(),
                group_id: *group_id,
                shown: *shown,
            })
        })
        .collect();
    let groups = groups
        .into_iter()
        .map(|(id, title, sku, sorting)| GroupPrinting {
            id,
            title,
            sku,
            sorting,
        })
        .collect();
    Ok(Printing { lines, groups })
}

async fn contract_customer(
    conn: &mut PgConnection,
    contract: &Contract,
) -> Result<InvoiceCustomer, ApiError> {
    customer(
        conn,
        contract.content.company_id,
        contract.content.contact_id,
        (String::new(), None),
    )
    .await
}

/// What a contract's invoice line is called: its category's invoice title (else title) and
/// sku (the accounting product number), or 'Aftale' when it has no category.
async fn contract_product(
    conn: &mut PgConnection,
    contract: &Contract,
) -> Result<(String, Option<String>), ApiError> {
    let category: Option<(String, Option<String>)> = match contract.content.category_id {
        Some(id) => {
            sqlx::query_as(
                "SELECT coalesce(nullif(trim(invoice_title), ''), title), nullif(trim(sku), '')                  FROM order_categories WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        }
        None => None,
    };
    Ok(category.unwrap_or_else(|| ("Aftale".to_string(), None)))
}
