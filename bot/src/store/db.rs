//! The two backends under one store: SQLite (a file, the default) and PostgreSQL
//! (`TURNPOST_DATABASE=postgres://…`). Each query is written once, with `?` placeholders, and
//! runs on both: for PostgreSQL the placeholders become `$1, $2, …` ([`numbered`]); where the
//! two dialects differ, the query gives both texts side by side ([`query2`]), so what each
//! backend runs is in one place. Values go in as [`Arg`]s (every integer a 64-bit integer,
//! every flag 0 or 1: both schemas store them so) and come back as [`Row`]s of [`Value`]s that
//! keep how the value was stored (SQLite's storage class), so a damaged row is still told
//! apart from a good one on both backends (see `column.rs`).
//!
//! Write transactions keep SQLite's meaning on PostgreSQL: SQLite runs them one at a time
//! (`BEGIN IMMEDIATE` on one writer connection); on PostgreSQL each takes the same
//! transaction-scoped advisory lock first ([`BEGIN_AND_LOCK`]), so they also run one at a time, a
//! read-then-write in one never interleaves with another's, and the version check
//! (`UPDATE game … WHERE version = ?`) and the outbox rows written beside it commit or vanish
//! together exactly as on SQLite.
//!
//! Why this file is long (728 lines): it is the whole layer the backends share — pools,
//! transactions, arguments, rows, statements and batches — with each conversion spelled out
//! per type, one place where the two backends are told apart; split, a query's way to either
//! backend would run through several files.

use std::borrow::Cow;
use std::sync::Arc;

use sqlx::postgres::{PgArguments, PgPool, PgRow};
use sqlx::sqlite::{SqliteArguments, SqlitePool, SqliteRow};
use sqlx::{Arguments, Column, Postgres, Row as _, Sqlite, Transaction, TypeInfo, ValueRef};

/// How a PostgreSQL write transaction begins: it takes the advisory lock every write
/// transaction holds until it ends (its number is the bytes of "turnpost"), so write
/// transactions run one at a time, like SQLite's. Both in one trip: a simple query may hold
/// several commands.
const BEGIN_AND_LOCK: &str = "BEGIN; SELECT pg_advisory_xact_lock(8391739299333108596)";

/// The pools of the backend in use.
#[derive(Clone, Debug)]
pub(crate) enum Pools {
    /// A SQLite file (or memory): a pool for reads and single-statement writes, and the one
    /// connection write transactions use.
    Sqlite {
        /// Reads and single-statement writes.
        pool: SqlitePool,
        /// Write transactions.
        writer: SqlitePool,
    },
    /// A PostgreSQL database.
    Postgres(PgPool),
}

/// Which backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

impl Pools {
    pub(crate) fn backend(&self) -> Backend {
        match self {
            Pools::Sqlite { .. } => Backend::Sqlite,
            Pools::Postgres(_) => Backend::Postgres,
        }
    }

    /// Begins a write transaction (one at a time, on both backends).
    pub(crate) async fn begin(&self) -> Result<Tx, sqlx::Error> {
        match self {
            Pools::Sqlite { writer, .. } => Ok(Tx(Conn::Sqlite(
                writer.begin_with("BEGIN IMMEDIATE").await?,
            ))),
            Pools::Postgres(pool) => Ok(Tx(Conn::Postgres(pool.begin_with(BEGIN_AND_LOCK).await?))),
        }
    }

    pub(crate) async fn close(&self) {
        match self {
            Pools::Sqlite { pool, writer } => {
                writer.close().await;
                pool.close().await;
            }
            Pools::Postgres(pool) => pool.close().await,
        }
    }
}

