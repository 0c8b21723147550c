//! Paged lists: the `page`/`size` parameters ([`Paging`]) and the counts every page answer
//! carries ([`PageInfo`], flattened into the answer).

use poem_openapi::Object;
use shop_core::validation::{validate, Rule};

use crate::platform::error::ApiError;

/// The largest offset a query is given: the databases take a signed 64-bit `OFFSET`, and a
/// larger one (page 9223372036854775807) made sqlx panic binding it (`just fuzz`, issue 25).
pub const MAX_OFFSET: u64 = i64::MAX as u64;

/// Largest page size.
pub const MAX_PAGE_SIZE: u64 = 60;

/// A validated page request: `page` from 1, `size` from 1 (capped at [`MAX_PAGE_SIZE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// The page, from 1.
    pub page: u64,
    /// Items per page.
    pub size: u64,
}

impl Paging {
    /// Parse `page` (default 1) and `size` (default `default_size`): below 1 is a 422 naming
    /// the field with the rule's message; a larger size is capped (not an error).
    pub fn parse(page: Option<i64>, size: Option<i64>, default_size: u64) -> Result<Self, ApiError> {
        let page = page.unwrap_or(1);
        if let Err(m) = validate(&Rule::MinValue { n: 0 }, "شماره صفحه", &page.to_string()) {
            return Err(ApiError::invalid("page", m));
        }
        let size = size.unwrap_or(default_size as i64);
        if let Err(m) = validate(&Rule::MinValue { n: 0 }, "تعداد در صفحه", &size.to_string()) {
            return Err(ApiError::invalid("size", m));
        }
        Ok(Self { page: page as u64, size: (size as u64).min(MAX_PAGE_SIZE) })
    }

    /// How many items come before this page, at most [`MAX_OFFSET`].
    pub fn offset(self) -> u64 {
        (self.page - 1).saturating_mul(self.size).min(MAX_OFFSET)
    }

    /// The positions of this page's items in a list of `total` (empty past the end).
    pub fn range(self, total: u64) -> std::ops::Range<usize> {
        let start = self.offset().min(total);
        start as usize..start.saturating_add(self.size).min(total) as usize
    }

    /// The counts of this page in a list of `total`.
    pub fn info(self, total: u64) -> PageInfo {
        PageInfo { total, page: self.page, size: self.size, pages: total.div_ceil(self.size) }
    }
}

/// Where a page sits in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Object)]
#[oai(rename_all = "PascalCase")]
pub struct PageInfo {
    /// Items in the whole list.
    pub total: u64,
    /// This page, from 1.
    pub page: u64,
    /// Items per page.
    pub size: u64,
    /// Number of pages.
    pub pages: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_start_at_one_and_sizes_are_capped() {
        assert_eq!(Paging::parse(None, None, 24).unwrap(), Paging { page: 1, size: 24 });
        assert_eq!(Paging::parse(Some(3), Some(1000), 24).unwrap(), Paging { page: 3, size: 60 });
        assert_eq!(Paging::parse(Some(0), None, 24).unwrap_err().body().field.as_deref(), Some("page"));
        assert_eq!(Paging::parse(None, Some(0), 24).unwrap_err().body().field.as_deref(), Some("size"));
    }

    #[test]
    fn ranges_stop_at_the_end() {
        let p = Paging { page: 2, size: 10 };
        assert_eq!(p.range(25), 10..20);
        assert_eq!(p.range(15), 10..15);
        assert_eq!(p.range(5), 5..5);
        assert_eq!(Paging { page: u64::MAX, size: 60 }.range(7), 7..7);
        assert_eq!(p.info(25), PageInfo { total: 25, page: 2, size: 10, pages: 3 });
    }
}
