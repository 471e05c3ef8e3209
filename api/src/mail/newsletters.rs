//! The newsletter mail (spec 2 §2 Newsletter editor; §3 Newsletter; spec 1 newsletter settings):
//! the newsletter's title, description and pictures in Tribune's own layout, or in the club's
//! template (newsletter.emailTemplates, HTML cleaned when saved) with its placeholders filled in;
//! the pictures inside the mail, the attachment attached, the club's name as the sender's, and
//! an unsubscribe link in the mail and in its List-Unsubscribe header.

use super::{escape, Attachment, InlineImage, Mail};

/// The pictures' content ids (`cid:`).
const PICTURE_CID: &str = "picture@tribune";
const PICTURE_BOTTOM_CID: &str = "picture-bottom@tribune";

/// What a newsletter mail says, to whom.
#[derive(Debug, Clone, Default)]
pub struct NewsletterMail<'a> {
    pub to: &'a str,
    pub club: &'a str,
    pub subject: &'a str,
    pub title: &'a str,
    /// Sanitised HTML.
    pub description: &'a str,
    /// The club's template chosen, when one is.
    pub template: Option<&'a str>,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub company: Option<&'a str>,
    pub picture: Option<Attachment>,
    pub picture_bottom: Option<Attachment>,
    pub attachment: Option<Attachment>,
    /// The page where the recipient unsubscribes.
    pub unsubscribe_page: &'a str,
    /// Where a mail program unsubscribes with one POST (List-Unsubscribe).
    pub unsubscribe_post: &'a str,
}

fn picture_tag(picture: &Option<Attachment>, cid: &str, alt: &str) -> String {
    picture.as_ref().map_or_else(String::new, |_| {
        format!(
            "<img src=\"cid:{cid}\" alt=\"{}\" style=\"display:block;width:100%;max-width:640px;height:auto;border:0\">",
            escape(alt)
        )
    })
}

fn footer(mail: &NewsletterMail) -> String {
    format!(
        "<p style=\"font-size:12px;color:#666666;margin:24px 0 0\">Du modtager dette nyhedsbrev fra {}. \
         <a href=\"{}\" style=\"color:#666666\">Afmeld nyhedsbreve</a></p>",
        escape(mail.club),
        escape(mail.unsubscribe_page)
    )
}

/// The placeholders a club's template may use. `{description}`, `{picture}` and
/// `{pictureBottom}` are HTML; the others are text, escaped.
fn filled(template: &str, mail: &NewsletterMail) -> String {
    let html = [
        ("{description}", mail.description.to_string()),
        (
            "{picture}",
            picture_tag(&mail.picture, PICTURE_CID, mail.title),
        ),
        (
            "{pictureBottom}",
            picture_tag(&mail.picture_bottom, PICTURE_BOTTOM_CID, ""),
        ),
    ];
    let text = [
        ("{title}", mail.title),
        ("{firstname}", mail.firstname),
        ("{lastname}", mail.lastname),
        ("{company}", mail.company.unwrap_or("")),
        ("{club}", mail.club),
        ("{unsubscribe}", mail.unsubscribe_page),
    ];
    let with_text = text.iter().fold(template.to_string(), |out, (key, value)| {
        out.replace(key, &escape(value))
    });
    html.iter()
        .fold(with_text, |out, (key, value)| out.replace(key, value))
}

