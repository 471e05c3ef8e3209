//! The invitation mails (spec 2 §2 Invitations tab, §3 notifications; spec 1 events settings:
//! invitation subject, e-mail templates): the invitation, a reminder and an update, from the
//! event's chosen template — none or 'Default' is Tribune's own text, another name one of the
//! club's templates (HTML, cleaned when saved) with its placeholders filled in — with the link
//! that opens the booking for the invitee, and the event's invite attachment.

use tribune_domain::invite::SendKind;

use super::{escape, Attachment, Mail};

/// What an invitation mail says of its event and its invitee.
#[derive(Debug, Clone, Default)]
pub struct InvitationMail<'a> {
    pub to: &'a str,
    pub kind: SendKind,
    pub club: &'a str,
    /// `events.invitationSubject` ({event} is the event's title); blank: the default.
    pub subject: Option<&'a str>,
    /// The club's template chosen for this kind, when one is.
    pub template: Option<&'a str>,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub company: Option<&'a str>,
    pub event: &'a str,
    /// As a Danish buyer reads it ('lør. 28. nov. kl. 19:00', see `danish::buyer_time`).
    pub date: &'a str,
    pub location: &'a str,
    /// The free tickets ('2 × Middag').
    pub tickets: &'a [String],
    pub link: &'a str,
    pub sender: &'a str,
    pub attachment: Option<Attachment>,
}

/// The subject when the club has written none.
pub const DEFAULT_SUBJECT: &str = "Invitation: {event}";

fn subject(mail: &InvitationMail) -> String {
    let base = mail
        .subject
        .filter(|s| !s.trim().is_empty())
        .unwrap_or(DEFAULT_SUBJECT)
        .replace("{event}", mail.event);
    match mail.kind {
        SendKind::Invitation => base,
        SendKind::Reminder => format!("Påmindelse: {base}"),
        SendKind::Update => format!("Opdatering: {base}"),
    }
}

/// Tribune's own text, paragraph by paragraph.
fn default_paragraphs(mail: &InvitationMail) -> Vec<String> {
    let mut paragraphs = vec![format!("Kære {} {}", mail.firstname, mail.lastname)
        .trim()
        .to_string()];
    let whom = mail
        .company
        .map(|c| format!(" som gæst fra {c}"))
        .unwrap_or_default();
    paragraphs.push(match mail.kind {
        SendKind::Invitation => format!(
            "{} inviterer dig{whom} til {} {} på {}.",
            mail.club, mail.event, mail.date, mail.location
        ),
        SendKind::Reminder => format!(
            "Vi minder om invitationen{whom} til {} {} på {}. Vi har endnu ikke modtaget din tilmelding.",
            mail.event, mail.date, mail.location
        ),
        SendKind::Update => format!(
            "Der er nyt om {} {} på {}, som du er inviteret til{whom}.",
            mail.event, mail.date, mail.location
        ),
    });
    if !mail.tickets.is_empty() {
        paragraphs.push(format!(
            "Invitationen giver dig gratis: {}.",
            mail.tickets.join(", ")
        ));
    }
    paragraphs.push("Tilmeld dig med linket herunder.".to_string());
    paragraphs.push(format!("Venlig hilsen\n{}", mail.sender));
    paragraphs
}

