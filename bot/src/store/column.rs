//! Reading the columns of a stored row that may be damaged. SQLite keeps each value's
//! storage class in the row's header, so one flipped bit can make a TEXT value a BLOB, or an
//! integer text: sqlx then refuses the value with "mismatched types", which says nothing
//! about which game or row is damaged. These readers accept text stored as TEXT or BLOB (the
//! same bytes), require UTF-8, and name the row and the column when a value cannot be what
//! it should be.

use super::{Row, StoreError};

/// One row, named for the reports (`game 3's action 12`).
pub(super) struct Columns<'r> {
    row: &'r Row,
    what: String,
}

impl<'r> Columns<'r> {
    /// The row, with the words that name it in a report.
    pub(super) fn new(row: &'r Row, what: impl Into<String>) -> Columns<'r> {
        Columns {
            row,
            what: what.into(),
        }
    }

    /// Names the row anew (once its key is read).
    pub(super) fn named(mut self, what: impl Into<String>) -> Columns<'r> {
        self.what = what.into();
        self
    }

    fn damaged(&self, column: &str, problem: &str) -> StoreError {
        StoreError::Corrupt(format!("{}: {column} {problem}", self.what))
    }

    /// The storage class of a value (`INTEGER`, `REAL`, `TEXT`, `BLOB`), `None` for NULL.
    fn class(&self, column: &str) -> Result<Option<String>, StoreError> {
        let value = self.row.value(column)?;
        Ok((value.class() != "NULL").then(|| value.class().to_string()))
    }

    /// An integer that may be NULL.
    pub(super) fn opt_int(&self, column: &str) -> Result<Option<i64>, StoreError> {
        match self.class(column)?.as_deref() {
            None => Ok(None),
            Some("INTEGER") => Ok(Some(self.row.try_get(column)?)),
            Some(other) => {
                Err(self.damaged(column, &format!("is stored as {other}, not an integer")))
            }
        }
    }

    /// An integer.
    pub(super) fn int(&self, column: &str) -> Result<i64, StoreError> {
        self.opt_int(column)?
            .ok_or_else(|| self.damaged(column, "is missing (NULL)"))
    }

    /// The bytes of a text value, stored as TEXT or BLOB; NULL gives `None`.
    pub(super) fn opt_bytes(&self, column: &str) -> Result<Option<Vec<u8>>, StoreError> {
        match self.class(column)?.as_deref() {
            None => Ok(None),
            Some("TEXT" | "BLOB") => Ok(Some(self.row.try_get::<Vec<u8>, _>(column)?)),
            Some(other) => Err(self.damaged(column, &format!("is stored as {other}, not text"))),
        }
    }

    /// The bytes of a text value, stored as TEXT or BLOB.
    pub(super) fn bytes(&self, column: &str) -> Result<Vec<u8>, StoreError> {
        self.opt_bytes(column)?
            .ok_or_else(|| self.damaged(column, "is missing (NULL)"))
    }

    /// Text that may be NULL, stored as TEXT or BLOB, in UTF-8.
    pub(super) fn opt_text(&self, column: &str) -> Result<Option<String>, StoreError> {
        self.opt_bytes(column)?
            .map(|b| self.utf8(column, b))
            .transpose()
    }

    /// Text, stored as TEXT or BLOB, in UTF-8.
    pub(super) fn text(&self, column: &str) -> Result<String, StoreError> {
        let bytes = self.bytes(column)?;
        self.utf8(column, bytes)
    }

    /// Bytes read from `column` as UTF-8 text.
    pub(super) fn utf8(&self, column: &str, bytes: Vec<u8>) -> Result<String, StoreError> {
        String::from_utf8(bytes).map_err(|_| self.damaged(column, "is not text (invalid UTF-8)"))
    }

    /// A problem with a value that was read (bad JSON, out of range), as a report.
    pub(super) fn bad(&self, column: &str, problem: impl std::fmt::Display) -> StoreError {
        self.damaged(column, &problem.to_string())
    }
}