/// The mail to one recipient.
pub fn newsletter(mail: &NewsletterMail) -> Mail {
    let body = match mail.template.filter(|t| !t.trim().is_empty()) {
        Some(template) => {
            let html = filled(template, mail);
            // A template that places {unsubscribe} itself needs no footer.
            if template.contains("{unsubscribe}") {
                html
            } else {
                format!("{html}{}", footer(mail))
            }
        }
        None => format!(
            "{}<div style=\"padding:24px\"><h1 style=\"margin:0 0 16px;font-size:24px\">{}</h1>{}</div>{}\
             <div style=\"padding:0 24px 24px\">{}</div>",
            picture_tag(&mail.picture, PICTURE_CID, mail.title),
            escape(mail.title),
            mail.description,
            picture_tag(&mail.picture_bottom, PICTURE_BOTTOM_CID, ""),
            footer(mail),
        ),
    };
    let text = format!(
        "{}\n\n{}\n\nAfmeld nyhedsbreve fra {}: {}\n",
        mail.title,
        crate::kit::html::visible_text(mail.description),
        mail.club,
        mail.unsubscribe_page
    );
    let inline = [
        (&mail.picture, PICTURE_CID),
        (&mail.picture_bottom, PICTURE_BOTTOM_CID),
    ]
    .into_iter()
    .filter_map(|(picture, cid)| {
        picture.clone().map(|image| InlineImage {
            content_id: cid.to_string(),
            image,
        })
    })
    .collect();
    Mail {
        to: mail.to.to_string(),
        subject: mail.subject.to_string(),
        text,
        html: Some(format!(
            "<!doctype html><html lang=\"da\"><body style=\"margin:0;background:#f4f4f4;font-family:sans-serif\">\
             <div style=\"max-width:640px;margin:0 auto;background:#ffffff\">{body}</div></body></html>"
        )),
        attachments: mail.attachment.clone().into_iter().collect(),
        inline,
        from_name: Some(mail.club.to_string()),
        list_unsubscribe: Some(mail.unsubscribe_post.to_string()),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> Attachment {
        Attachment {
            file_name: "top.png".into(),
            content_type: "image/png".into(),
            storage_key: "c/1".into(),
        }
    }

    fn mail<'a>() -> NewsletterMail<'a> {
        NewsletterMail {
            to: "anna@example.dk",
            club: "FC Demo",
            subject: "Nyt fra klubben",
            title: "Sæsonstart <3",
            description: "<p>Vi <strong>ses</strong> på stadion</p>",
            firstname: "Anna",
            lastname: "Hansen",
            company: Some("Bager & Co"),
            picture: Some(picture()),
            unsubscribe_page: "https://tribune.test/newsletter/unsubscribe/abc",
            unsubscribe_post: "https://tribune.test/public/newsletters/unsubscribe/abc",
            ..Default::default()
        }
    }

    #[test]
    fn tribunes_layout_shows_the_title_the_description_the_picture_and_the_unsubscribe_link() {
        let sent = newsletter(&mail());
        let html = sent.html.unwrap_or_default();
        assert!(html.contains("<h1 style=\"margin:0 0 16px;font-size:24px\">Sæsonstart &lt;3</h1>"));
        assert!(html.contains("<p>Vi <strong>ses</strong> på stadion</p>"));
        assert!(html.contains("src=\"cid:picture@tribune\""));
        assert!(!html.contains("cid:picture-bottom@tribune"));
        assert!(html.contains("href=\"https://tribune.test/newsletter/unsubscribe/abc\""));
        assert_eq!(sent.inline.len(), 1);
        assert_eq!(sent.subject, "Nyt fra klubben");
        assert_eq!(sent.from_name.as_deref(), Some("FC Demo"));
        assert_eq!(
            sent.list_unsubscribe.as_deref(),
            Some("https://tribune.test/public/newsletters/unsubscribe/abc")
        );
        assert!(sent.text.contains("Vi ses på stadion"));
        assert!(sent
            .text
            .contains("https://tribune.test/newsletter/unsubscribe/abc"));
    }

    #[test]
    fn a_club_template_gets_text_escaped_html_as_is_and_a_footer_unless_it_places_the_link() {
        let template = "<p>Hej {firstname} fra {company}</p>{picture}<h2>{title}</h2>{description}";
        let sent = newsletter(&NewsletterMail {
            template: Some(template),
            ..mail()
        });
        let html = sent.html.unwrap_or_default();
        assert!(html.contains("<p>Hej Anna fra Bager &amp; Co</p>"));
        assert!(html.contains("<h2>Sæsonstart &lt;3</h2><p>Vi <strong>ses</strong> på stadion</p>"));
        assert!(html.contains("Afmeld nyhedsbreve</a>"));

        let own_link = "<p>{description}</p><a href=\"{unsubscribe}\">Stop</a>";
        let sent = newsletter(&NewsletterMail {
            template: Some(own_link),
            ..mail()
        });
        let html = sent.html.unwrap_or_default();
        assert!(
            html.contains("<a href=\"https://tribune.test/newsletter/unsubscribe/abc\">Stop</a>")
        );
        assert!(!html.contains("Afmeld nyhedsbreve</a>"));
    }
}
