//! Text as forms send it, and text as searches use it.

/// Optional text: trimmed, empty as None.
pub fn clean(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

/// A LIKE/ILIKE pattern that finds `search` anywhere, with LIKE's own characters (`%`, `_` and
/// the escape `\`) taken literally: the list kit's. Every search binds its pattern through it;
/// never build one with `'%' || $n || '%'`.
pub use tribune_projections::list::like_pattern;

/// `like_pattern` of the cleaned search, or None when there is nothing to search for.
pub fn search_pattern(search: &Option<String>) -> Option<String> {
    clean(search).map(|s| like_pattern(&s))
}

/// A Danish decimal: digits with optional '.' thousands groups and an optional ',' fraction.
pub fn is_danish_decimal(text: &str) -> bool {
    let text = text.trim().strip_prefix('-').unwrap_or(text.trim());
    let (whole, fraction) = match text.split_once(',') {
        Some((w, f)) => (w, Some(f)),
        None => (text, None),
    };
    let whole_ok = if whole.contains('.') {
        let mut groups = whole.split('.');
        let first = groups.next().unwrap_or_default();
        (1..=3).contains(&first.len())
            && first.chars().all(|c| c.is_ascii_digit())
            && groups.all(|g| g.len() == 3 && g.chars().all(|c| c.is_ascii_digit()))
    } else {
        !whole.is_empty() && whole.chars().all(|c| c.is_ascii_digit())
    };
    whole_ok && fraction.is_none_or(|f| !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()))
}

/// A slug of a title (an event's public url, a seat chart's key): lower case, Danish letters spelled out
/// (æ → ae, ø → oe, å → aa), everything else but letters and digits a dash.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.to_lowercase().chars() {
        let spelled = match c {
            'æ' | 'ä' => "ae",
            'ø' | 'ö' => "oe",
            'å' => "aa",
            'ü' => "ue",
            'ß' => "ss",
            'é' | 'è' | 'ê' | 'ë' => "e",
            'á' | 'à' | 'â' => "a",
            'ó' | 'ò' | 'ô' => "o",
            'í' | 'ì' | 'î' | 'ï' => "i",
            'ú' | 'ù' | 'û' => "u",
            'ñ' => "n",
            'ç' => "c",
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => "-",
        };
        if spelled == "-" && (out.is_empty() || out.ends_with('-')) {
            continue;
        }
        out.push_str(spelled);
    }
    let mut slug: String = out.chars().take(80).collect();
    while slug.ends_with('-') {
        slug.pop();
    }
    if slug.is_empty() {
        "arrangement".to_string()
    } else {
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slug_spells_out_the_danish_letters_and_dashes_the_rest() {
        assert_eq!(slug("Hjemmekamp mod AGF"), "hjemmekamp-mod-agf");
        assert_eq!(slug("  Ærø – Åbent hus!  "), "aeroe-aabent-hus");
        assert_eq!(
            slug("Sæson 2026/27: Ølsmagning"),
            "saeson-2026-27-oelsmagning"
        );
        assert_eq!(slug("!!!"), "arrangement");
        assert!(slug(&"a".repeat(300)).len() <= 80);
    }

    #[test]
    fn clean_trims_and_drops_empty_text() {
        assert_eq!(clean(&Some("  a ".into())), Some("a".into()));
        assert_eq!(clean(&Some("   ".into())), None);
        assert_eq!(clean(&None), None);
    }

    #[test]
    fn like_patterns_take_the_wildcards_literally() {
        assert_eq!(like_pattern("50%"), "%50\\%%");
        assert_eq!(like_pattern("a_b"), "%a\\_b%");
        assert_eq!(like_pattern("c:\\x"), "%c:\\\\x%");
        assert_eq!(search_pattern(&Some(" _ ".into())), Some("%\\_%".into()));
        assert_eq!(search_pattern(&Some(" ".into())), None);
    }

    #[test]
    fn danish_decimals_use_a_comma_and_optional_thousands_dots() {
        for ok in ["0", "12", "1,5", "1.234,50", "-3,25", "1.000.000"] {
            assert!(is_danish_decimal(ok), "{ok}");
        }
        for bad in ["", "1.5", "1,", ",5", "12.34", "abc", "1.2345,0", "1,2,3"] {
            assert!(!is_danish_decimal(bad), "{bad}");
        }
    }
}
