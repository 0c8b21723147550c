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
use std::sync::Mutex;

use shop_core::search::{each_token, fold, joined_pairs, tokenize};

use super::rank::{RankKey, TopK};

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

/// A hash map keyed by terms: FxHash (the index hashes millions of short keys while building;
/// SipHash's resistance to chosen keys buys nothing for the shop's own product texts).
type TermMap<K, V> = HashMap<K, V, rustc_hash::FxBuildHasher>;

/// A sorted vocabulary with its postings laid end to end.
#[derive(Debug, Default)]
struct Vocab {
    terms: Vec<Box<str>>,
    /// `terms[i]`'s postings are at `starts[i]..starts[i + 1]` of `docs` (ascending, each
    /// document once) and `weights` (the document's highest field weight for the term).
    starts: Vec<usize>,
    docs: Vec<u32>,
    weights: Vec<u8>,
}

impl Vocab {
    /// The postings of `terms[i]`: (document, field weight).
    fn postings(&self, i: usize) -> impl Iterator<Item = (u32, u8)> + '_ {
        let range = self.starts[i]..self.starts[i + 1];
        self.docs[range.clone()].iter().copied().zip(self.weights[range].iter().copied())
    }

    fn find(&self, t: &str) -> Option<usize> {
        self.terms.binary_search_by(|x| (**x).cmp(t)).ok()
    }
}

/// A vocabulary being built, documents in order: each term interned once (numbered in order of
/// first sight) and each document's postings appended as (term, weight). [`Self::finish`]
/// then lays the postings out term by term, exactly sized: no list grows while building.
#[derive(Default)]
struct VocabBuilder {
    ids: TermMap<Box<str>, u32>,
    /// Per term: 1 + the last document it was added for, and that posting's place in `terms`.
    last: Vec<(u32, u32)>,
    /// Per term: its number of documents.
    counts: Vec<u32>,
    /// The postings, by document: term and weight.
    terms: Vec<u32>,
    weights: Vec<u8>,
    /// Where each document's postings start in `terms`.
    doc_starts: Vec<usize>,
}

impl VocabBuilder {
    /// The postings of document `d` follow (documents come in order, from 0).
    fn begin_doc(&mut self, d: u32) {
        debug_assert_eq!(self.doc_starts.len(), d as usize);
        self.doc_starts.push(self.terms.len());
    }

    /// The id of `term`, interned on first sight.
    fn intern(&mut self, term: &str) -> u32 {
        if let Some(&id) = self.ids.get(term) {
            return id;
        }
        let id = self.counts.len() as u32;
        self.ids.insert(term.into(), id);
        self.last.push((0, 0));
        self.counts.push(0);
        id
    }

    /// Term `id` occurs in document `d` (the current one) with weight `w`: a document keeps
    /// its highest weight.
    fn add(&mut self, id: u32, d: u32, w: u8) {
        let last = &mut self.last[id as usize];
        if last.0 == d + 1 {
            let at = last.1 as usize;
            self.weights[at] = self.weights[at].max(w);
        } else {
            *last = (d + 1, self.terms.len() as u32);
            self.terms.push(id);
            self.weights.push(w);
            self.counts[id as usize] += 1;
        }
    }

    /// The terms sorted (for prefix ranges), each with its postings.
    fn finish(self) -> Vocab {
        let Self { ids, counts, terms, weights, mut doc_starts, .. } = self;
        let mut sorted: Vec<(Box<str>, u32)> = ids.into_iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut place = vec![0usize; counts.len()];
        let mut starts = Vec::with_capacity(sorted.len() + 1);
        let mut at = 0usize;
        for (_, id) in &sorted {
            place[*id as usize] = at;
            starts.push(at);
            at += counts[*id as usize] as usize;
        }
        starts.push(at);
        let (mut docs, mut ws) = (vec![0u32; at], vec![0u8; at]);
        doc_starts.push(terms.len());
        for (d, span) in doc_starts.windows(2).enumerate() {
            for p in span[0]..span[1] {
                let slot = &mut place[terms[p] as usize];
                docs[*slot] = d as u32;
                ws[*slot] = weights[p];
                *slot += 1;
            }
        }
        Vocab { terms: sorted.into_iter().map(|(t, _)| t).collect(), starts, docs, weights: ws }
    }
}

