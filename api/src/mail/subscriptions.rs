//! The subscription's mails (spec 3 §4 'Send betalingslink'; issue 14: a failed recurring charge
//! mails the customer a link to pay with another card).

use chrono::NaiveDate;
use tribune_domain::subscription::Subscription;

use super::with_link;
use super::Mail;

/// A mail with the line the Jobs screen shows for it.
pub struct SubscriptionMail {
    pub description: String,
    pub mail: Mail,
}

/// The link to the public subscription page, where the customer activates the subscription
/// with a card (or saves a new one).
pub fn payment_link(subscription: &Subscription, club: &str, link: &str) -> SubscriptionMail {
    let customer = &subscription.content.customer;
    let number = subscription.number;
    SubscriptionMail {
        description: format!(
            "Betalingslink for abonnement #{number} til {}",
            customer.email
        ),
        mail: with_link(
            &customer.email,
            &format!("Betaling af abonnement #{number} hos {club}"),
            &[
                format!("Hej {}", customer.firstname),
                format!("Her er linket til betaling af dit abonnement #{number} hos {club}."),
            ],
            "Betal abonnementet",
            link,
        ),
    }
}

/// A recurring charge failed: the customer is asked to pay with another card.
pub fn charge_failed(
    subscription: &Subscription,
    club: &str,
    reason: &str,
    link: &str,
) -> SubscriptionMail {
    let customer = &subscription.content.customer;
    let number = subscription.number;
    SubscriptionMail {
        description: format!(
            "Betaling af abonnement #{number} mislykkedes; link til {}",
            customer.email
        ),
        mail: with_link(
            &customer.email,
            &format!("Betalingen af dit abonnement #{number} hos {club} mislykkedes"),
            &[
                format!("Hej {}", customer.firstname),
                format!(
                    "Vi kunne ikke trække betalingen for dit abonnement #{number} hos {club}: {reason}"
                ),
                "Vi prøver igen om nogle dage. Du kan også betale med et andet kort via linket."
                    .to_string(),
            ],
            "Opdater betalingskort",
            link,
        ),
    }
}

/// A period of a subscription without a card fell due: the customer pays it in the payment
/// window from the public page.
pub fn period_due(
    subscription: &Subscription,
    club: &str,
    day: NaiveDate,
    link: &str,
) -> SubscriptionMail {
    let customer = &subscription.content.customer;
    let number = subscription.number;
    SubscriptionMail {
        description: format!(
            "Betalingslink for abonnement #{number} (periode fra {}) til {}",
            day.format("%d-%m-%Y"),
            customer.email
        ),
        mail: with_link(
            &customer.email,
            &format!("Næste betaling af dit abonnement #{number} hos {club}"),
            &[
                format!("Hej {}", customer.firstname),
                format!(
                    "Perioden fra {} for dit abonnement #{number} hos {club} skal betales. Du betaler via linket.",
                    day.format("%d-%m-%Y")
                ),
            ],
            "Betal perioden",
            link,
        ),
    }
}
