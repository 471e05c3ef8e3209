//! The page a single-use mail link lands on. Mail scanners and link previews open every link in a
//! mail, so opening one must not use it up (no state change on GET): the link shows one button,
//! and the button POSTs the token back to the same address. A plain form, no script, so it works
//! under the Content-Security-Policy and without the SPA.

use actix_web::http::header;
use actix_web::HttpResponse;
use serde::Deserialize;

use super::html::escape;

/// `?token=` of a mail link, or the `token` field the page's form posts.
#[derive(Debug, Deserialize, utoipa::ToSchema, utoipa::IntoParams)]
pub struct TokenQuery {
    pub token: Option<String>,
}

/// The token of a mail link: the posted form's field, else the address's `?token=`.
pub fn link_token(query: &TokenQuery, form: Option<&TokenQuery>) -> Option<String> {
    form.and_then(|f| f.token.clone())
        .or_else(|| query.token.clone())
        .filter(|t| !t.is_empty())
}

/// What the page says and where its button posts.
pub struct LinkPage<'a> {
    pub title: &'a str,
    pub text: &'a str,
    pub button: &'a str,
    /// The path the form posts to (the link's own path).
    pub action: &'a str,
}

impl LinkPage<'_> {
    pub fn html(&self, token: &str) -> String {
        format!(
            "<!doctype html><html lang=\"da\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <meta name=\"robots\" content=\"noindex\"><title>{title}</title>\
             <style>body{{font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}}\
             button{{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}}</style></head>\
             <body><main><h1>{title}</h1><p>{text}</p>\
             <form method=\"post\" action=\"{action}\">\
             <input type=\"hidden\" name=\"token\" value=\"{token}\">\
             <button type=\"submit\">{button}</button></form></main></body></html>",
            title = escape(self.title),
            text = escape(self.text),
            action = escape(self.action),
            token = escape(token),
            button = escape(self.button),
        )
    }

    /// 200 with the page; never cached, and the token in the address goes nowhere else.
    pub fn response(&self, token: &str) -> HttpResponse {
        HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .insert_header((header::REFERRER_POLICY, "no-referrer"))
            .body(self.html(token))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_and_texts_are_escaped_into_a_form_that_posts_back() {
        let page = LinkPage {
            title: "Bekræft",
            text: "A & B",
            button: "Bekræft e-mail adresse",
            action: "/confirm-email",
        };
        let html = page.html("abc\"><script>");
        assert!(html.contains("<form method=\"post\" action=\"/confirm-email\">"));
        assert!(html.contains("value=\"abc&quot;&gt;&lt;script&gt;\""));
        assert!(html.contains("<p>A &amp; B</p>"));
        assert!(!html.contains("<script>"));
    }
}