/// The single terms by the character trigrams they contain, so that an infix match looks at
/// the few terms holding the query token's rarest trigram instead of scanning the vocabulary.
#[derive(Debug, Default)]
struct Trigrams {
    /// Trigram → indexes into the single terms, ascending.
    terms: TermMap<[char; 3], Vec<u32>>,
}

impl Trigrams {
    fn build(terms: &[Box<str>]) -> Self {
        let mut map: TermMap<[char; 3], Vec<u32>> = HashMap::default();
        let mut chars: Vec<char> = Vec::new();
        for (j, term) in terms.iter().enumerate() {
            chars.clear();
            chars.extend(term.chars());
            for w in chars.windows(3) {
                let list = map.entry([w[0], w[1], w[2]]).or_default();
                if list.last() != Some(&(j as u32)) {
                    list.push(j as u32);
                }
            }
        }
        Self { terms: map }
    }

    /// Indexes of the terms that may contain `t` (3+ chars): those holding its rarest trigram.
    fn candidates(&self, t: &str) -> &[u32] {
        let chars: Vec<char> = t.chars().collect();
        let mut best: &[u32] = &[];
        for (n, w) in chars.windows(3).enumerate() {
            let list = self.terms.get(&[w[0], w[1], w[2]]).map_or(&[][..], Vec::as_slice);
            if n == 0 || list.len() < best.len() {
                best = list;
            }
            if best.is_empty() {
                break;
            }
        }
        best
    }
}

/// The documents' model codes (folded, without spaces), each distinct code once, sorted.
#[derive(Debug, Default)]
struct Models {
    codes: Vec<Box<str>>,
    /// Per document: its code's index in `codes`; [`Models::NONE`] without a code.
    of_doc: Vec<u32>,
    /// The longest code, in bytes.
    longest: usize,
}

impl Models {
    const NONE: u32 = u32::MAX;

    fn build(per_doc: Vec<String>) -> Self {
        let mut codes: Vec<&str> = per_doc.iter().map(String::as_str).filter(|m| !m.is_empty()).collect();
        codes.sort_unstable();
        codes.dedup();
        let of_doc = per_doc
            .iter()
            .map(|m| if m.is_empty() { Self::NONE } else { codes.binary_search(&m.as_str()).map_or(Self::NONE, |i| i as u32) })
            .collect();
        let longest = codes.iter().map(|c| c.len()).max().unwrap_or(0);
        Self { codes: codes.into_iter().map(Box::from).collect(), of_doc, longest }
    }