/// A write transaction's connection.
#[derive(Debug)]
pub(crate) enum Conn {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// A write transaction (rolled back when dropped uncommitted).
#[derive(Debug)]
pub(crate) struct Tx(Conn);

impl Tx {
    pub(crate) async fn commit(self) -> Result<(), sqlx::Error> {
        match self.0 {
            Conn::Sqlite(tx) => tx.commit().await,
            Conn::Postgres(tx) => tx.commit().await,
        }
    }
}

impl std::ops::Deref for Tx {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        &self.0
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut Conn {
        &mut self.0
    }
}

/// Where a query runs: a pool (reads, or single-statement writes: `write` picks SQLite's
/// writer connection) or a write transaction.
#[derive(Debug)]
pub(crate) enum On<'c> {
    Pool { pools: &'c Pools, write: bool },
    Conn(&'c mut Conn),
}

impl<'c> From<&'c mut Conn> for On<'c> {
    fn from(conn: &'c mut Conn) -> On<'c> {
        On::Conn(conn)
    }
}

impl<'c> From<&'c mut Tx> for On<'c> {
    fn from(tx: &'c mut Tx) -> On<'c> {
        On::Conn(&mut tx.0)
    }
}

/// A value to bind. Integers are 64-bit and flags are 0 or 1 on both backends; a NULL says
/// what it stands for (PostgreSQL types its parameters).
#[derive(Clone, Debug)]
pub(crate) enum Arg<'q> {
    Int(i64),
    Real(f64),
    Text(Cow<'q, str>),
    Bytes(Cow<'q, [u8]>),
    NullInt,
    NullText,
}

impl From<i64> for Arg<'_> {
    fn from(v: i64) -> Self {
        Arg::Int(v)
    }
}
impl From<bool> for Arg<'_> {
    fn from(v: bool) -> Self {
        Arg::Int(i64::from(v))
    }
}
impl From<f64> for Arg<'_> {
    fn from(v: f64) -> Self {
        Arg::Real(v)
    }
}
impl From<i32> for Arg<'_> {
    fn from(v: i32) -> Self {
        Arg::Int(i64::from(v))
    }
}
impl<'q> From<&'q str> for Arg<'q> {
    fn from(v: &'q str) -> Self {
        Arg::Text(Cow::Borrowed(v))
    }
}
impl<'q> From<&'q String> for Arg<'q> {
    fn from(v: &'q String) -> Self {
        Arg::Text(Cow::Borrowed(v))
    }
}
impl From<String> for Arg<'_> {
    fn from(v: String) -> Self {
        Arg::Text(Cow::Owned(v))
    }
}
impl<'q> From<&'q [u8]> for Arg<'q> {
    fn from(v: &'q [u8]) -> Self {
        Arg::Bytes(Cow::Borrowed(v))
    }
}
impl<'q> From<&'q Vec<u8>> for Arg<'q> {
    fn from(v: &'q Vec<u8>) -> Self {
        Arg::Bytes(Cow::Borrowed(v))
    }
}
impl From<Option<i64>> for Arg<'_> {
    fn from(v: Option<i64>) -> Self {
        v.map_or(Arg::NullInt, Arg::Int)
    }
}
impl From<Option<i32>> for Arg<'_> {
    fn from(v: Option<i32>) -> Self {
        v.map_or(Arg::NullInt, |v| Arg::Int(i64::from(v)))
    }
}
impl<'q> From<Option<&'q str>> for Arg<'q> {
    fn from(v: Option<&'q str>) -> Self {
        v.map_or(Arg::NullText, |s| Arg::Text(Cow::Borrowed(s)))
    }
}
impl From<Option<String>> for Arg<'_> {
    fn from(v: Option<String>) -> Self {
        v.map_or(Arg::NullText, |s| Arg::Text(Cow::Owned(s)))
    }
}

fn sqlite_args<'q>(args: Vec<Arg<'q>>) -> Result<SqliteArguments<'q>, sqlx::Error> {
    let mut out = SqliteArguments::default();
    for a in args {
        match a {
            Arg::Int(v) => out.add(v),
            Arg::Real(v) => out.add(v),
            Arg::Text(Cow::Borrowed(v)) => out.add(v),
            Arg::Text(Cow::Owned(v)) => out.add(v),
            Arg::Bytes(Cow::Borrowed(v)) => out.add(v),
            Arg::Bytes(Cow::Owned(v)) => out.add(v),
            Arg::NullInt => out.add(None::<i64>),
            Arg::NullText => out.add(None::<String>),
        }
        .map_err(sqlx::Error::Encode)?;
    }
    Ok(out)
}

fn pg_args(args: Vec<Arg<'_>>) -> Result<PgArguments, sqlx::Error> {
    let mut out = PgArguments::default();
    for a in args {
        match a {
            Arg::Int(v) => out.add(v),
            Arg::Real(v) => out.add(v),
            Arg::Text(v) => out.add(v.into_owned()),
            Arg::Bytes(v) => out.add(v.into_owned()),
            Arg::NullInt => out.add(None::<i64>),
            Arg::NullText => out.add(None::<String>),
        }
        .map_err(sqlx::Error::Encode)?;
    }
    Ok(out)
}

