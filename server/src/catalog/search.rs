//! Persian product search: an in-memory inverted index over the folded search text
//! (`product_info.search_text`), rebuilt from the database with the catalogue snapshot.
//!
//! Every rule about text comes from `shop_core::search` (`fold`, `tokenize`, `joined_pairs`),
//! so 'ي'/'ی', 'ك'/'ک', ZWNJ/space/nothing between word halves, Persian or Western digits
//! and Latin in any case all meet in one form.
//!
//! Matching, per query token: exact term (3 points), term prefix (2; a digits-only token only
//! matches a prefix that is not followed by another digit, so `16` finds `16gb` but not
//! `1650`), or infix for tokens of 3+ chars (1). Adjacent query tokens are also tried joined
//! (`لپ تاپ` → `لپتاپ`, `16 gb` → `16gb`) at 1.5 times the points, and the index holds the
//! joined pairs of each field too (`zen book` in a name is found by `zenbook`). Points are
//! multiplied by the field's weight. A product must match every query token (by itself or
//! inside a joined pair); when none does, products matching the most tokens (at least half)
//! are returned. Exact model matches (`ux3405`, spaces ignored) rank first.

use std::collections::HashMap;

use shop_core::search::{fold, joined_pairs, tokenize};

/// Longest query accepted (characters); longer ones are refused by the API.
pub const MAX_QUERY_CHARS: usize = 256;
/// Query tokens beyond this many are ignored.
pub const MAX_QUERY_TOKENS: usize = 12;

/// Field weights in the search text.
pub mod weight {
    pub const MODEL: u8 = 5;
    pub const NAME: u8 = 4;
    pub const BRAND: u8 = 4;
    pub const SPECS: u8 = 2;
    pub const CATEGORY: u8 = 2;
    pub const DESCRIPTION: u8 = 1;
}

/// Builds the stored search text: one `weight<TAB>folded text` line per field
/// (the `product_info.search_text` column), folded with `shop_core::search::fold`.
pub fn search_text(fields: &[(u8, &str)]) -> String {
    let mut out = String::new();
    for (w, text) in fields {
        let f = fold(text);
        if f.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&w.to_string());
        out.push('\t');
        out.push_str(&f.replace(['\n', '\t'], " "));
    }
    out
}

/// One document for the index: its search text and its model code.
#[derive(Debug, Clone)]
pub struct DocText<'a> {
    pub search_text: &'a str,
    pub model: &'a str,
}

/// A sorted vocabulary with postings.
#[derive(Debug, Default)]
struct Vocab {
    terms: Vec<String>,
    /// Postings of `terms[i]`: (document, field weight), one entry per document.
    postings: Vec<Vec<(u32, u8)>>,
}

impl Vocab {
    fn from_map(map: HashMap<String, Vec<(u32, u8)>>) -> Self {
        let mut entries: Vec<(String, Vec<(u32, u8)>)> = map.into_iter().collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let (terms, postings) = entries.into_iter().unzip();
        Self { terms, postings }
    }

    fn exact(&self, t: &str) -> Option<&[(u32, u8)]> {
        self.terms.binary_search_by(|x| x.as_str().cmp(t)).ok().map(|i| self.postings[i].as_slice())
    }
}

fn add(map: &mut HashMap<String, Vec<(u32, u8)>>, term: String, d: u32, w: u8) {
    let list = map.entry(term).or_default();
    match list.last_mut() {
        Some(last) if last.0 == d => last.1 = last.1.max(w),
        _ => list.push((d, w)),
    }
}

/// The inverted index. Documents are numbered 0..n in the order given to [`SearchIndex::build`].
/// Single tokens and joined pairs of adjacent tokens are kept apart: pairs are only ever
/// matched exactly, so they never flood prefix and infix matching.
#[derive(Debug, Default)]
pub struct SearchIndex {
    singles: Vocab,
    pairs: Vocab,
    /// Folded model code without spaces, per document.
    models: Vec<String>,
    n: usize,
}