    /// The codes that lift a document for the compact query `qc`: (code index, exact) for the
    /// code equal to `qc` (exact), and codes of 4+ bytes inside `qc` or starting with it (4+
    /// bytes), sorted by index. Found by lookups, never by visiting every document.
    fn lifted(&self, qc: &str) -> Vec<(u32, bool)> {
        let mut out: Vec<(u32, bool)> = Vec::new();
        let find = |s: &str| self.codes.binary_search_by(|c| (**c).cmp(s)).ok();
        if let Some(i) = find(qc) {
            out.push((i as u32, true));
        }
        if qc.len() >= 4 {
            let from = self.codes.partition_point(|c| &**c < qc);
            for (i, c) in self.codes.iter().enumerate().skip(from) {
                if !c.starts_with(qc) {
                    break;
                }
                if c.len() > qc.len() {
                    out.push((i as u32, false));
                }
            }
        }
        // Every substring of `qc` of 4 bytes up to the longest code, at char boundaries.
        let bounds: Vec<usize> = qc.char_indices().map(|(b, _)| b).chain([qc.len()]).collect();
        for (a, &s) in bounds.iter().enumerate() {
            for &e in &bounds[a + 1..] {
                if e - s > self.longest {
                    break;
                }
                if e - s >= 4 && e - s < qc.len() {
                    if let Some(i) = find(&qc[s..e]) {
                        out.push((i as u32, false));
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup_by_key(|x| x.0);
        out
    }
}

/// The inverted index. Documents are numbered 0..n in the order given to [`SearchIndex::build`].
/// Single tokens and joined pairs of adjacent tokens are kept apart: pairs are only ever
/// matched exactly, so they never flood prefix and infix matching.
#[derive(Debug, Default)]
pub struct SearchIndex {
    singles: Vocab,
    pairs: Vocab,
    trigrams: Trigrams,
    models: Models,
    n: usize,
    /// Working memory of finished searches, reused ([`Scratch`]).
    scratch: Mutex<Vec<Scratch>>,
}

/// One hit: document number and score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    pub doc: u32,
    pub score: f32,
    /// The query equals the model code (spaces ignored).
    pub exact_model: bool,
}

impl Hit {
    /// The relevance order as a key: exact model matches first, then higher score, then lower
    /// document number (scores are never negative, so their bits order like them).
    pub fn rank_key(&self) -> RankKey {
        (!self.exact_model, !i64::from(self.score.to_bits()), i64::from(self.doc), self.doc as usize)
    }

    /// The hit a [`Hit::rank_key`] was made from.
    pub fn from_rank_key(key: RankKey) -> Self {
        Self { doc: key.3 as u32, score: f32::from_bits(!key.1 as u32), exact_model: !key.0 }
    }
}

/// The compact (no spaces) folded form used to compare model codes.
pub fn compact(s: &str) -> String {
    let mut out = String::new();
    each_token(s, |t| out.push_str(t));
    out
}

/// Per-search working memory, dense over the documents (a broad query touches them all, and
/// a posting then costs one write in document order): each query token's best points per
/// document, and how many tokens matched it. All zero between searches.
#[derive(Debug, Default)]
struct Scratch {
    /// `k` cells per document: the best points of each query token.
    cells: Vec<f32>,
    /// Per document: how many query tokens matched (its cells above 0).
    counts: Vec<u8>,
    k: usize,
}

impl Scratch {
    /// Most searches' working memory kept for reuse (about 5 bytes per document and token).
    const POOL: usize = 8;

    fn begin(&mut self, n: usize, k: usize) {
        if self.counts.len() != n {
            self.counts = vec![0; n];
        }
        if self.cells.len() != n * k {
            self.cells.clear();
            self.cells.resize(n * k, 0.0);
        }
        self.k = k;
    }

    /// Token `i` scores `p` in document `d`: keep the best.
    #[inline]
    fn raise(&mut self, d: u32, i: usize, p: f32) {
        let cell = &mut self.cells[d as usize * self.k + i];
        if p > *cell {
            if *cell == 0.0 {
                self.counts[d as usize] += 1;
            }
            *cell = p;
        }
    }

    fn end(&mut self) {
        self.cells.fill(0.0);
        self.counts.fill(0);
    }
}

impl SearchIndex {
    /// Index the documents.
    pub fn build(docs: &[DocText<'_>]) -> Self {
        let mut singles = VocabBuilder::default();
        let mut pairs = VocabBuilder::default();
        // Adjacent single terms → their joined pair: the pair's text is made once.
        let mut pair_of: TermMap<(u32, u32), u32> = HashMap::default();
        let mut models = Vec::with_capacity(docs.len());
        let (mut prev_text, mut joined) = (String::new(), String::new());
        for (d, doc) in docs.iter().enumerate() {
            let d = d as u32;
            singles.begin_doc(d);
            pairs.begin_doc(d);
            for line in doc.search_text.lines() {
                let (w, text) = match line.split_once('\t') {
                    Some((w, t)) => (w.parse::<u8>().unwrap_or(1), t),
                    None => (1, line),
                };
                let mut prev: Option<u32> = None;
                each_token(text, |t| {
                    let id = singles.intern(t);
                    if let Some(p) = prev {
                        let pair = *pair_of.entry((p, id)).or_insert_with(|| {
                            joined.clear();
                            joined.push_str(&prev_text);
                            joined.push_str(t);
                            pairs.intern(&joined)
                        });
                        pairs.add(pair, d, w);
                    }
                    singles.add(id, d, w);
                    prev_text.clear();
                    prev_text.push_str(t);
                    prev = Some(id);
                });
            }
            let mut m = String::new();
            each_token(doc.model, |t| {
                let id = singles.intern(t);
                singles.add(id, d, weight::MODEL);
                m.push_str(t);
            });
            if !m.is_empty() {
                let id = singles.intern(&m);
                singles.add(id, d, weight::MODEL);
            }
            models.push(m);
        }
        let singles = singles.finish();
        let trigrams = Trigrams::build(&singles.terms);
        Self { singles, pairs: pairs.finish(), trigrams, models: Models::build(models), n: docs.len(), scratch: Mutex::default() }
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

    /// Number of postings (a term's documents, summed over the terms).
    pub fn postings(&self) -> usize {
        self.singles.docs.len() + self.pairs.docs.len()
    }

    /// Visit every (document, points) matching `t`; points = quality × field weight.
    /// Single tokens: exact (3), prefix (2), infix when `allow_infix` (1); pairs: exact (3).
    fn match_term(&self, t: &str, allow_infix: bool, mut f: impl FnMut(u32, f32)) {
        if t.is_empty() {
            return;
        }
        if let Some(i) = self.pairs.find(t) {
            for (d, w) in self.pairs.postings(i) {
                f(d, 3.0 * f32::from(w));
            }
        }
        let v = &self.singles;
        let digits_only = t.bytes().all(|b| b.is_ascii_digit());
        let start = v.terms.partition_point(|x| &**x < t);
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
                for (d, w) in v.postings(i) {
                    f(d, quality * f32::from(w));
                }
            }
            i += 1;
        }
        if allow_infix && t.chars().count() >= 3 && !digits_only {
            for &j in self.trigrams.candidates(t) {
                let j = j as usize;
                let term = &v.terms[j];
                if (j < start || j >= i) && term.len() > t.len() && term.contains(t) {
                    for (d, w) in v.postings(j) {
                        f(d, f32::from(w));
                    }
                }
            }
        }
    }

    /// Every matching document with its score, by document number (rank them by
    /// [`Hit::rank_key`]). A product must match every query token, alone or inside a joined
    /// pair; when none does, those matching the most tokens (at least half) are the hits.
    /// Exact model matches are flagged; a model code of 4+ chars inside the query (or starting
    /// with it) adds 50 points.
    pub fn for_each_hit(&self, query: &str, mut f: impl FnMut(Hit)) {
        let mut tokens = tokenize(query);
        tokens.truncate(MAX_QUERY_TOKENS);
        let k = tokens.len();
        if k == 0 || self.n == 0 {
            return;
        }
        let mut s = self.scratch.lock().ok().and_then(|mut pool| pool.pop()).unwrap_or_default();
        s.begin(self.n, k);
        for (i, t) in tokens.iter().enumerate() {
            self.match_term(t, true, |d, p| s.raise(d, i, p));
        }
        for (i, pair) in joined_pairs(&tokens).iter().enumerate() {
            self.match_term(pair, false, |d, p| {
                let p = p * 1.5;
                s.raise(d, i, p);
                s.raise(d, i + 1, p);
            });
        }
        let max_matched = s.counts.iter().copied().max().unwrap_or(0);
        if max_matched > 0 && (usize::from(max_matched) == k || usize::from(max_matched) * 2 >= k) {
            let qc: String = tokens.concat();
            let lifted = self.models.lifted(&qc);
            for (d, &count) in s.counts.iter().enumerate() {
                if count != max_matched {
                    continue;
                }
                let mut score: f32 = s.cells[d * k..(d + 1) * k].iter().sum();
                let mut exact_model = false;
                if !lifted.is_empty() {
                    let m = self.models.of_doc[d];
                    if let Ok(at) = lifted.binary_search_by_key(&m, |x| x.0) {
                        exact_model = lifted[at].1;
                        if !exact_model {
                            score += 50.0;
                        }
                    }
                }
                f(Hit { doc: d as u32, score, exact_model });
            }
        }
        s.end();
        if let Ok(mut pool) = self.scratch.lock() {
            if pool.len() < Scratch::POOL {
                pool.push(s);
            }
        }
    }

    /// The best `k` hits, best first (exact model matches first, then more points; ties by
    /// document number): a bounded heap, so a broad query never sorts the catalogue.
    pub fn top(&self, query: &str, k: usize) -> Vec<Hit> {
        let mut top = TopK::new(k);
        self.for_each_hit(query, |h| top.push(h.rank_key()));
        top.into_sorted().into_iter().map(Hit::from_rank_key).collect()
    }

    /// Search: every matching document with its score, best first (the order of [`Self::top`]).
    pub fn search(&self, query: &str) -> Vec<Hit> {
        let mut hits: Vec<Hit> = Vec::new();
        self.for_each_hit(query, |h| hits.push(h));
        hits.sort_unstable_by_key(|h| h.rank_key());
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

    /// The index as it was before top-k ranking (full vocabulary scans for infixes, a model
    /// comparison per document, a full sort): the reference the new one must equal.
    mod before {
        use super::super::{compact, weight, DocText, Hit, MAX_QUERY_TOKENS};
        use shop_core::search::{joined_pairs, tokenize};
        use std::collections::HashMap;

        type Vocab = (Vec<String>, Vec<Vec<(u32, u8)>>);

        fn vocab(map: HashMap<String, Vec<(u32, u8)>>) -> Vocab {
            let mut entries: Vec<(String, Vec<(u32, u8)>)> = map.into_iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            entries.into_iter().unzip()
        }

        fn add(map: &mut HashMap<String, Vec<(u32, u8)>>, term: String, d: u32, w: u8) {
            let list = map.entry(term).or_default();
            match list.last_mut() {
                Some(last) if last.0 == d => last.1 = last.1.max(w),
                _ => list.push((d, w)),
            }
        }

        pub struct Index {
            singles: Vocab,
            pairs: Vocab,
            models: Vec<String>,
        }

        pub fn build(docs: &[DocText<'_>]) -> Index {
            let mut singles = HashMap::new();
            let mut pairs = HashMap::new();
            let mut models = Vec::new();
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
            Index { singles: vocab(singles), pairs: vocab(pairs), models }
        }

        impl Index {
            fn match_term(&self, t: &str, allow_infix: bool, mut f: impl FnMut(u32, f32)) {
                if let Ok(i) = self.pairs.0.binary_search_by(|x| x.as_str().cmp(t)) {
                    for &(d, w) in &self.pairs.1[i] {
                        f(d, 3.0 * f32::from(w));
                    }
                }
                let (terms, postings) = &self.singles;
                let digits_only = t.bytes().all(|b| b.is_ascii_digit());
                let start = terms.partition_point(|x| x.as_str() < t);
                let mut i = start;
                while i < terms.len() && terms[i].starts_with(t) {
                    let term = &terms[i];
                    let quality = if term.len() == t.len() {
                        3.0
                    } else if digits_only && term.as_bytes()[t.len()].is_ascii_digit() {
                        0.0
                    } else {
                        2.0
                    };
                    if quality > 0.0 {
                        for &(d, w) in &postings[i] {
                            f(d, quality * f32::from(w));
                        }
                    }
                    i += 1;
                }
                if allow_infix && t.chars().count() >= 3 && !digits_only {
                    for (j, term) in terms.iter().enumerate() {
                        if (j < start || j >= i) && term.len() > t.len() && term.contains(t) {
                            for &(d, w) in &postings[j] {
                                f(d, f32::from(w));
                            }
                        }
                    }
                }
            }

            pub fn search(&self, query: &str) -> Vec<Hit> {
                let mut tokens = tokenize(query);
                tokens.truncate(MAX_QUERY_TOKENS);
                let (k, n) = (tokens.len(), self.models.len());
                if k == 0 || n == 0 {
                    return Vec::new();
                }
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
                let counts: Vec<u8> = (0..n).map(|d| best[d * k..(d + 1) * k].iter().filter(|&&s| s > 0.0).count() as u8).collect();
                let max_matched = counts.iter().copied().max().unwrap_or(0);
                if max_matched == 0 || (usize::from(max_matched) < k && usize::from(max_matched) * 2 < k) {
                    return Vec::new();
                }
                let mut hits = Vec::new();
                for d in (0..n).filter(|&d| counts[d] == max_matched) {
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
    }

    /// A generated catalogue: the demo laptops several times over (so scores tie, broken by
    /// document number), with series names, model codes that are prefixes and infixes of one
    /// another, and a few documents without a model.
    fn generated() -> (Vec<(String, String)>, Vec<&'static str>) {
        let laptops = crate::catalog::sample::demo_laptops();
        let mut docs = Vec::new();
        for i in 0..420 {
            let l = &laptops[i % laptops.len()];
            let series = i / laptops.len();
            let name = if series == 0 { l.name.clone() } else { format!("{} (سری {})", l.name, series + 1) };
            let specs = format!("{} رم {} گیگ {}gb {} {}", l.cpu, l.ram_gb, l.ram_gb, l.gpu, l.storage_gb);
            let text = search_text(&[
                (weight::NAME, &name),
                (weight::NAME, &l.uid.replace('-', " ")),
                (weight::MODEL, &l.model),
                (weight::BRAND, &l.brand),
                (weight::SPECS, &specs),
                (weight::DESCRIPTION, "لپ‌تاپ مناسب کار و بازی با کیفیت ساخت بالا"),
            ]);
            let model = match i % 9 {
                0 => String::new(),
                1 => l.model.chars().take(4).collect(),
                2 => format!("{}X", l.model),
                _ => l.model.clone(),
            };
            docs.push((text, model));
        }
        docs.push((search_text(&[(weight::NAME, "کیف لپتاپ ۱۵ اینچ")]), "BAG1".into()));
        docs.push((search_text(&[(weight::NAME, "GTX 1650 16GB")]), "gtx1650".into()));
        let mut queries: Vec<&'static str> = include_str!("../../../bench/search-queries.txt")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        queries.extend([
            "16", "16 gb", "1", "a", "ux", "ux34", "UX3405", "ux3405ma", "x1c", "بوک", "نبو", "اینچ", "gtx1650", "gtx 1650 16gb",
            "لنوو zzzz", "asus qqq www", "asus zenbook qqq", "!!!", "", "a b c d e f g h i j k l m n",
            "ایسوس ذنبوک ۱۴ رم ۱۶ گیگ لپ تاپ", "کیف",
        ]);
        (docs, queries)
    }

    #[test]
    fn ranking_equals_the_full_sort_of_before() {
        let (docs, queries) = generated();
        let texts: Vec<DocText> = docs.iter().map(|(t, m)| DocText { search_text: t, model: m }).collect();
        let (new, old) = (SearchIndex::build(&texts), before::build(&texts));
        let key = |h: &Hit| (h.doc, h.score.to_bits(), h.exact_model);
        let mut tied = 0;
        for q in queries {
            let want: Vec<_> = old.search(q).iter().map(key).collect();
            let got: Vec<_> = new.search(q).iter().map(key).collect();
            assert_eq!(got, want, "{q:?}");
            for k in [0, 1, 5, 24, 100, want.len(), want.len() + 10] {
                let top: Vec<_> = new.top(q, k).iter().map(key).collect();
                assert_eq!(top, want[..k.min(want.len())], "{q:?}, top {k}");
            }
            tied += want.windows(2).filter(|w| w[0].1 == w[1].1 && w[0].2 == w[1].2).count();
        }
        assert!(tied > 1000, "the catalogue has ties for the document order to break ({tied})");
    }

    #[test]
    fn model_codes_lift_by_lookup() {
        let (_, idx) = index(&[("a", "UX3405MA"), ("b", "UX34"), ("c", "UX3405"), ("d", ""), ("e", "x1")]);
        let hits = idx.search("UX3405");
        // Exact first; then the codes of 4+ chars inside the query or starting with it (+50).
        assert_eq!(hits[0].doc, 2);
        assert!(hits[0].exact_model && !hits[1].exact_model);
        let lifted: Vec<u32> = idx.models.lifted("ux3405").into_iter().map(|(i, _)| i).collect();
        let codes: Vec<&str> = lifted.iter().map(|&i| &*idx.models.codes[i as usize]).collect();
        assert_eq!(codes, ["ux34", "ux3405", "ux3405ma"]);
    }

    #[test]
    fn digits_do_not_prefix_longer_numbers() {
        let (_, idx) = index(&[("GTX 1650", ""), ("16GB", "")]);
        assert_eq!(docs(&idx, "16"), vec![1]);
        assert_eq!(docs(&idx, "16 gb"), vec![1]);
    }
}