/// `sql` with its `?` placeholders numbered `$1, $2, …` for PostgreSQL (a `?` inside a
/// quoted string or name is left alone).
pub(crate) fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 16);
    let mut n = 0;
    let mut quote: Option<char> = None;
    for ch in sql.chars() {
        match (quote, ch) {
            (None, '?') => {
                n += 1;
                out.push('$');
                out.push_str(&n.to_string());
                continue;
            }
            (None, '\'' | '"') => quote = Some(ch),
            (Some(q), c) if c == q => quote = None,
            _ => {}
        }
        out.push(ch);
    }
    out
}

/// A stored value, as it was stored: SQLite's storage classes (PostgreSQL's integer types
/// are `Int`, its floats `Real`, its text `Text`, `bytea` `Blob`, a boolean 0 or 1).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Null,
    Int(i64),
    Real(f64),
    /// Text as stored (not yet checked to be UTF-8).
    Text(Vec<u8>),
    Blob(Vec<u8>),
}

impl Value {
    /// The storage class's name (`INTEGER`, `REAL`, `TEXT`, `BLOB`; `NULL`).
    pub(crate) fn class(&self) -> &'static str {
        match self {
            Value::Null => "NULL",
            Value::Int(_) => "INTEGER",
            Value::Real(_) => "REAL",
            Value::Text(_) => "TEXT",
            Value::Blob(_) => "BLOB",
        }
    }
}

/// A row read from either backend.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    names: Arc<[String]>,
    values: Vec<Value>,
}

/// A column by name or position.
pub(crate) trait Index: std::fmt::Display + Copy {
    fn position(self, row: &Row) -> Option<usize>;
}

impl Index for &str {
    fn position(self, row: &Row) -> Option<usize> {
        row.names.iter().position(|n| n == self)
    }
}

impl Index for usize {
    fn position(self, row: &Row) -> Option<usize> {
        (self < row.values.len()).then_some(self)
    }
}

/// A Rust value read from a [`Value`].
pub(crate) trait Decode: Sized {
    /// The value, or why it is not one.
    fn decode(value: &Value) -> Result<Self, String>;
}

fn mismatch<T>(value: &Value, want: &str) -> Result<T, String> {
    Err(format!(
        "mismatched types; Rust type `{want}` is not compatible with SQL type `{}`",
        value.class()
    ))
}

impl Decode for i64 {
    fn decode(value: &Value) -> Result<Self, String> {
        match value {
            Value::Int(v) => Ok(*v),
            Value::Null => Err("unexpected null; try decoding as an `Option`".into()),
            other => mismatch(other, "i64"),
        }
    }
}

impl Decode for i32 {
    fn decode(value: &Value) -> Result<Self, String> {
        let v = i64::decode(value)?;
        i32::try_from(v).map_err(|_| format!("{v} is out of range for i32"))
    }
}

impl Decode for f64 {
    fn decode(value: &Value) -> Result<Self, String> {
        match value {
            Value::Real(v) => Ok(*v),
            Value::Int(v) => Ok(*v as f64),
            Value::Null => Err("unexpected null; try decoding as an `Option`".into()),
            other => mismatch(other, "f64"),
        }
    }
}

impl Decode for String {
    fn decode(value: &Value) -> Result<Self, String> {
        match value {
            Value::Text(b) => String::from_utf8(b.clone()).map_err(|e| e.to_string()),
            Value::Null => Err("unexpected null; try decoding as an `Option`".into()),
            other => mismatch(other, "String"),
        }
    }
}

impl Decode for Vec<u8> {
    fn decode(value: &Value) -> Result<Self, String> {
        match value {
            Value::Text(b) | Value::Blob(b) => Ok(b.clone()),
            Value::Null => Err("unexpected null; try decoding as an `Option`".into()),
            other => mismatch(other, "Vec<u8>"),
        }
    }
}

impl<T: Decode> Decode for Option<T> {
    fn decode(value: &Value) -> Result<Self, String> {
        match value {
            Value::Null => Ok(None),
            v => T::decode(v).map(Some),
        }
    }
}

impl Row {
    /// The value of a column as stored.
    pub(crate) fn value<I: Index>(&self, index: I) -> Result<&Value, sqlx::Error> {
        index
            .position(self)
            .map(|i| &self.values[i])
            .ok_or_else(|| sqlx::Error::ColumnNotFound(index.to_string()))
    }

