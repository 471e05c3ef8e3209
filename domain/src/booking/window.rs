//! When a buyer may book (spec 2 §2 Public event page, §4 sign-up window, §6): from the sign-up
//! start to the deadline; before the public sign-up date only invited buyers (a company or
//! contact on the event's invitees); a business-only event only for a company.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::BookingError;
use crate::danish::danish_time as local;

/// Who books (spec 2 §4 Customer choice): one of the user's companies, the user's own contact,
/// or a guest (both empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Buyer {
    Guest,
    Contact(Uuid),
    Company(Uuid),
}

/// The event's sign-up dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignUpWindow {
    pub start: DateTime<Utc>,
    /// When the public may book; before it only the invited. None: from the start.
    pub public: Option<DateTime<Utc>>,
    pub deadline: DateTime<Utc>,
}

/// Where an event's sign-up stands at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignUpState {
    NotOpenYet,
    /// Open to the invited only, until the public date.
    InvitedOnly,
    Open,
    Closed,
}

impl SignUpWindow {
    pub fn state(&self, now: DateTime<Utc>) -> SignUpState {
        if now < self.start {
            SignUpState::NotOpenYet
        } else if now >= self.deadline {
            SignUpState::Closed
        } else if self.public.is_some_and(|public| now < public) {
            SignUpState::InvitedOnly
        } else {
            SignUpState::Open
        }
    }

    /// Whether this buyer may book now: `invited` when the buyer's company or contact is on the
    /// event's invitees; `business_only` events take companies only (`club_email` is whom the
    /// buyer is told to contact).
    pub fn admits(
        &self,
        now: DateTime<Utc>,
        buyer: Buyer,
        invited: bool,
        business_only: bool,
        club_email: &str,
    ) -> Result<(), BookingError> {
        match self.state(now) {
            SignUpState::NotOpenYet => return Err(BookingError::NotOpenYet(local(self.start))),
            SignUpState::Closed => return Err(BookingError::Closed),
            SignUpState::InvitedOnly if !invited => {
                return Err(BookingError::InvitedOnly(local(
                    self.public.unwrap_or(self.start),
                )))
            }
            SignUpState::InvitedOnly | SignUpState::Open => {}
        }
        if business_only && !matches!(buyer, Buyer::Company(_)) {
            return Err(BookingError::NoCompany(club_email.to_string()));
        }
        Ok(())
    }
}
