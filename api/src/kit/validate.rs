//! Field rules shared by request bodies, with the spec's Danish messages (spec 1 §5): every
//! `update` collects its field errors in one `Check` and answers them as one 422.

use tribune_domain::money::{MAX_UNIT_PRICE, UNIT_PRICE_TOO_LARGE};

use crate::error::{check_errors, push_error, ApiError, FieldErrors};
use crate::kit::text::clean;
use crate::storage::UploadedFile;

/// The shortest password a user may choose (spec 1 §4).
pub const PASSWORD_MIN_LENGTH: usize = 8;

/// What a web address field with another scheme than http or https is told.
pub const BAD_WEB_ADDRESS: &str =
    "Ugyldig webadresse: brug en adresse der starter med http:// eller https://";

/// One update's field rules: each failed rule records its Danish message on its field, and
/// `finish` answers them all as one 422 (or lets the save go on).
#[derive(Default)]
pub struct Check {
    errors: FieldErrors,
}

impl Check {
    pub fn new() -> Check {
        Check::default()
    }

    /// Any rule's own message on `field` (a rule this kit does not word).
    pub fn fail(&mut self, field: &str, message: impl Into<String>) {
        push_error(&mut self.errors, field, message);
    }

    /// The errors so far, for helpers that collect field errors themselves (custom fields,
    /// ticket limits).
    pub fn errors(&mut self) -> &mut FieldErrors {
        &mut self.errors
    }

    /// Whether no rule has failed so far.
    pub fn passed(&self) -> bool {
        self.errors.is_empty()
    }

    /// Required text, trimmed: the value, or None after recording "{label} skal udfyldes".
    pub fn required_text(
        &mut self,
        field: &str,
        label: &str,
        value: &Option<String>,
    ) -> Option<String> {
        let text = clean(value);
        if text.is_none() {
            self.fail(field, format!("{label} skal udfyldes"));
        }
        text
    }

    /// A required value of any kind (a date, a number, a choice): "{label} skal udfyldes".
    pub fn present<T>(&mut self, field: &str, label: &str, value: &Option<T>) -> bool {
        if value.is_none() {
            self.fail(field, format!("{label} skal udfyldes"));
        }
        value.is_some()
    }

    /// A number that may not be below 0: "{label} skal minimum være 0 eller mere".
    pub fn not_negative(&mut self, field: &str, label: &str, value: Option<i64>) {
        if value.is_some_and(|v| v < 0) {
            self.fail(field, format!("{label} skal minimum være 0 eller mere"));
        }
    }

    /// An amount of øre a unit price may be, when given: at least 0 ("{label} skal minimum være 0
    /// eller mere") and at most 100,000,000.00 kr., so nothing computed from it can saturate.
    pub fn unit_price(&mut self, field: &str, label: &str, value: Option<i64>) {
        self.not_negative(field, label, value);
        if value.is_some_and(|v| v > MAX_UNIT_PRICE.as_ore()) {
            self.fail(field, UNIT_PRICE_TOO_LARGE);
        }
    }

    /// A web address, when given: http or https, or a bare host ("klubben.dk"); never another
    /// scheme (`javascript:`, `data:`), which a link would run or open.
    pub fn web_address(&mut self, field: &str, value: &Option<String>) {
        if clean(value).is_some_and(|v| !is_web_address(&v)) {
            self.fail(field, BAD_WEB_ADDRESS);
        }
    }

    /// A link inside the app ("/companies") or a web address, when given.
    pub fn app_link(&mut self, field: &str, value: &Option<String>) {
        if clean(value).is_some_and(|v| !is_app_path(&v) && !is_web_address(&v)) {
            self.fail(field, BAD_WEB_ADDRESS);
        }
    }

    /// At most `max` characters, when given: "{label} må højst være {max} tegn".
    /// A whole number from `min` to `max`, when given.
    pub fn between(&mut self, field: &str, label: &str, value: Option<i64>, min: i64, max: i64) {
        if value.is_some_and(|v| v < min || v > max) {
            self.fail(field, format!("{label} skal være mellem {min} og {max}"));
        }
    }

    pub fn max_chars_of(&mut self, field: &str, label: &str, value: &Option<String>, max: usize) {
        if let Some(value) = value {
            self.max_chars(field, label, value, max);
        }
    }

    /// An uploaded file that must be an image: "{label} skal være et billede".
    pub fn image(&mut self, field: &str, label: &str, file: Option<&UploadedFile>) {
        if file.is_some_and(|f| !f.is_image()) {
            self.fail(field, format!("{label} skal være et billede"));
        }
    }

    /// Required and trimmed; returns the value or "" after recording the error.
    pub fn required(&mut self, field: &str, label: &str, value: &Option<String>) -> String {
        match value.as_deref().map(str::trim) {
            Some(v) if !v.is_empty() => v.to_string(),
            _ => {
                self.fail(field, format!("{label} skal udfyldes"));
                String::new()
            }
        }
    }

    /// A valid e-mail address when given: "{label} skal være en gyldig e-mail adresse".
    pub fn email(&mut self, field: &str, label: &str, value: &str) {
        if !value.is_empty() && !is_email(value) {
            self.fail(field, format!("{label} skal være en gyldig e-mail adresse"));
        }
    }