    /// A column's value as `T` (the same errors as sqlx's).
    pub(crate) fn try_get<T: Decode, I: Index>(&self, index: I) -> Result<T, sqlx::Error> {
        T::decode(self.value(index)?).map_err(|e| sqlx::Error::ColumnDecode {
            index: index.to_string(),
            source: e.into(),
        })
    }

    /// A column's value as `T`; panics where `try_get` fails.
    pub(crate) fn get<T: Decode, I: Index>(&self, index: I) -> T {
        self.try_get(index).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Rows of either backend, each value read by `value` (its column names read once).
    fn all<R: sqlx::Row>(
        rows: Vec<R>,
        value: fn(&R, usize) -> Result<Value, sqlx::Error>,
    ) -> Result<Vec<Row>, sqlx::Error> {
        let Some(first) = rows.first() else {
            return Ok(Vec::new());
        };
        let names: Arc<[String]> = first
            .columns()
            .iter()
            .map(|c| c.name().to_string())
            .collect();
        rows.iter()
            .map(|r| {
                let values = (0..names.len())
                    .map(|i| value(r, i))
                    .collect::<Result<_, _>>()?;
                Ok(Row {
                    names: names.clone(),
                    values,
                })
            })
            .collect()
    }

    /// A SQLite value by its storage class.
    fn sqlite_value(row: &SqliteRow, i: usize) -> Result<Value, sqlx::Error> {
        let raw = row.try_get_raw(i)?;
        if raw.is_null() {
            return Ok(Value::Null);
        }
        Ok(match raw.type_info().name() {
            "INTEGER" => Value::Int(row.try_get(i)?),
            "REAL" => Value::Real(row.try_get(i)?),
            "TEXT" => Value::Text(row.try_get(i)?),
            _ => Value::Blob(row.try_get(i)?),
        })
    }

    /// A PostgreSQL value by its type.
    fn pg_value(row: &PgRow, i: usize) -> Result<Value, sqlx::Error> {
        let raw = row.try_get_raw(i)?;
        if raw.is_null() {
            return Ok(Value::Null);
        }
        Ok(match raw.type_info().name() {
            "INT8" => Value::Int(row.try_get(i)?),
            "INT4" => Value::Int(i64::from(row.try_get::<i32, _>(i)?)),
            "INT2" => Value::Int(i64::from(row.try_get::<i16, _>(i)?)),
            "BOOL" => Value::Int(i64::from(row.try_get::<bool, _>(i)?)),
            "FLOAT8" => Value::Real(row.try_get(i)?),
            "FLOAT4" => Value::Real(f64::from(row.try_get::<f32, _>(i)?)),
            "BYTEA" => Value::Blob(row.try_get(i)?),
            _ => Value::Text(row.try_get::<String, _>(i)?.into_bytes()),
        })
    }
}

/// What a statement changed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Done {
    rows: u64,
}

impl Done {
    pub(crate) fn rows_affected(&self) -> u64 {
        self.rows
    }
}

/// A statement and its arguments.
#[derive(Debug)]
pub(crate) struct Query<'q> {
    sqlite: &'q str,
    postgres: Cow<'q, str>,
    args: Vec<Arg<'q>>,
}

/// A statement both backends run as written (with `?` placeholders).
pub(crate) fn query(sql: &str) -> Query<'_> {
    query2(sql, sql)
}

/// A statement in each backend's dialect (both with `?` placeholders).
pub(crate) fn query2<'q>(sqlite: &'q str, postgres: &'q str) -> Query<'q> {
    Query {
        sqlite,
        postgres: Cow::Borrowed(postgres),
        args: Vec::new(),
    }
}

impl<'q> Query<'q> {
    /// Binds the next argument.
    pub(crate) fn bind(mut self, value: impl Into<Arg<'q>>) -> Query<'q> {
        self.args.push(value.into());
        self
    }

    /// Runs it.
    pub(crate) async fn execute<'c>(self, on: impl Into<On<'c>>) -> Result<Done, sqlx::Error> {
        let on = on.into();
        let rows = match on {
            On::Pool { pools, write } => match pools {
                Pools::Sqlite { pool, writer } => {
                    let q = sqlx::query_with(self.sqlite, sqlite_args(self.args)?);
                    q.execute(if write { writer } else { pool })
                        .await?
                        .rows_affected()
                }
                Pools::Postgres(pool) => {
                    let sql = numbered(&self.postgres);
                    sqlx::query_with(&sql, pg_args(self.args)?)
                        .execute(pool)
                        .await?
                        .rows_affected()
                }
            },
            On::Conn(Conn::Sqlite(tx)) => sqlx::query_with(self.sqlite, sqlite_args(self.args)?)
                .execute(&mut **tx)
                .await?
                .rows_affected(),
            On::Conn(Conn::Postgres(tx)) => {
                let sql = numbered(&self.postgres);
                sqlx::query_with(&sql, pg_args(self.args)?)
                    .execute(&mut **tx)
                    .await?
                    .rows_affected()
            }
        };
        Ok(Done { rows })
    }

