//! The buyer's contact fields as every channel's checkout form names them (spec 2 §5 Booking,
//! spec 3 §5 Checkout): name, e-mail and phone, and 'Opret bruger' with its password. The
//! booking's and the shop's inputs state that they have them (`buyer_form!`); the check and
//! the new user's password hash are written once, here.

use crate::error::{ApiError, FieldErrors};
use crate::identity::passwords;
use crate::kit::validate::{check_contact, Contact};

/// A checkout input with the buyer's contact fields.
pub trait BuyerForm {
    /// The fields; `signed_in`: the caller is a user already, so no user is made.
    fn contact(&self, signed_in: bool) -> Contact<'_>;
}

/// Says that a checkout input has the fields `firstname`, `lastname`, `email`, `phone`,
/// `create_user` and `password` (the names both forms send).
macro_rules! buyer_form {
    ($input:ty) => {
        impl $crate::sales::buyer::BuyerForm for $input {
            fn contact(&self, signed_in: bool) -> $crate::kit::validate::Contact<'_> {
                $crate::kit::validate::Contact {
                    firstname: &self.firstname,
                    lastname: &self.lastname,
                    email: &self.email,
                    phone: &self.phone,
                    new_user_password: (self.create_user && !signed_in)
                        .then(|| self.password.as_deref().unwrap_or_default()),
                }
            }
        }
    };
}
pub(crate) use buyer_form;

/// Each mistake of the buyer's fields on its field.
pub fn check_buyer(input: &impl BuyerForm, signed_in: bool, errors: &mut FieldErrors) {
    check_contact(&input.contact(signed_in), errors);
}

/// The hash of the password of the user a visitor makes with the order, when it is long enough
/// (a short one is refused by `check_buyer`). Taken before a transaction: it is slow on purpose.
pub async fn new_user_password_hash(
    input: &impl BuyerForm,
    signed_in: bool,
) -> Result<Option<String>, ApiError> {
    match input.contact(signed_in).new_user_password {
        Some(password) if password.chars().count() >= passwords::MIN_LENGTH => {
            Ok(Some(passwords::hash(password.to_string()).await?))
        }
        _ => Ok(None),
    }
}
