//! Mails about a user's own account that are not a single link (those are in `mod.rs`).

use super::{escape, Mail};

/// Someone signed up with an address that already has a user. Sign-up answers as if it were new
/// (it must not reveal who is registered), so the owner learns here what happened and how to get
/// in. Only what the database knows about them is used, never what the sign-up form said.
pub fn already_registered(
    to: &str,
    firstname: &str,
    club: &str,
    login_link: &str,
    reset_link: &str,
) -> Mail {
    let paragraphs = [
        format!("Hej {firstname}"),
        format!(
            "Nogen, måske dig selv, har forsøgt at oprette en bruger hos {club} med denne e-mail \
             adresse. Du har allerede en bruger, så der blev ikke oprettet en ny."
        ),
        "Du kan logge ind med din nuværende adgangskode. Har du glemt den, kan du vælge en ny med \
         linket nederst; det virker i 2 timer og kan bruges én gang."
            .to_string(),
        "Har du ikke selv forsøgt at oprette en bruger, kan du se bort fra denne e-mail."
            .to_string(),
    ];
    let text = format!(
        "{}\n\nLog ind: {login_link}\nVælg ny adgangskode: {reset_link}\n",
        paragraphs.join("\n\n")
    );
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    let html = format!(
        "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\">{body}\
         <p><a href=\"{login}\">Log ind</a></p><p><a href=\"{reset}\">Vælg ny adgangskode</a></p>\
         </body></html>",
        login = escape(login_link),
        reset = escape(reset_link),
    );
    Mail {
        to: to.to_string(),
        subject: format!("Du har allerede en bruger hos {club}"),
        text,
        html: Some(html),
        attachments: Vec::new(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mail_names_both_ways_in_and_escapes_the_html() {
        let mail = already_registered(
            "a@example.dk",
            "Ane <b>",
            "Demo FC",
            "https://x/login",
            "https://x/reset-password?token=t&x=1",
        );
        assert_eq!(mail.subject, "Du har allerede en bruger hos Demo FC");
        assert!(mail.text.contains("Log ind: https://x/login"));
        assert!(mail
            .text
            .contains("Vælg ny adgangskode: https://x/reset-password?token=t&x=1"));
        let html = mail.html.unwrap_or_default();
        assert!(html.contains("Ane &lt;b&gt;"));
        assert!(html.contains("token=t&amp;x=1"));
    }
}