    /// Every row.
    pub(crate) async fn fetch_all<'c>(
        self,
        on: impl Into<On<'c>>,
    ) -> Result<Vec<Row>, sqlx::Error> {
        match on.into() {
            On::Pool { pools, write } => match pools {
                Pools::Sqlite { pool, writer } => {
                    let q = sqlx::query_with(self.sqlite, sqlite_args(self.args)?);
                    Row::all(
                        q.fetch_all(if write { writer } else { pool }).await?,
                        Row::sqlite_value,
                    )
                }
                Pools::Postgres(pool) => {
                    let sql = numbered(&self.postgres);
                    let q = sqlx::query_with(&sql, pg_args(self.args)?);
                    Row::all(q.fetch_all(pool).await?, Row::pg_value)
                }
            },
            On::Conn(Conn::Sqlite(tx)) => {
                let q = sqlx::query_with(self.sqlite, sqlite_args(self.args)?);
                Row::all(q.fetch_all(&mut **tx).await?, Row::sqlite_value)
            }
            On::Conn(Conn::Postgres(tx)) => {
                let sql = numbered(&self.postgres);
                let q = sqlx::query_with(&sql, pg_args(self.args)?);
                Row::all(q.fetch_all(&mut **tx).await?, Row::pg_value)
            }
        }
    }

    /// The first row, if any.
    pub(crate) async fn fetch_optional<'c>(
        self,
        on: impl Into<On<'c>>,
    ) -> Result<Option<Row>, sqlx::Error> {
        Ok(self.fetch_all(on).await?.into_iter().next())
    }

    /// The first row; [`sqlx::Error::RowNotFound`] without one.
    pub(crate) async fn fetch_one<'c>(self, on: impl Into<On<'c>>) -> Result<Row, sqlx::Error> {
        self.fetch_optional(on)
            .await?
            .ok_or(sqlx::Error::RowNotFound)
    }
}

/// A statement whose rows are read by their first column.
#[derive(Debug)]
pub(crate) struct Scalar<'q, T> {
    query: Query<'q>,
    out: std::marker::PhantomData<T>,
}

/// [`query`] read by its first column.
pub(crate) fn query_scalar<T: Decode>(sql: &str) -> Scalar<'_, T> {
    Scalar {
        query: query(sql),
        out: std::marker::PhantomData,
    }
}

/// [`query2`] read by its first column.
pub(crate) fn query_scalar2<'q, T: Decode>(sqlite: &'q str, postgres: &'q str) -> Scalar<'q, T> {
    Scalar {
        query: query2(sqlite, postgres),
        out: std::marker::PhantomData,
    }
}

impl<'q, T: Decode> Scalar<'q, T> {
    pub(crate) fn bind(mut self, value: impl Into<Arg<'q>>) -> Scalar<'q, T> {
        self.query = self.query.bind(value);
        self
    }

    pub(crate) async fn fetch_all<'c>(self, on: impl Into<On<'c>>) -> Result<Vec<T>, sqlx::Error> {
        self.query
            .fetch_all(on)
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect()
    }

    pub(crate) async fn fetch_optional<'c>(
        self,
        on: impl Into<On<'c>>,
    ) -> Result<Option<T>, sqlx::Error> {
        self.query
            .fetch_optional(on)
            .await?
            .map(|r| r.try_get(0))
            .transpose()
    }

    pub(crate) async fn fetch_one<'c>(self, on: impl Into<On<'c>>) -> Result<T, sqlx::Error> {
        self.query.fetch_one(on).await?.try_get(0)
    }
}

/// Statements written together in one transaction: sent to SQLite in one trip (its
/// placeholders taken in order across the statements). To PostgreSQL (where a prepared
/// statement holds one command) they go one by one, or, for a batch made
/// [`Batch::together`], in one trip as one statement.
#[derive(Debug, Default)]
pub(crate) struct Batch<'q> {
    statements: Vec<Query<'q>>,
    together: bool,
}