    pub fn max_chars(&mut self, field: &str, label: &str, value: &str, max: usize) {
        if value.chars().count() > max {
            self.fail(field, format!("{label} må højst være {max} tegn"));
        }
    }

    pub fn min_chars(&mut self, field: &str, label: &str, value: &str, min: usize) {
        if !value.is_empty() && value.chars().count() < min {
            self.fail(field, format!("{label} skal mindst være {min} tegn"));
        }
    }

    pub fn confirm(
        &mut self,
        field: &str,
        label: &str,
        value: &str,
        other_label: &str,
        other: &str,
    ) {
        if !value.is_empty() && value != other {
            self.fail(field, format!("{label} skal matche {other_label}"));
        }
    }

    pub fn finish(self) -> Result<(), ApiError> {
        check_errors(self.errors)
    }
}

/// http(s) with a host, or a bare host and path with no scheme at all. A browser reads whatever
/// comes before the first `:` (ahead of any `/`, `?` or `#`) as the scheme, and drops tabs and
/// line breaks inside a URL ("java\tscript:"), so those are refused too.
pub fn is_web_address(value: &str) -> bool {
    if value.is_empty() || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let lower = value.to_ascii_lowercase();
    if let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    {
        return rest
            .split(['/', '?', '#'])
            .next()
            .is_some_and(|host| !host.is_empty());
    }
    let head = lower.split(['/', '?', '#']).next().unwrap_or_default();
    !head.contains(':') && !head.is_empty() && head.contains('.')
}

/// A path of this site: starts with one `/` (not `//`, which is another host), no scheme.
pub fn is_app_path(value: &str) -> bool {
    value.starts_with('/')
        && !value.starts_with("//")
        && !value.starts_with("/\\")
        && !value
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
}

pub fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !value
            .chars()
            .any(|c| c.is_whitespace() || c == ',' || c == ';' || c == '<' || c == '>')
        && value.len() <= 254
}

/// A buyer's contact fields, and the password of the user a visitor makes ('Opret bruger').
pub struct Contact<'a> {
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    /// Some: a visitor makes a user with this password.
    pub new_user_password: Option<&'a str>,
}

/// The buyer's contact fields (spec 2 §5, spec 3 §5 Checkout): name, e-mail and phone
/// required, the e-mail an address; the new user's password long enough. Each on its field.
pub fn check_contact(contact: &Contact<'_>, errors: &mut FieldErrors) {
    for (field, label, value) in [
        ("firstname", "Fornavn", contact.firstname),
        ("lastname", "Efternavn", contact.lastname),
        ("email", "E-mail", contact.email),
        ("phone", "Telefon", contact.phone),
    ] {
        let value = value.trim();
        if value.is_empty() {
            push_error(errors, field, format!("{label} skal udfyldes"));
        } else if value.chars().count() > 254 {
            push_error(errors, field, format!("{label} må højst være 254 tegn"));
        }
    }
    let email = contact.email.trim();
    if !email.is_empty() && !is_email(email) {
        push_error(errors, "email", "E-mail skal være en gyldig e-mail adresse");
    }
    if let Some(password) = contact.new_user_password {
        let min = PASSWORD_MIN_LENGTH;
        if password.is_empty() {
            push_error(errors, "password", "Adgangskode skal udfyldes");
        } else if password.chars().count() < min {
            push_error(
                errors,
                "password",
                format!("Adgangskode skal mindst være {min} tegn"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_fields_get_the_danish_message() {
        let mut check = Check::new();
        check.required("firstname", "Fornavn", &Some("  ".into()));
        let Err(ApiError::Validation { errors, message }) = check.finish() else {
            panic!("expected 422")
        };
        assert_eq!(message, "Fornavn skal udfyldes");
        assert_eq!(
            errors["firstname"],
            vec!["Fornavn skal udfyldes".to_string()]
        );
    }

    #[test]
    fn confirm_uses_the_spec_wording() {
        let mut check = Check::new();
        check.confirm(
            "confirmPassword",
            "Gentag adgangskode",
            "abc",
            "Adgangskode",
            "abd",
        );
        let Err(ApiError::Validation { message, .. }) = check.finish() else {
            panic!("expected 422")
        };
        assert_eq!(message, "Gentag adgangskode skal matche Adgangskode");
    }

    #[test]
    fn emails_are_recognised() {
        assert!(is_email("kunde@tribune.test"));
        for bad in ["", "a", "a@b", "@b.dk", "a b@c.dk", "a@.dk", "a@dk."] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn web_addresses_are_http_or_https_or_a_bare_host() {
        for good in [
            "https://klubben.dk",
            "http://klubben.dk/om?x=1#top",
            "HTTPS://Klubben.DK",
            "www.klubben.dk",
            "nordiskbyg.dk/kontakt",
        ] {
            assert!(is_web_address(good), "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "java\tscript:alert(1)",
            " javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox(1)",
            "https://",
            "http:/klubben.dk",
            "klubben",
            "",
        ] {
            assert!(!is_web_address(bad), "{bad}");
        }
    }

    #[test]
    fn app_paths_stay_on_this_site() {
        assert!(is_app_path("/companies"));
        for bad in [
            "//evil.test",
            "/\\evil.test",
            "companies",
            "javascript:alert(1)",
        ] {
            assert!(!is_app_path(bad), "{bad}");
        }
    }
}
