//! The subscription's mails (spec 3 §4 'Send betalingslink'; issue 14: a failed recurring charge
//! mails the customer a link to pay with another card; a period paid in the payment window is
//! asked for by a link when it falls due).

use chrono::NaiveDate;
use tribune_domain::subscription::Subscription;

use super::with_link;
use super::Mail;

/// A mail with the line the Jobs screen shows for it.
pub struct SubscriptionMail {
    pub description: String,
    pub mail: Mail,
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
