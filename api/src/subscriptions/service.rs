//! The Subscription's application service (STYLE.md): every write is ONE club transaction —
//! reference checks, the command, its side effects (mails, the first charge) — then commit.

use chrono::{NaiveDate, Utc};
use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use tribune_domain::order::Customer;
use tribune_domain::subscription::{
    SavedCard, Subscription, SubscriptionCommand, SubscriptionContent, SubscriptionError,
    SubscriptionEvent, SubscriptionStatus,
};
use tribune_projections::db::club_tx;
use tribune_projections::store::{CommandBus, CommandError};
use uuid::Uuid;

use crate::error::{check_errors, push_error, rule_errors, ApiError, FieldErrors};
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::kit::club::exists_in_club;
use crate::kit::sales::{check_parties, club_vat, Parties};
use crate::mail::subscriptions::{self as subscription_mails, Sender};
use crate::payments::ledger::{link_url, Purpose};
use crate::state::AppState;

/// Whose name the renewals' events carry.
const RENEWALS: &str = "Automatisk fornyelse";

pub const CONFLICT: &str =
    "Abonnementet er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.";

pub struct SubscriptionService<'a> {
    pool: &'a PgPool,
    bus: &'a CommandBus<Subscription>,
    public_url: &'a str,
}

/// A refused subscription command as the API answers it.
pub fn refused(err: CommandError<SubscriptionError>) -> ApiError {
    match err {
        CommandError::Domain(SubscriptionError::Invalid(errors)) => {
            rule_errors(errors, "Abonnementet er ikke gyldigt")
        }
        CommandError::Domain(SubscriptionError::NotFound) => ApiError::NotFound,
        CommandError::Conflict => ApiError::Conflict(CONFLICT.to_string()),
        other => other.into(),
    }
}

impl<'a> SubscriptionService<'a> {
    pub fn of(state: &'a AppState) -> Self {
        SubscriptionService {
            pool: &state.pool,
            bus: &state.subscriptions,
            public_url: &state.settings.public_url,
        }
    }

    pub async fn load(&self, client_id: Uuid, id: Uuid) -> Result<(Subscription, usize), ApiError> {
        self.bus
            .load_live(client_id, &id.to_string())
            .await
            .map_err(ApiError::from)?
            .ok_or(ApiError::NotFound)
    }

    /// The template of a new subscription: monthly, with the club's VAT setting.
    pub async fn template(&self, client_id: Uuid) -> Result<Subscription, ApiError> {
        let mut tx = club_tx(self.pool, client_id).await?;
        let vat = club_vat(&mut tx, client_id).await?;
        tx.commit().await?;
        Ok(Subscription {
            vat,
            content: SubscriptionContent {
                repeats: Some(1),
                ..SubscriptionContent::default()
            },
            ..Subscription::default()
        })
    }

    /// The form saved: a new draft (the club's next number), or the changes of the one loaded
    /// at `version`.
    pub async fn save(
        &self,
        actor: &Actor,
        id: Option<Uuid>,
        version: Option<usize>,
        mut content: SubscriptionContent,
    ) -> Result<Uuid, ApiError> {
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        check_references(&mut tx, actor.client_id, &mut content).await?;
        let id = match id {
            Some(id) => {
                self.run(
                    &mut tx,
                    actor,
                    id,
                    version,
                    SubscriptionCommand::Update { content },
                    "subscription.update",
                )
                .await?;
                id
            }
            None => {
                let id = Uuid::new_v4();
                let command = SubscriptionCommand::Create {
                    client_id: actor.client_id,
                    number: next_number(&mut tx, actor.client_id).await?,
                    created_at: Utc::now(),
                    vat: club_vat(&mut tx, actor.client_id).await?,
                    content,
                };
                self.run(&mut tx, actor, id, Some(0), command, "subscription.create")
                    .await?;
                id
            }
        };
        tx.commit().await?;
        Ok(id)
    }

    /// A state change (approve, reopen, cancel, delete) at `version` (None: as it is now).
    pub async fn execute(
        &self,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
        command: SubscriptionCommand,
        name: &str,
    ) -> Result<Subscription, ApiError> {
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let subscription = self.run(&mut tx, actor, id, version, command, name).await?;
        tx.commit().await?;
        Ok(subscription)
    }