/// The placeholders a club's template may use, with their values.
fn placeholders(mail: &InvitationMail) -> [(&'static str, String); 9] {
    [
        ("{firstname}", mail.firstname.to_string()),
        ("{lastname}", mail.lastname.to_string()),
        ("{company}", mail.company.unwrap_or("").to_string()),
        ("{event}", mail.event.to_string()),
        ("{date}", mail.date.to_string()),
        ("{location}", mail.location.to_string()),
        ("{tickets}", mail.tickets.join(", ")),
        ("{link}", mail.link.to_string()),
        ("{sender}", mail.sender.to_string()),
    ]
}

/// A club template with its placeholders filled in (values escaped: the template is HTML).
fn filled(template: &str, mail: &InvitationMail) -> String {
    placeholders(mail)
        .iter()
        .fold(template.to_string(), |text, (key, value)| {
            text.replace(key, &escape(value))
        })
}

/// The mail of `mail.kind` to the invitee.
pub fn invitation(mail: &InvitationMail) -> Mail {
    const LINK_TEXT: &str = "Se invitationen og tilmeld dig";
    let button = format!("<p><a href=\"{}\">{LINK_TEXT}</a></p>", escape(mail.link));
    let (text, body) = match mail.template.filter(|t| !t.trim().is_empty()) {
        Some(template) => {
            let html = filled(template, mail);
            let text = format!(
                "{}\n\n{LINK_TEXT}: {}\n",
                crate::kit::html::visible_text(&html),
                mail.link
            );
            // A template that places {link} itself needs no button.
            let body = if template.contains("{link}") {
                html
            } else {
                format!("{html}{button}")
            };
            (text, body)
        }
        None => {
            let paragraphs = default_paragraphs(mail);
            let text = format!(
                "{}\n\n{LINK_TEXT}: {}\n",
                paragraphs.join("\n\n"),
                mail.link
            );
            let body: String = paragraphs
                .iter()
                .map(|p| format!("<p>{}</p>", escape(p).replace('\n', "<br>")))
                .collect();
            (text, format!("{body}{button}"))
        }
    };
    Mail {
        to: mail.to.to_string(),
        subject: subject(mail),
        text,
        html: Some(format!(
            "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\">{body}</body></html>"
        )),
        attachments: mail.attachment.clone().into_iter().collect(),
        ..Default::default()
    }
}

/// The SMS of `mail.kind`: the club's SMS template with its placeholders filled in (plain text),
/// or Tribune's own short text; always with the link.
pub fn invitation_sms(mail: &InvitationMail, template: Option<&str>) -> String {
    match template.filter(|t| !t.trim().is_empty()) {
        Some(template) => {
            let text = placeholders(mail).iter().fold(
                crate::kit::html::visible_text(template),
                |text, (key, value)| text.replace(key, value),
            );
            if template.contains("{link}") {
                text
            } else {
                format!("{text} {}", mail.link)
            }
        }
        None => {
            let lead = match mail.kind {
                SendKind::Invitation => format!("{} inviterer dig til", mail.club),
                SendKind::Reminder => "Påmindelse: du er inviteret til".to_string(),
                SendKind::Update => "Nyt om".to_string(),
            };
            format!(
                "Hej {}. {lead} {} {}. Tilmeld dig her: {}",
                mail.firstname, mail.event, mail.date, mail.link
            )
        }
    }
}

/// What a season-ticket holder's mail for one match says.
pub struct SeasonTicketMail<'a> {
    pub holder: &'a str,
    pub event: &'a str,
    pub date: &'a str,
    pub seat: &'a str,
    /// The ticket's download (its QR code).
    pub link: &'a str,
}

/// 'Send sæsonbilletter': the holder's ticket for the match.
pub fn season_ticket(to: &str, mail: &SeasonTicketMail) -> Mail {
    super::with_link(
        to,
        &format!("Din billet til {}", mail.event),
        &[
            format!("Kære {}", mail.holder),
            format!(
                "Her er din sæsonbillet til {} {}: {}.",
                mail.event, mail.date, mail.seat
            ),
            "Vis billetten ved indgangen.".to_string(),
        ],
        "Hent billetten",
        mail.link,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail<'a>(tickets: &'a [String]) -> InvitationMail<'a> {
        InvitationMail {
            to: "mette@holm.dk",
            kind: SendKind::Invitation,
            club: "Demo FC",
            firstname: "Mette",
            lastname: "Holm",
            company: Some("Holm ApS"),
            event: "Gallamiddag",
            date: "12.12.2026 kl. 19:00",
            location: "Stadion",
            tickets,
            link: "https://tribune.test/public/events/invite/ABC",
            sender: "Demo FC",
            ..InvitationMail::default()
        }
    }

    #[test]
    fn the_default_invitation_names_the_event_the_free_tickets_and_the_link() {
        let tickets = vec!["2 × Middag".to_string()];
        let sent = invitation(&mail(&tickets));
        assert_eq!(sent.subject, "Invitation: Gallamiddag");
        assert!(sent
            .text
            .contains("Demo FC inviterer dig som gæst fra Holm ApS til Gallamiddag"));
        assert!(sent.text.contains("gratis: 2 × Middag"));
        assert!(sent
            .text
            .contains("https://tribune.test/public/events/invite/ABC"));
    }

    #[test]
    fn a_reminder_says_so_in_its_subject_and_uses_the_clubs_subject() {
        let tickets = Vec::new();
        let sent = invitation(&InvitationMail {
            kind: SendKind::Reminder,
            subject: Some("Kom til {event}!"),
            ..mail(&tickets)
        });
        assert_eq!(sent.subject, "Påmindelse: Kom til Gallamiddag!");
    }

    #[test]
    fn a_club_template_gets_its_placeholders_escaped_and_the_link() {
        let tickets = Vec::new();
        let sent = invitation(&InvitationMail {
            template: Some("<p>Hej {firstname} fra {company}</p>"),
            company: Some("<Holm & Co>"),
            ..mail(&tickets)
        });
        let html = sent.html.unwrap_or_default();
        assert!(
            html.contains("<p>Hej Mette fra &lt;Holm &amp; Co&gt;</p>"),
            "{html}"
        );
        assert!(html.contains("href=\"https://tribune.test/public/events/invite/ABC\""));
    }
}
