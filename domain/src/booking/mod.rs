//! The public booking's rules (spec 2 §4 Booking wizard, Customer choice, sign-up window; §5
//! public quantity, free registration, business-only; issue 15): who may book when, how many
//! more a buyer may take, and which tickets an allowance pays. Pure: the caller reads the event,
//! what is taken and the allowances, and passes the time.
//!
//! What is taken is only a hint here: the booking's transaction takes the places through the
//! capacity counters (api `kit::capacity`), which alone decide under concurrency.

mod pricing;
mod window;

#[cfg(test)]
mod tests;

pub use pricing::{apply_allowances, booking_totals, desk_totals, BookingTotals, Priced, Wanted};
pub use window::{Buyer, SignUpState, SignUpWindow};

/// Why a booking is refused, in the words the buyer reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookingError {
    #[error("Tilmeldingen åbner {0}.")]
    NotOpenYet(String),
    #[error("Tilmeldingen er kun åben for inviterede indtil {0}.")]
    InvitedOnly(String),
    #[error("Tilmeldingen er lukket.")]
    Closed,
    /// A business-only event, and the buyer books for no company of theirs.
    #[error("Din bruger er ikke tilkoblet nogen virksomhed. Kontakt {0} for at blive korrekt koblet på.")]
    NoCompany(String),
    #[error("Der er ikke nogle tilgængelige billetter. Kontakt {0} for mere info")]
    NoTickets(String),
    /// Free registration over the places left.
    #[error("Der er kun {0} tilgængelige pladser")]
    OnlyPlacesLeft(i32),
    /// More of a product than the buyer may still take.
    #[error("Max. {0} mere til dette arrangement")]
    MaxMore(i32),
    #[error("Antal skal være mindst 1")]
    NothingChosen,
    /// Staff cancelled the event (issue 40 §4).
    #[error("Arrangementet er aflyst.")]
    Cancelled,
}

/// How many more of a product a buyer may add (spec 2 §5: the available count minus what is
/// already in the booking, capped by the per-event maximum less what the buyer has bought):
/// None when nothing limits it.
pub fn max_more(
    available: Option<i32>,
    in_booking: i32,
    per_buyer: Option<i32>,
    purchased: i32,
) -> Option<i32> {
    let by_stock = available.map(|left| left - in_booking);
    let by_buyer = per_buyer.map(|max| max - purchased - in_booking);
    match (by_stock, by_buyer) {
        (Some(a), Some(b)) => Some(a.min(b).max(0)),
        (a, b) => a.or(b).map(|n| n.max(0)),
    }
}

/// A wanted amount checked against what may still be taken (`max_more` before this line).
pub fn check_amount(amount: i32, max_more: Option<i32>) -> Result<(), BookingError> {
    if amount < 1 {
        return Err(BookingError::NothingChosen);
    }
    match max_more {
        Some(max) if amount > max => Err(BookingError::MaxMore(max)),
        _ => Ok(()),
    }
}

/// A free registration's places (spec 2 §5): refused above the places left.
pub fn check_registration(amount: i32, places_left: Option<i32>) -> Result<(), BookingError> {
    if amount < 1 {
        return Err(BookingError::NothingChosen);
    }
    match places_left {
        Some(left) if amount > left => Err(BookingError::OnlyPlacesLeft(left.max(0))),
        _ => Ok(()),
    }
}
