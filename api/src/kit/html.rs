//! HTML from the rich-text editor, made safe once, on the way in.

/// What may survive of rich text (comments, shop descriptions, rich-text custom fields): what
/// the editor (Quill, headings 1 and 2) produces. Every rich-text field is cleaned on the way in.
/// Plain text made safe inside HTML text and attribute values (mails, link pages).
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

pub fn sanitize(html: &str) -> String {
    ammonia::Builder::default()
        .tags(
            [
                "h1",
                "h2",
                "p",
                "br",
                "strong",
                "b",
                "em",
                "i",
                "u",
                "s",
                "ol",
                "ul",
                "li",
                "a",
                "blockquote",
                "span",
            ]
            .into(),
        )
        .add_tag_attributes("li", ["data-list"])
        .add_tag_attributes("a", ["href", "target"])
        .url_schemes(["http", "https", "mailto", "tel"].into())
        .link_rel(Some("noopener noreferrer"))
        .clean(html)
        .to_string()
}

/// The visible text of sanitized HTML, to tell an empty editor ("<p><br></p>") from a comment.
pub fn visible_text(html: &str) -> String {
    ammonia::Builder::empty()
        .clean(html)
        .to_string()
        .replace("&nbsp;", " ")
        .trim()
        .to_string()
}
