//! The list protocol, once (spec 1 §7 Tables; issue 11 §1): `POST {ep}` with `{filter, sort,
//! page, perPage}` answers `{Result, TotalPages, Total}`, and its export writes exactly the same
//! rows, filtered and sorted the same way, without paging.
//!
//! A list is a `ListSpec`: where its rows come from and which club owns them, its columns, its
//! filters, how search finds rows (columns, a search-text column or a fenced function), how it
//! counts (exactly or from a counter table), how it pages (offset, or a deferred join that reads
//! a page's keys from an index first), and its sorts. Every sort ends with the list's unique key
//! in the same direction (the one tie-breaker rule), so pages never overlap or skip a row, and
//! NULLs sort last either way. Search text is matched literally: `%`, `_` and `\` are escaped.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortDir {
    #[default]
    Asc,
    Desc,
}

impl SortDir {
    pub fn sql(self) -> &'static str {
        match self {
            SortDir::Asc => "ASC",
            SortDir::Desc => "DESC",
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, Default, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Sort {
    pub field: String,
    #[serde(default)]
    pub dir: SortDir,
}

/// The body of every list table's POST (spec 1 §7 Tables).
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListParams {
    #[serde(default)]
    #[schema(value_type = Object)]
    pub filter: Value,
    pub sort: Option<Sort>,
    #[serde(default = "first_page")]
    pub page: i64,
    #[serde(default = "default_per_page")]
    pub per_page: i64,
}

fn first_page() -> i64 {
    1
}

fn default_per_page() -> i64 {
    10
}

pub const PAGE_SIZES: [i64; 5] = [10, 25, 50, 100, 1000];
/// The last page a list serves; with at most 1,000 rows a page, a billion rows.
pub const MAX_PAGE: i64 = 1_000_000;

impl ListParams {
    pub fn per_page(&self) -> i64 {
        self.per_page.clamp(1, 1000)
    }

    /// The page asked for, within 1..=`MAX_PAGE`: a page beyond any list's end is empty either
    /// way, and the bound keeps every offset far from overflowing (`page=9223372036854775807`).
    pub fn page(&self) -> i64 {
        self.page.clamp(1, MAX_PAGE)
    }

    pub fn offset(&self) -> i64 {
        (self.page() - 1) * self.per_page()
    }

    pub fn search(&self) -> Option<String> {
        self.filter
            .get("search")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    }
}

/// A search text as a LIKE pattern that matches it literally anywhere: `50%` finds "50%", not
/// every text starting with 50.
pub fn like_pattern(search: &str) -> String {
    let mut escaped = String::with_capacity(search.len() + 2);
    escaped.push('%');
    for c in search.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped.push('%');
    escaped
}

/// A bad filter value, named by its field (`filter.status`), in Danish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilterError {
    pub field: &'static str,
    pub message: &'static str,
}

/// `filter.<name>` as trimmed text, if given.
pub fn filter_text(filter: &Value, name: &str) -> Option<String> {
    filter
        .get(name)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// Pushes ` AND …` for one filter object; a value it cannot read is a `FilterError`.
pub type CustomFilter = fn(&Value, &mut QueryBuilder<'static, Postgres>) -> Result<(), FilterError>;

/// How `filter.<name>` narrows the rows.
pub enum Filter {
    /// Equals `column` (text).
    Text {
        name: &'static str,
        column: &'static str,
    },
    /// Equals `column` (an integer; a value that is not one is ignored).
    Int {
        name: &'static str,
        column: &'static str,
    },
    /// Equals `column` (a uuid; one that does not parse matches nothing).
    Id {
        name: &'static str,
        column: &'static str,
    },
    Custom(CustomFilter),
}

impl Filter {
    fn name(&self) -> Option<&'static str> {
        match self {
            Filter::Text { name, .. } | Filter::Int { name, .. } | Filter::Id { name, .. } => {
                Some(name)
            }
            Filter::Custom(_) => None,
        }
    }

    /// Whether this filter narrows the rows of `filter`.
    fn active(&self, filter: &Value) -> bool {
        match self {
            Filter::Text { name, .. } | Filter::Id { name, .. } => {
                filter_text(filter, name).is_some()
            }
            Filter::Int { name, .. } => filter.get(*name).and_then(Value::as_i64).is_some(),
            Filter::Custom(_) => true,
        }
    }

    fn push(
        &self,
        filter: &Value,
        q: &mut QueryBuilder<'static, Postgres>,
    ) -> Result<(), FilterError> {
        match self {
            Filter::Text { name, column } => {
                if let Some(value) = filter_text(filter, name) {
                    q.push(format!(" AND {column} = ")).push_bind(value);
                }
            }
            Filter::Int { name, column } => {
                if let Some(value) = filter.get(*name).and_then(Value::as_i64) {
                    q.push(format!(" AND {column} = ")).push_bind(value);
                }
            }
            Filter::Id { name, column } => {
                if let Some(value) = filter_text(filter, name) {
                    q.push(format!(" AND {column} = "))
                        .push_bind(value.parse::<Uuid>().unwrap_or(Uuid::nil()));
                }
            }
            Filter::Custom(push) => push(filter, q)?,
        }
        Ok(())
    }
}

/// How `filter.search` finds rows.
pub enum Search {
    None,
    /// Any of these columns contains the text (ILIKE).
    Columns(&'static [&'static str]),
    /// A lowercased search-text column (with a trigram index) contains it.
    Text(&'static str),
    /// A fenced set-returning function `name(pattern, cap)` gives the ids of at most `cap`
    /// matching rows (the newest), so a common word never reads a whole large table; `Total`
    /// then says at most `cap`. The key of the spec is matched against its `id` column.
    Function {
        name: &'static str,
        id: &'static str,
        cap: i64,
    },
}

/// How `Total` is found.
pub enum Count {
    Exact,
    /// Summed from a counter table kept per club (and per the `by` filters) by a projection,
    /// when no search and no other filter is active; otherwise exact.
    Counter {
        table: &'static str,
        sum: &'static str,
        by: &'static [(&'static str, &'static str)],
    },
}

pub enum Paging {
    Offset,
    /// The page's keys come from the index alone, then only their rows are read.
    DeferredJoin,
}

/// A sort the UI may ask for: its name as the UI knows the column, its SQL, and whether it can
/// be NULL (NULLs sort last).
pub struct SortColumn {
    pub name: &'static str,
    pub sql: &'static str,
    pub nullable: bool,
}

impl SortColumn {
    pub const fn of(name: &'static str, sql: &'static str) -> SortColumn {
        SortColumn {
            name,
            sql,
            nullable: false,
        }
    }

    pub const fn nullable(name: &'static str, sql: &'static str) -> SortColumn {
        SortColumn {
            name,
            sql,
            nullable: true,
        }
    }
}

pub struct ListSpec {
    /// The FROM clause with its joins: `order_rows t LEFT JOIN companies c ON …`.
    pub from: &'static str,
    /// The column that names the owning club; None for lists across clubs (system admins).
    pub club: Option<&'static str>,
    /// The select list, each column named as the row type reads it.
    pub columns: &'static str,
    /// A unique, never-NULL column: the tie-breaker of every sort.
    pub key: &'static str,
    pub filters: &'static [Filter],
    pub search: Search,
    pub sorts: &'static [SortColumn],
    pub default_sort: (&'static str, SortDir),
    pub count: Count,
    pub paging: Paging,
}

/// Which rows: all of them (an export) or one page.
#[derive(Debug, Clone, Copy)]
pub enum Rows {
    All,
    Page,
}

impl ListSpec {
    /// `ORDER BY` of the asked sort (or the default), with the one tie-breaker rule.
    pub fn order_by(&self, params: &ListParams) -> String {
        let asked = params.sort.as_ref().and_then(|s| {
            self.sorts
                .iter()
                .find(|c| c.name.eq_ignore_ascii_case(&s.field))
                .map(|c| (c, s.dir))
        });
        let (column, dir) = asked
            .or_else(|| {
                self.sorts
                    .iter()
                    .find(|c| c.name == self.default_sort.0)
                    .map(|c| (c, self.default_sort.1))
            })
            .map(|(c, d)| (Some(c), d))
            .unwrap_or((None, self.default_sort.1));
        let dir_sql = dir.sql();
        match column {
            Some(c) if c.sql == self.key => format!("{} {dir_sql}", self.key),
            Some(c) if c.nullable => {
                format!("{} {dir_sql} NULLS LAST, {} {dir_sql}", c.sql, self.key)
            }
            Some(c) => format!("{} {dir_sql}, {} {dir_sql}", c.sql, self.key),
            None => format!("{} {dir_sql}", self.key),
        }
    }

    /// `FROM … WHERE` club, search and filters; `cap`: the most ids a search function gives.
    fn push_where(
        &self,
        q: &mut QueryBuilder<'static, Postgres>,
        club: Option<Uuid>,
        params: &ListParams,
        cap: i64,
    ) -> Result<(), FilterError> {
        q.push(format!(" FROM {} WHERE true", self.from));
        if let (Some(column), Some(club)) = (self.club, club) {
            q.push(format!(" AND {column} = ")).push_bind(club);
        }
        if let Some(search) = params.search() {
            match &self.search {
                Search::None => {}
                Search::Columns(columns) => {
                    let pattern = like_pattern(&search);
                    q.push(" AND (");
                    for (i, column) in columns.iter().enumerate() {
                        if i > 0 {
                            q.push(" OR ");
                        }
                        q.push(format!("{column} ILIKE "))
                            .push_bind(pattern.clone());
                    }
                    q.push(")");
                }
                Search::Text(column) => {
                    q.push(format!(" AND {column} LIKE "))
                        .push_bind(like_pattern(&search.to_lowercase()));
                }
                Search::Function { name, id, .. } => {
                    q.push(format!(" AND {id} IN (SELECT id FROM {name}("))
                        .push_bind(like_pattern(&search.to_lowercase()))
                        .push(", ")
                        .push_bind(i32::try_from(cap).unwrap_or(i32::MAX))
                        .push("))");
                }
            }
        }
        for filter in self.filters {
            filter.push(&params.filter, q)?;
        }
        Ok(())
    }

    fn search_cap(&self) -> i64 {
        match self.search {
            Search::Function { cap, .. } => cap,
            _ => i64::MAX,
        }
    }

    /// The list's `Total` for these params.
    pub async fn total(
        &self,
        conn: &mut PgConnection,
        club: Option<Uuid>,
        params: &ListParams,
    ) -> Result<i64, ListError> {
        if let Count::Counter { table, sum, by } = &self.count {
            let others_active = self.filters.iter().any(|f| {
                f.active(&params.filter)
                    && !f.name().is_some_and(|n| by.iter().any(|(b, _)| *b == n))
            });
            if params.search().is_none() && !others_active {
                let mut q = QueryBuilder::new(format!(
                    "SELECT coalesce(sum({sum}), 0)::bigint FROM {table} WHERE true"
                ));
                if let Some(club) = club {
                    q.push(" AND client_id = ").push_bind(club);
                }
                for (name, column) in by.iter() {
                    if let Some(value) = filter_text(&params.filter, name) {
                        q.push(format!(" AND {column} = ")).push_bind(value);
                    }
                }
                return Ok(q.build_query_scalar().fetch_one(conn).await?);
            }
        }
        let mut q = QueryBuilder::new("SELECT count(*)");
        self.push_where(&mut q, club, params, self.search_cap())?;
        Ok(q.build_query_scalar().fetch_one(conn).await?)
    }

    /// The query of one page, or of all rows in the list's order (an export), after `head`
    /// (`SELECT {columns}`).
    fn rows_query(
        &self,
        head: String,
        club: Option<Uuid>,
        params: &ListParams,
        which: Rows,
    ) -> Result<QueryBuilder<'static, Postgres>, ListError> {
        let order = self.order_by(params);
        let mut q = QueryBuilder::new(head);
        match (which, &self.paging) {
            (Rows::All, _) => {
                self.push_where(&mut q, club, params, self.search_cap())?;
                q.push(format!(" ORDER BY {order}"));
            }
            (Rows::Page, Paging::Offset) => {
                self.push_where(&mut q, club, params, self.search_cap())?;
                q.push(format!(" ORDER BY {order} LIMIT "))
                    .push_bind(params.per_page())
                    .push(" OFFSET ")
                    .push_bind(params.offset());
            }
            (Rows::Page, Paging::DeferredJoin) => {
                // Sorted by the key, the newest `offset + per_page` matches are enough.
                let cap = if order.starts_with(&format!("{} ", self.key)) {
                    (params.offset() + params.per_page()).min(self.search_cap())
                } else {
                    self.search_cap()
                };
                q.push(format!(" FROM {} WHERE true", self.from));
                if let (Some(column), Some(club)) = (self.club, club) {
                    q.push(format!(" AND {column} = ")).push_bind(club);
                }
                q.push(format!(" AND {} IN (SELECT {}", self.key, self.key));
                self.push_where(&mut q, club, params, cap)?;
                q.push(format!(" ORDER BY {order} LIMIT "))
                    .push_bind(params.per_page())
                    .push(" OFFSET ")
                    .push_bind(params.offset())
                    .push(format!(") ORDER BY {order}"));
            }
        }
        Ok(q)
    }

    /// The rows of one page, or all rows in the list's order (an export).
    pub async fn rows<T>(
        &self,
        conn: &mut PgConnection,
        club: Option<Uuid>,
        params: &ListParams,
        which: Rows,
    ) -> Result<Vec<T>, ListError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
    {
        let mut q = self.rows_query(format!("SELECT {}", self.columns), club, params, which)?;
        Ok(q.build_query_as().fetch_all(conn).await?)
    }

    /// The rows as JSON objects keyed by the column names, for lists whose columns are aliased
    /// as the UI reads them (`t.title AS "Title"`).
    pub async fn json_rows(
        &self,
        conn: &mut PgConnection,
        club: Option<Uuid>,
        params: &ListParams,
        which: Rows,
    ) -> Result<Vec<Value>, ListError> {
        let head = format!("SELECT to_jsonb(x) FROM (SELECT {}", self.columns);
        let mut q = self.rows_query(head, club, params, which)?;
        q.push(") x");
        Ok(q.build_query_scalar().fetch_all(conn).await?)
    }

    /// One page and the total: what `POST {ep}` answers.
    pub async fn page<T>(
        &self,
        conn: &mut PgConnection,
        club: Option<Uuid>,
        params: &ListParams,
    ) -> Result<(Vec<T>, i64), ListError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
    {
        let total = self.total(conn, club, params).await?;
        let rows = self.rows(conn, club, params, Rows::Page).await?;
        Ok((rows, total))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ListError {
    #[error("{}: {}", .0.field, .0.message)]
    Filter(FilterError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<FilterError> for ListError {
    fn from(e: FilterError) -> ListError {
        ListError::Filter(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_matched_literally() {
        assert_eq!(like_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
    }

    const SPEC: ListSpec = ListSpec {
        from: "t",
        club: Some("t.client_id"),
        columns: "t.id",
        key: "t.id",
        filters: &[],
        search: Search::None,
        sorts: &[
            SortColumn::of("Name", "lower(t.name)"),
            SortColumn::nullable("City", "t.city"),
            SortColumn::of("Id", "t.id"),
        ],
        default_sort: ("Name", SortDir::Asc),
        count: Count::Exact,
        paging: Paging::Offset,
    };

    fn sorted(field: &str, dir: SortDir) -> ListParams {
        ListParams {
            filter: Value::Null,
            sort: Some(Sort {
                field: field.into(),
                dir,
            }),
            page: 1,
            per_page: 10,
        }
    }

    #[test]
    fn every_sort_ends_with_the_key_in_the_same_direction() {
        assert_eq!(
            SPEC.order_by(&sorted("name", SortDir::Desc)),
            "lower(t.name) DESC, t.id DESC"
        );
        assert_eq!(
            SPEC.order_by(&sorted("City", SortDir::Asc)),
            "t.city ASC NULLS LAST, t.id ASC"
        );
        assert_eq!(SPEC.order_by(&sorted("Id", SortDir::Asc)), "t.id ASC");
        // An unknown field sorts by the default column in the asked direction's stead.
        assert_eq!(
            SPEC.order_by(&sorted("drop table", SortDir::Desc)),
            "lower(t.name) ASC, t.id ASC"
        );
    }
}
