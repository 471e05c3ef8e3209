//! Rich text from the editor (Quill HTML) as a tree of data that the typst template lays out.
//!
//! The text never becomes typst markup: every text node is a JSON string that the template
//! prints with `text(…)`, so `*`, `#`, `$` or `]` in a description print as they are.
//!
//! Kept: p, br, strong/b, em/i, u, s, ul/ol/li (Quill 2 writes every list as `<ol>` with
//! `li data-list="bullet|ordered"`), h1–h3, and a (its text). Any other element is dropped and
//! its text kept, except script, style and the like, whose content is no text at all.

use scraper::{ElementRef, Html, Node};
use serde_json::{json, Value};

/// The rich text as a list of nodes: a string is text; an object has `k` (its kind) and `c`
/// (its children), a heading also `level`.
pub fn to_nodes(html: &str) -> Value {
    let fragment = Html::parse_fragment(html);
    Value::Array(children(fragment.root_element(), true))
}

/// Whether the HTML has anything to print, so that an empty editor (`<p><br></p>`) prints no
/// section.
pub fn has_text(html: &str) -> bool {
    Html::parse_fragment(html)
        .root_element()
        .text()
        .any(|text| !text.trim().is_empty())
}

fn children(parent: ElementRef<'_>, block_container: bool) -> Vec<Value> {
    let mut nodes = Vec::new();
    for child in parent.children() {
        match child.value() {
            Node::Text(text) => {
                let text = collapse_whitespace(text);
                // Between blocks (lists, the top level) whitespace is layout of the source.
                let between_blocks = block_container && text.trim().is_empty();
                if !text.is_empty() && !between_blocks {
                    nodes.push(Value::String(text));
                }
            }
            Node::Element(_) => {
                if let Some(element) = ElementRef::wrap(child) {
                    nodes.extend(element_nodes(element));
                }
            }
            _ => {}
        }
    }
    nodes
}

fn element_nodes(element: ElementRef<'_>) -> Vec<Value> {
    let name = element.value().name();
    let node = |kind: &str, block: bool| json!({ "k": kind, "c": children(element, block) });
    match name {
        "p" | "div" | "blockquote" => vec![node("p", false)],
        "br" => vec![json!({ "k": "br" })],
        "strong" | "b" => vec![node("strong", false)],
        "em" | "i" => vec![node("em", false)],
        "u" => vec![node("u", false)],
        "s" | "strike" | "del" => vec![node("s", false)],
        "h1" | "h2" | "h3" => {
            let level = name[1..].parse::<u8>().unwrap_or(3);
            vec![json!({ "k": "h", "level": level, "c": children(element, false) })]
        }
        "ul" | "ol" => list(element, name == "ol"),
        // A stray <li> outside a list still reads as a bullet.
        "li" => vec![json!({ "k": "ul", "c": [node("li", false)] })],
        "script" | "style" | "template" | "head" | "title" | "noscript" | "iframe" | "object"
        | "img" | "svg" | "math" | "video" | "audio" | "canvas" => Vec::new(),
        _ => children(element, false),
    }
}

/// A list, split where Quill 2 switches between bullets and numbers inside one `<ol>`.
fn list(element: ElementRef<'_>, ordered_by_tag: bool) -> Vec<Value> {
    let mut lists: Vec<(bool, Vec<Value>)> = Vec::new();
    for child in element.children() {
        let Some(item) = ElementRef::wrap(child) else {
            // Text directly in a list is not valid HTML; keep it as an item of its own.
            if let Node::Text(text) = child.value() {
                let text = collapse_whitespace(text);
                if !text.trim().is_empty() {
                    push_item(&mut lists, ordered_by_tag, Value::String(text));
                }
            }
            continue;
        };
        if item.value().name() != "li" {
            for node in element_nodes(item) {
                push_item(&mut lists, ordered_by_tag, node);
            }
            continue;
        }
        let ordered = match item.value().attr("data-list") {
            Some("bullet") => false,
            Some("ordered") => true,
            _ => ordered_by_tag,
        };
        push_item(
            &mut lists,
            ordered,
            json!({ "k": "li", "c": children(item, false) }),
        );
    }
    lists
        .into_iter()
        .map(|(ordered, items)| json!({ "k": if ordered { "ol" } else { "ul" }, "c": items }))
        .collect()
}

fn push_item(lists: &mut Vec<(bool, Vec<Value>)>, ordered: bool, item: Value) {
    let item = match item {
        Value::Object(ref map) if map.get("k").and_then(Value::as_str) == Some("li") => item,
        other => json!({ "k": "li", "c": [other] }),
    };
    match lists.last_mut() {
        Some((last_ordered, items)) if *last_ordered == ordered => items.push(item),
        _ => lists.push((ordered, vec![item])),
    }
}

/// HTML's rule: any run of spaces, tabs and newlines is one space (a no-break space stays).
fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_space = false;
    for c in text.chars() {
        if c.is_ascii_whitespace() {
            if !in_space {
                out.push(' ');
            }
            in_space = true;
        } else {
            out.push(c);
            in_space = false;
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;

    #[test]
    fn paragraphs_and_inline_styles_become_nodes() {
        assert_eq!(
            to_nodes("<p>Hej <strong>fed</strong> og <em>kursiv</em><br>ny linje</p>"),
            json!([{ "k": "p", "c": [
                "Hej ", { "k": "strong", "c": ["fed"] }, " og ", { "k": "em", "c": ["kursiv"] },
                { "k": "br" }, "ny linje"
            ] }])
        );
    }

    #[test]
    fn entities_are_decoded_and_unknown_tags_keep_their_text() {
        assert_eq!(
            to_nodes("<p>&lt;b&gt; &amp; &aelig;&oslash;&aring; <span class=\"x\">inde</span></p>"),
            json!([{ "k": "p", "c": ["<b> & æøå ", "inde"] }])
        );
    }

    #[test]
    fn scripts_and_images_leave_nothing() {
        assert_eq!(
            to_nodes("<p>a<script>alert(1)</script><img src=x>b</p>"),
            json!([{ "k": "p", "c": ["a", "b"] }])
        );
    }

    #[test]
    fn quill_two_lists_split_into_bullets_and_numbers() {
        let html = "<ol><li data-list=\"bullet\">a</li><li data-list=\"bullet\">b</li>\
                    <li data-list=\"ordered\">c</li></ol><ul><li>d</li></ul>";
        assert_eq!(
            to_nodes(html),
            json!([
                { "k": "ul", "c": [{ "k": "li", "c": ["a"] }, { "k": "li", "c": ["b"] }] },
                { "k": "ol", "c": [{ "k": "li", "c": ["c"] }] },
                { "k": "ul", "c": [{ "k": "li", "c": ["d"] }] }
            ])
        );
    }

    #[test]
    fn headings_links_and_whitespace() {
        assert_eq!(
            to_nodes("\n<h2>Titel</h2>\n<p><a href=\"https://x\">link  \n tekst</a></p>\n"),
            json!([
                { "k": "h", "level": 2, "c": ["Titel"] },
                { "k": "p", "c": ["link tekst"] }
            ])
        );
    }

    #[test]
    fn an_empty_editor_has_no_text() {
        assert!(!has_text("<p><br></p>"));
        assert!(!has_text(""));
        assert!(has_text("<p>x</p>"));
    }
}
