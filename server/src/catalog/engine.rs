//! The search adapter boundary (issue 25 item 3): what the catalogue asks of a search engine.
//!
//! The search and suggestion routes and the staff's product picker (`prepared_order`) reach
//! the engine only through [`CatalogSearch`], handed out by [`engine`]. Today that is
//! [`MemorySearch`], the snapshot's in-memory index ([`super::search::SearchIndex`]). An
//! external engine (Meilisearch, OpenSearch) would implement the trait (query matching,
//! filters, facets, sort and paging are then its work; it answers item indexes of the
//! snapshot, found from its document ids with `Snapshot::by_uid`) and [`engine`] would hand
//! it out instead. The calls run on a blocking thread (the answer memo computes there), so a
//! blocking HTTP client fits.

use super::service::{ListPage, PageRanker};
use super::snapshot::{Filter, Snapshot, Sort};
use crate::platform::http::page::Paging;

/// One search, parsed and validated.
#[derive(Debug, Clone, Copy)]
pub struct SearchRequest<'a> {
    /// As typed (at most `search::MAX_QUERY_CHARS` chars).
    pub query: &'a str,
    pub filter: &'a Filter,
    pub sort: Sort,
    pub paging: Paging,
    /// The clock (offers start and end with time: prices, the special filter, price sorts).
    pub now: i64,
}

/// A search engine over the catalogue.
pub trait CatalogSearch: Send + Sync {
    /// The products matching `req.query` that pass `req.filter`: one page of them in
    /// `req.sort` order (relevance: exact model code first, then score), their number, and
    /// the facet counts over all of them.
    fn search(&self, snap: &Snapshot, req: &SearchRequest<'_>) -> ListPage;

    /// The `k` best matches of `query` by relevance, best first, unfiltered (suggestions,
    /// the staff's product picker).
    fn top(&self, snap: &Snapshot, query: &str, k: usize) -> Vec<usize>;
}

/// The search engine in use.
pub fn engine() -> &'static dyn CatalogSearch {
    &MemorySearch
}

/// The built-in engine: the snapshot's in-memory index, ranked by a bounded heap.
#[derive(Debug, Clone, Copy, Default)]
pub struct MemorySearch;

impl CatalogSearch for MemorySearch {
    fn search(&self, snap: &Snapshot, req: &SearchRequest<'_>) -> ListPage {
        let mut ranker = PageRanker::new(snap, req.filter, req.sort, req.paging, req.now);
        snap.index.for_each_hit(req.query, |hit| ranker.offer(hit.rank_key()));
        ranker.finish()
    }

    fn top(&self, snap: &Snapshot, query: &str, k: usize) -> Vec<usize> {
        snap.index.top(query, k).into_iter().map(|h| h.doc as usize).collect()
    }
}