/// One hit: document number and score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    pub doc: u32,
    pub score: f32,
    /// The query equals the model code (spaces ignored).
    pub exact_model: bool,
}

/// The compact (no spaces) folded form used to compare model codes.
pub fn compact(s: &str) -> String {
    tokenize(s).concat()
}

impl SearchIndex {
    /// Index the documents.
    pub fn build(docs: &[DocText<'_>]) -> Self {
        let mut singles: HashMap<String, Vec<(u32, u8)>> = HashMap::new();
        let mut pairs: HashMap<String, Vec<(u32, u8)>> = HashMap::new();
        let mut models = Vec::with_capacity(docs.len());
        for (d, doc) in docs.iter().enumerate() {
            let d = d as u32;
            for line in doc.search_text.lines() {
                let (w, text) = match line.split_once('\t') {
                    Some((w, t)) => (w.parse::<u8>().unwrap_or(1), t),
                    None => (1, line),
                };
                let toks = tokenize(text);
                for p in joined_pairs(&toks) {
                    add(&mut pairs, p, d, w);
                }
                for t in toks {
                    add(&mut singles, t, d, w);
                }
            }
            let m = compact(doc.model);
            if !m.is_empty() {
                for t in tokenize(doc.model) {
                    add(&mut singles, t, d, weight::MODEL);
                }
                add(&mut singles, m.clone(), d, weight::MODEL);
            }
            models.push(m);
        }
        Self { singles: Vocab::from_map(singles), pairs: Vocab::from_map(pairs), models, n: docs.len() }
    }

    /// Number of documents.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the index holds no document.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Number of distinct terms (single tokens and pairs).
    pub fn vocabulary(&self) -> usize {
        self.singles.terms.len() + self.pairs.terms.len()
    }

    /// Visit every (document, points) matching `t`; points = quality × field weight.
    /// Single tokens: exact (3), prefix (2), infix when `allow_infix` (1); pairs: exact (3).
    fn match_term(&self, t: &str, allow_infix: bool, mut f: impl FnMut(u32, f32)) {
        if t.is_empty() {
            return;
        }
        if let Some(list) = self.pairs.exact(t) {
            for &(d, w) in list {
                f(d, 3.0 * f32::from(w));
            }
        }
        let v = &self.singles;
        let digits_only = t.bytes().all(|b| b.is_ascii_digit());
        let start = v.terms.partition_point(|x| x.as_str() < t);
        let mut i = start;
        while i < v.terms.len() && v.terms[i].starts_with(t) {
            let term = &v.terms[i];
            let quality = if term.len() == t.len() {
                3.0
            } else if digits_only && term.as_bytes()[t.len()].is_ascii_digit() {
                0.0
            } else {
                2.0
            };
            if quality > 0.0 {
                for &(d, w) in &v.postings[i] {
                    f(d, quality * f32::from(w));
                }
            }
            i += 1;
        }
        if allow_infix && t.chars().count() >= 3 && !digits_only {
            for (j, term) in v.terms.iter().enumerate() {
                if (j < start || j >= i) && term.len() > t.len() && term.contains(t) {
                    for &(d, w) in &v.postings[j] {
                        f(d, f32::from(w));
                    }
                }
            }
        }
    }

    /// Search: every matching document with its score, best first (exact model matches
    /// first, then more matched tokens, then points; ties by document number).
    pub fn search(&self, query: &str) -> Vec<Hit> {
        let mut tokens = tokenize(query);
        tokens.truncate(MAX_QUERY_TOKENS);
        let k = tokens.len();
        if k == 0 || self.n == 0 {
            return Vec::new();
        }
        let n = self.n;
        let mut best = vec![0f32; n * k];
        for (i, t) in tokens.iter().enumerate() {
            self.match_term(t, true, |d, p| {
                let cell = &mut best[d as usize * k + i];
                if p > *cell {
                    *cell = p;
                }
            });
        }
        for (i, pair) in joined_pairs(&tokens).iter().enumerate() {
            self.match_term(pair, false, |d, p| {
                let p = p * 1.5;
                for j in [i, i + 1] {
                    let cell = &mut best[d as usize * k + j];
                    if p > *cell {
                        *cell = p;
                    }
                }
            });
        }
        let qc: String = tokens.concat();
        let mut counts = vec![0u8; n];
        let mut max_matched = 0u8;
        for d in 0..n {
            let c = best[d * k..(d + 1) * k].iter().filter(|&&s| s > 0.0).count() as u8;
            counts[d] = c;
            max_matched = max_matched.max(c);
        }
        if max_matched == 0 || (usize::from(max_matched) < k && usize::from(max_matched) * 2 < k) {
            return Vec::new();
        }
        let mut hits: Vec<Hit> = Vec::new();
        for d in 0..n {
            if counts[d] != max_matched {
                continue;
            }
            let mut score: f32 = best[d * k..(d + 1) * k].iter().sum();
            let m = &self.models[d];
            let exact_model = !m.is_empty() && *m == qc;
            if !exact_model && m.len() >= 4 && (qc.contains(m.as_str()) || (qc.len() >= 4 && m.starts_with(&qc))) {
                score += 50.0;
            }
            hits.push(Hit { doc: d as u32, score, exact_model });
        }
        hits.sort_unstable_by(|a, b| {
            b.exact_model
                .cmp(&a.exact_model)
                .then(b.score.partial_cmp(&a.score).unwrap_or(std::cmp::Ordering::Equal))
                .then(a.doc.cmp(&b.doc))
        });
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(items: &[(&str, &str)]) -> (Vec<String>, SearchIndex) {
        let texts: Vec<String> = items.iter().map(|(t, _)| search_text(&[(weight::NAME, t)])).collect();
        let docs: Vec<DocText> = texts
            .iter()
            .zip(items)
            .map(|(t, (_, m))| DocText { search_text: t, model: m })
            .collect();
        let idx = SearchIndex::build(&docs);
        (texts, idx)
    }

    fn docs(idx: &SearchIndex, q: &str) -> Vec<u32> {
        idx.search(q).into_iter().map(|h| h.doc).collect()
    }

    #[test]
    fn persian_variants_match() {
        let (_, idx) = index(&[
            ("لپ‌تاپ ایسوس ذن‌بوک ۱۴ رم ۱۶ گیگ", "UX3405MA"),
            ("لپ تاپ لنوو آیدیاپد رم 8 گیگ صفحه 16 اینچ حافظه 512 گیگ", "82XV"),
            ("کیف لپتاپ", ""),
        ]);
        assert_eq!(docs(&idx, "لپتاپ").len(), 3);
        assert_eq!(docs(&idx, "لپ تاپ").len(), 3);
        assert_eq!(docs(&idx, "ذن بوک"), vec![0]);
        assert_eq!(docs(&idx, "ذنبوک"), vec![0]);
        assert_eq!(docs(&idx, "ايسوس"), vec![0]);
        assert_eq!(docs(&idx, "۱۶ گیگ")[0], 0);
        assert_eq!(docs(&idx, "ux3405ma"), vec![0]);
        assert_eq!(docs(&idx, "UX3405"), vec![0]);
        assert!(docs(&idx, "!!! ???").is_empty());
        assert!(docs(&idx, "").is_empty());
    }

    #[test]
    fn exact_model_first() {
        let (_, idx) = index(&[("ThinkPad X1 Carbon", "X1C"), ("lenovo x1c x1c case", ""), ("x1c", "X1C")]);
        let hits = idx.search("x1c");
        assert!(hits[0].exact_model && hits[1].exact_model);
        assert!(!hits[2].exact_model);
    }

    #[test]
    fn digits_do_not_prefix_longer_numbers() {
        let (_, idx) = index(&[("GTX 1650", ""), ("16GB", "")]);
        assert_eq!(docs(&idx, "16"), vec![1]);
        assert_eq!(docs(&idx, "16 gb"), vec![1]);
    }
}
