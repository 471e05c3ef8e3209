//! The subscription's mails (spec 3 §4 'Send betalingslink'; issue 14: a failed recurring charge
//! mails the customer a link to pay with another card; a period paid in the payment window is
//! asked for by a link when it falls due; one that renews by itself is announced before it does).

use chrono::NaiveDate;
use sqlx::PgConnection;
use tribune_domain::subscription::Subscription;
use uuid::Uuid;

use super::with_link;
use super::Mail;
use crate::error::ApiError;
use crate::jobs::{enqueue, JobMethod, NewJob};

/// A mail with the line the Jobs screen shows for it.
pub struct SubscriptionMail {
    pub description: String,
    pub mail: Mail,
}

/// Whose subscription a mail is about, its public page's link, and who sent it.
pub struct Sender<'a> {
    pub client_id: Uuid,
    pub subscription_id: Uuid,
    /// A new link to the public page (`payments::ledger::link_url`).
    pub link: &'a str,
    /// The staff member who asked for it; None: the system's runs.
    pub created_by: Option<Uuid>,
}

/// One of the subscription's mails queued in the caller's transaction: the club named, the mail
/// `compose`d (club, link) and given to the job runner under the subscription.
pub async fn queue(
    conn: &mut PgConnection,
    sender: Sender<'_>,
    compose: impl FnOnce(&str, &str) -> SubscriptionMail,
) -> Result<(), ApiError> {
    let club = crate::kit::club::club_name(&mut *conn, sender.client_id).await?;
    let composed = compose(&club, sender.link);
    enqueue(
        conn,
        NewJob {
            client_id: Some(sender.client_id),
            description: composed.description,
            method: JobMethod::SendMail(composed.mail),
            collection: Some("subscriptions".into()),
            relation_id: Some(sender.subscription_id.to_string()),
            created_by: sender.created_by,
        },
    )
    .await?;
    Ok(())
}

/// What differs between the subscription's mails: all go to its customer, greet them and end
/// with a button to the public page.
struct Composed<'a> {
    /// The Jobs screen's line, before 'til {e-mail}'.
    what: String,
    subject: String,
    text: Vec<String>,
    button: &'a str,
}

fn compose(subscription: &Subscription, link: &str, composed: Composed<'_>) -> SubscriptionMail {
    let customer = &subscription.content.customer;
    let mut lines = vec![format!("Hej {}", customer.firstname)];
    lines.extend(composed.text);
    SubscriptionMail {
        description: format!("{} til {}", composed.what, customer.email),
        mail: with_link(
            &customer.email,
            &composed.subject,
            &lines,
            composed.button,
            link,
        ),
    }
}

/// The link to the public subscription page, where the customer activates the subscription
/// with a card (or saves a new one).
pub fn payment_link(subscription: &Subscription, club: &str, link: &str) -> SubscriptionMail {
    let number = subscription.number;
    compose(
        subscription,
        link,
        Composed {
            what: format!("Betalingslink for abonnement #{number}"),
            subject: format!("Betaling af abonnement #{number} hos {club}"),
            text: vec![format!(
                "Her er linket til betaling af dit abonnement #{number} hos {club}."
            )],
            button: "Betal abonnementet",
        },
    )
}

/// A recurring charge failed: the customer is asked to pay with another card.
pub fn charge_failed(
    subscription: &Subscription,
    club: &str,
    reason: &str,
    link: &str,
) -> SubscriptionMail {
    let number = subscription.number;
    compose(
        subscription,
        link,
        Composed {
            what: format!("Betaling af abonnement #{number} mislykkedes; link"),
            subject: format!("Betalingen af dit abonnement #{number} hos {club} mislykkedes"),
            text: vec![
                format!(
                    "Vi kunne ikke trække betalingen for dit abonnement #{number} hos {club}: {reason}"
                ),
                "Vi prøver igen om nogle dage. Du kan også betale med et andet kort via linket."
                    .to_string(),
            ],
            button: "Opdater betalingskort",
        },
    )
}

/// A period of a subscription without a card fell due: the customer pays it in the payment
/// window from the public page.
pub fn period_due(
    subscription: &Subscription,
    club: &str,
    day: NaiveDate,
    link: &str,
) -> SubscriptionMail {
    let number = subscription.number;
    let from = day.format("%d-%m-%Y");
    compose(
        subscription,
        link,
        Composed {
            what: format!("Betalingslink for abonnement #{number} (periode fra {from})"),
            subject: format!("Næste betaling af dit abonnement #{number} hos {club}"),
            text: vec![format!(
                "Perioden fra {from} for dit abonnement #{number} hos {club} skal betales. Du betaler via linket."
            )],
            button: "Betal perioden",
        },
    )
}

/// A subscription with auto-renew nears its end date: the customer is told it continues after it
/// (`RENEWAL_NOTICE_DAYS` before), in time to cancel.
pub fn renewal_notice(
    subscription: &Subscription,
    club: &str,
    end: NaiveDate,
    renews_to: NaiveDate,
    link: &str,
) -> SubscriptionMail {
    let number = subscription.number;
    let (end, renews_to) = (end.format("%d-%m-%Y"), renews_to.format("%d-%m-%Y"));
    compose(
        subscription,
        link,
        Composed {
            what: format!("Varsel om fornyelse af abonnement #{number} (slutter {end})"),
            subject: format!("Dit abonnement #{number} hos {club} fornyes automatisk"),
            text: vec![
                format!(
                    "Dit abonnement #{number} hos {club} slutter {end} og fornyes derefter automatisk til {renews_to}. Betalingerne fortsætter som hidtil."
                ),
                format!(
                    "Ønsker du ikke at fortsætte, skal du opsige abonnementet senest {end}."
                ),
            ],
            button: "Se abonnementet",
        },
    )
}