    /// 'Send betalingslink': the public page with a new token, mailed by a job.
    pub async fn send_payment_link(&self, actor: &Actor, id: Uuid) -> Result<(), ApiError> {
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let subscription = self
            .run(
                &mut tx,
                actor,
                id,
                None,
                SubscriptionCommand::RecordPaymentLinkSent,
                "subscription.send-paymentlink",
            )
            .await?;
        let link = link_url(
            &mut tx,
            actor.client_id,
            Purpose::Subscription,
            id,
            self.public_url,
        )
        .await?;
        let sender = Sender {
            client_id: actor.client_id,
            subscription_id: id,
            link: &link,
            created_by: actor.user_id,
        };
        subscription_mails::queue(&mut tx, sender, |club, link| {
            subscription_mails::payment_link(&subscription, club, link)
        })
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Auto-renew: the subscription whose end date `expected_end` has passed by `today`
    /// continues into a new commitment period. True when it renewed now; false when it had
    /// renewed already (a repeat, or another runner). A runner racing this one gets a conflict.
    pub async fn renew(
        &self,
        client_id: Uuid,
        id: Uuid,
        expected_end: NaiveDate,
        today: NaiveDate,
    ) -> Result<bool, ApiError> {
        let actor = Actor::system(client_id, RENEWALS);
        let mut tx = club_tx(self.pool, client_id).await?;
        let command = SubscriptionCommand::Renew {
            expected_end,
            today,
        };
        let (_, events) = actor
            .record(
                self.bus,
                &mut tx,
                id,
                command,
                "subscription.renew",
                refused,
            )
            .await?;
        tx.commit().await?;
        Ok(!events.is_empty())
    }

    /// The customer of a subscription that renews after `expected_end` is told so by mail: the
    /// notice recorded on the subscription and its mail queued in one transaction, once per end
    /// date. True when it went out now; false when it had before (a repeat, or another runner).
    pub async fn send_renewal_notice(
        &self,
        client_id: Uuid,
        id: Uuid,
        expected_end: NaiveDate,
        today: NaiveDate,
    ) -> Result<bool, ApiError> {
        let actor = Actor::system(client_id, RENEWALS);
        let mut tx = club_tx(self.pool, client_id).await?;
        let command = SubscriptionCommand::RecordRenewalNotice {
            expected_end,
            today,
        };
        let (subscription, events) = actor
            .record(
                self.bus,
                &mut tx,
                id,
                command,
                "subscription.renewal-notice",
                refused,
            )
            .await?;
        let told = events.iter().find_map(|e| match &e.payload {
            SubscriptionEvent::RenewalNoticeSent {
                end_date,
                renews_to,
                ..
            } => Some((*end_date, *renews_to)),
            _ => None,
        });
        let Some((end, renews_to)) = told else {
            return Ok(false);
        };
        let link = link_url(
            &mut tx,
            client_id,
            Purpose::Subscription,
            id,
            self.public_url,
        )
        .await?;
        let sender = Sender {
            client_id,
            subscription_id: id,
            link: &link,
            created_by: None,
        };
        subscription_mails::queue(&mut tx, sender, |club, link| {
            subscription_mails::renewal_notice(&subscription, club, end, renews_to, link)
        })
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The public contact form.
    pub async fn change_contact(
        &self,
        actor: &Actor,
        id: Uuid,
        customer: Customer,
    ) -> Result<Subscription, ApiError> {
        self.execute(
            actor,
            id,
            None,
            SubscriptionCommand::ChangeContact { customer },
            "subscription.update-contact",
        )
        .await
    }

    /// The customer saved a card: kept on the subscription, a draft approved with it (the
    /// activation), and the periods due charged at once by a job — all in one transaction.
    pub async fn activate(
        &self,
        actor: &Actor,
        id: Uuid,
        card: SavedCard,
    ) -> Result<Subscription, ApiError> {
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let mut subscription = self
            .run(
                &mut tx,
                actor,
                id,
                None,
                SubscriptionCommand::SaveCard { card },
                "subscription.save-card",
            )
            .await?;
        if subscription.status == SubscriptionStatus::Draft {
            subscription = self
                .run(
                    &mut tx,
                    actor,
                    id,
                    None,
                    SubscriptionCommand::Approve,
                    "subscription.activate",
                )
                .await?;
        }
        enqueue(
            &mut tx,
            NewJob {
                client_id: Some(actor.client_id),
                description: format!("Træk betaling for abonnement #{}", subscription.number),
                method: JobMethod::ChargeSubscription {
                    client_id: actor.client_id,
                    subscription_id: id,
                },
                collection: Some("subscriptions".into()),
                relation_id: Some(id.to_string()),
                created_by: actor.user_id,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(subscription)
    }

    /// A subscription bought and paid for its first period at once (the web shop), in the
    /// caller's transaction: created from `content` (which starts on the day it is bought), the
    /// card kept on it when the payment kept one, approved, and its first period recorded as
    /// paid by the payment `reference`. Without a card its next periods are paid by payment
    /// link, as a subscription paid in the window is. Returns its id and number.
    pub async fn start_paid_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        vat: tribune_domain::order::VatSettings,
        content: SubscriptionContent,
        card: Option<SavedCard>,
        reference: &str,
    ) -> Result<(Uuid, i64), ApiError> {
        let id = Uuid::new_v4();
        let first = content
            .start_date
            .ok_or_else(|| ApiError::field("startDate", "Startdato skal udfyldes"))?
            .format("%Y-%m-%d")
            .to_string();
        let command = SubscriptionCommand::Create {
            client_id: actor.client_id,
            number: next_number(conn, actor.client_id).await?,
            created_at: Utc::now(),
            vat,
            content,
        };
        let created = actor
            .run(
                self.bus,
                conn,
                id,
                Some(0),
                command,
                "subscription.create",
                refused,
            )
            .await?;
        let amount = created.totals().total;
        let mut commands = Vec::new();
        if let Some(card) = card {
            commands.push((
                SubscriptionCommand::SaveCard { card },
                "subscription.save-card",
            ));
        }
        commands.push((SubscriptionCommand::Approve, "subscription.activate"));
        commands.push((
            SubscriptionCommand::RecordCharge {
                period: first,
                amount,
                reference: reference.to_string(),
                invoice_id: None,
            },
            "subscription.charge",
        ));
        for (command, name) in commands {
            actor
                .run(self.bus, conn, id, None, command, name, refused)
                .await?;
        }
        Ok((id, created.number))
    }

    async fn run(
        &self,
        tx: &mut Transaction<'static, Postgres>,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
        command: SubscriptionCommand,
        name: &str,
    ) -> Result<Subscription, ApiError> {
        actor
            .run(self.bus, tx, id, version, command, name, refused)
            .await
    }
}

/// What the aggregate cannot judge: that the company, contact, owner and products are the
/// club's own. An empty customer is filled from the contact person.
async fn check_references(
    conn: &mut PgConnection,
    client_id: Uuid,
    content: &mut SubscriptionContent,
) -> Result<(), ApiError> {
    let mut errors = FieldErrors::new();
    let parties = Parties {
        season_id: content.season_id,
        company_id: content.company_id,
        contact_id: content.contact_id,
        owner_id: content.owner_id,
    };
    check_parties(conn, client_id, parties, &mut errors).await?;
    for (i, line) in content.lines.iter().enumerate() {
        if !exists_in_club(conn, "products", client_id, line.product_id).await? {
            push_error(
                &mut errors,
                &format!("orderLines.{i}.productId"),
                "Produktet findes ikke",
            );
        }
    }
    check_errors(errors)?;
    if content.customer == Customer::default() {
        if let Some(contact) = content.contact_id {
            let found: Option<(String, String, Option<String>, Option<String>)> = sqlx::query_as(
                "SELECT firstname, lastname, email, coalesce(nullif(mobile, ''), phone) FROM contacts WHERE id = $1",
            )
            .bind(contact)
            .fetch_optional(&mut *conn)
            .await?;
            if let Some((firstname, lastname, email, phone)) = found {
                content.customer = Customer {
                    firstname,
                    lastname,
                    email: email.unwrap_or_default(),
                    phone: phone.unwrap_or_default(),
                };
            }
        }
    }
    Ok(())
}

async fn next_number(conn: &mut PgConnection, client_id: Uuid) -> Result<i64, ApiError> {
    crate::kit::club::next_in_series(conn, "subscription_numbers", client_id).await
}
