//! A field's value as a hand file holds it, before it is read into the record's types: kept
//! for the fields the record has no type for, so that a hand is written back as it was read.

use std::borrow::Cow;

/// A TOML value, borrowing from the document where it can; numbers keep their text so
/// decimals stay exact.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<'a> {
    /// A string.
    Str(Cow<'a, str>),
    /// A number as written (`12`, `-0.50`, `1_000`).
    Num(Cow<'a, str>),
    /// `true` or `false`.
    Bool(bool),
    /// An array.
    Array(Vec<Value<'a>>),
    /// An inline table, keys in order.
    Table(Vec<(Cow<'a, str>, Value<'a>)>),
    /// Any other bare value (a date or a time), as written.
    Other(Cow<'a, str>),
}

/// The keys and values of an inline table, in order.
pub type Entries<'a> = [(Cow<'a, str>, Value<'a>)];

/// The value of `key` in an inline table's entries.
pub fn entry<'v, 'a>(entries: &'v Entries<'a>, key: &str) -> Option<&'v Value<'a>> {
    entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

impl<'a> Value<'a> {
    /// An array of inline tables, each read by `read` from its entries; `like` shows what a
    /// table should be, for the message when an item is not one (`" like { seat = 5 }"`, or
    /// empty).
    pub fn tables<'v, T>(
        &'v self,
        like: &str,
        read: impl FnMut(&'v Entries<'a>) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let Value::Array(items) = self else {
            return Err(format!("expected an array of tables, found {}", self.type_name()));
        };
        let mut read = read;
        items
            .iter()
            .map(|item| match item {
                Value::Table(entries) => read(entries),
                other => Err(format!("expected a table{like}, found {}", other.type_name())),
            })
            .collect()
    }

    /// The same value owning its text.
    pub fn into_owned(self) -> Value<'static> {
        let own = |c: Cow<'_, str>| Cow::Owned(c.into_owned());
        match self {
            Value::Str(s) => Value::Str(own(s)),
            Value::Num(s) => Value::Num(own(s)),
            Value::Bool(b) => Value::Bool(b),
            Value::Array(v) => Value::Array(v.into_iter().map(Value::into_owned).collect()),
            Value::Table(t) => {
                Value::Table(t.into_iter().map(|(k, v)| (own(k), v.into_owned())).collect())
            }
            Value::Other(s) => Value::Other(own(s)),
        }
    }

    /// A short name of the value's type, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Num(_) => "a number",
            Value::Bool(_) => "a boolean",
            Value::Array(_) => "an array",
            Value::Table(_) => "a table",
            Value::Other(_) => "a date or time",
        }
    }
}
