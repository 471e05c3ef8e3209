//! Field rules shared by request bodies, with the spec's Danish messages (spec 1 §5): every
//! `update` collects its field errors in one `Check` and answers them as one 422.

use crate::error::{check_errors, push_error, ApiError, FieldErrors};

#[derive(Default)]
pub struct Check {
    errors: FieldErrors,
}

impl Check {
    pub fn new() -> Check {
        Check::default()
    }

    fn fail(&mut self, field: &str, message: String) {
        push_error(&mut self.errors, field, message);
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
}