impl<'q> Batch<'q> {
    /// A batch of statements none of which reads what another writes or writes a row another
    /// writes: PostgreSQL runs them as one statement, each a clause of one `WITH` (where they
    /// all see the database as it was before it, and a later statement's text may read what
    /// an earlier one returns: [`Batch::rows_of_last`]).
    pub(crate) fn together() -> Batch<'q> {
        Batch {
            statements: Vec::new(),
            together: true,
        }
    }

    /// Starts the next statement (the same text on both backends).
    pub(crate) fn push(&mut self, sql: &'q str) {
        self.statements.push(query(sql));
    }

    /// Starts the next statement, in each backend's dialect, PostgreSQL's made for this
    /// batch (it may name [`Batch::rows_of_last`]).
    pub(crate) fn push2_made(&mut self, sqlite: &'q str, postgres: String) {
        self.statements.push(Query {
            sqlite,
            postgres: Cow::Owned(postgres),
            args: Vec::new(),
        });
    }

    /// In a batch run [`Batch::together`], the name under which a later statement's
    /// PostgreSQL text reads the rows the statement started last returns (its `RETURNING`).
    pub(crate) fn rows_of_last(&self) -> Result<String, super::StoreError> {
        match self.statements.len() {
            n if n > 0 && self.together => Ok(format!("s{}", n - 1)),
            _ => Err(super::StoreError::Corrupt(
                "a statement reads another's rows outside a batch run together".into(),
            )),
        }
    }

    /// Binds an argument of the statement started last.
    pub(crate) fn add(&mut self, value: impl Into<Arg<'q>>) -> Result<(), super::StoreError> {
        let last = self.statements.last_mut().ok_or_else(|| {
            super::StoreError::Corrupt("an argument bound before its statement".into())
        })?;
        last.args.push(value.into());
        Ok(())
    }

    /// Runs the statements in order (nothing when there are none).
    pub(crate) async fn execute(self, conn: &mut Conn) -> Result<(), sqlx::Error> {
        if self.statements.is_empty() {
            return Ok(());
        }
        match conn {
            Conn::Sqlite(tx) => {
                let mut sql = String::new();
                let mut args = Vec::new();
                for s in self.statements {
                    sql.push_str(s.sqlite.trim_end().trim_end_matches(';'));
                    sql.push_str(";\n");
                    args.extend(s.args);
                }
                sqlx::query_with(&sql, sqlite_args(args)?)
                    .execute(&mut **tx)
                    .await?;
            }
            Conn::Postgres(tx) if self.together => {
                let mut sql = String::from("WITH ");
                let mut args = Vec::new();
                let mut selects = Vec::new();
                for (i, s) in self.statements.into_iter().enumerate() {
                    let text = s.postgres.trim().trim_end_matches(';');
                    if i > 0 {
                        sql.push_str(",\n");
                    }
                    sql.push_str(&format!("s{i} AS ({text})"));
                    // A clause that only reads runs only if something reads it.
                    if text
                        .get(..6)
                        .is_some_and(|w| w.eq_ignore_ascii_case("select"))
                    {
                        selects.push(format!("(SELECT count(*) FROM s{i})"));
                    }
                    args.extend(s.args);
                }
                sql.push_str("\nSELECT ");
                sql.push_str(&if selects.is_empty() {
                    "1".to_string()
                } else {
                    selects.join(", ")
                });
                sqlx::query_with(&numbered(&sql), pg_args(args)?)
                    .execute(&mut **tx)
                    .await?;
            }
            Conn::Postgres(_) => {
                for mut s in self.statements {
                    let one = s.postgres.trim_end().trim_end_matches(';').to_string();
                    s.postgres = Cow::Owned(one);
                    s.execute(&mut *conn).await?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_write_lock_is_named_by_the_bytes_of_turnpost() {
        let lock = i64::from_be_bytes(*b"turnpost");
        assert_eq!(
            BEGIN_AND_LOCK,
            format!("BEGIN; SELECT pg_advisory_xact_lock({lock})")
        );
    }

    #[test]
    fn placeholders_are_numbered_outside_quotes() {
        assert_eq!(
            numbered("SELECT '?', \"a?\" FROM t WHERE a = ? AND b IN (?, ?)"),
            "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b IN ($2, $3)"
        );
        assert_eq!(numbered("SELECT 1"), "SELECT 1");
    }
}
