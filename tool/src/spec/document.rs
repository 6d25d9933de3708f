//! An input as its spec reads it ([`Document`]): the values of its variables, where each stands
//! in the text (line and token), in its test cases and queries; read from the text line by line
//! as the format says ([`Spec::document`]), and written back ([`Spec::text`]).

use super::expr::{Expr, Index, Name, Values};
use super::format::{COLUMN, Cell, Item, ROW};
use super::validate::Invalid;
use super::{Level, Spec};

mod write;

/// A value of the input: a number of 64 bits, as every judge's input's are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Number(i64),
    Text(Box<str>),
}

/// A value and where it stands: its line and token, from 1; 0 for a value not read from a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub value: Value,
    pub line: u32,
    pub token: u32,
}

/// The values of an indexed variable: `rows[0][i]` for `A_i`, `rows[i][j]` for `A_{i,j}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Array {
    pub rows: Vec<Vec<Option<Slot>>>,
}

/// The largest index an input's array may have: more is no input a judge gives.
const MOST_INDEX: i128 = 1 << 26;

impl Array {
    /// The place of `indices` in it: its row and column.
    fn place(indices: &[i128]) -> Option<(usize, usize)> {
        let fits = |index: i128| (0..=MOST_INDEX).contains(&index).then_some(index as usize);
        match indices {
            [i] => Some((0, fits(*i)?)),
            [i, j] => Some((fits(*i)?, fits(*j)?)),
            _ => None,
        }
    }

    pub fn get(&self, indices: &[i128]) -> Option<&Slot> {
        let (row, column) = Self::place(indices)?;
        self.rows.get(row)?.get(column)?.as_ref()
    }

    /// Sets the value at `indices`; false if they are out of reach.
    pub fn set(&mut self, indices: &[i128], slot: Slot) -> bool {
        let Some((row, column)) = Self::place(indices) else {
            return false;
        };
        if self.rows.len() <= row {
            self.rows.resize_with(row + 1, Vec::new);
        }
        let cells = &mut self.rows[row];
        if cells.len() <= column {
            cells.resize(column + 1, None);
        }
        cells[column] = Some(slot);
        true
    }

    /// Every value with its indices, as `[i]` or `[i, j]` for `dimensions` indices, in order.
    pub fn slots(&self, dimensions: usize) -> impl Iterator<Item = (Index, &Slot)> {
        self.rows.iter().enumerate().flat_map(move |(row, cells)| {
            cells.iter().enumerate().filter_map(move |(column, slot)| {
                let indices = match dimensions {
                    1 => Index::of(&[column as i128]),
                    _ => Index::of(&[row as i128, column as i128]),
                };
                Some((indices?, slot.as_ref()?))
            })
        })
    }
}

/// The values of one level, the input's or a test case's: a few variables each, found by name
/// in a list, which a name is added to once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scope {
    pub scalars: Vec<(Box<str>, Slot)>,
    pub arrays: Vec<(Box<str>, Array)>,
    pub queries: Vec<Query>,
    /// The values of every query, one after another.
    pub query_values: Vec<Slot>,
}

/// A query: its kind (from 0, in the order the spec lists them), and where its values start in
/// its scope's [`Scope::query_values`], one per cell of its kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Query {
    pub kind: usize,
    pub start: usize,
}

/// The scopes an item within `scope` sees: `scope`, then its `outer` ones.
pub fn nested<'a>(scope: &'a Scope, outer: &[&'a Scope]) -> Vec<&'a Scope> {
    let mut scopes = vec![scope];
    scopes.extend_from_slice(outer);
    scopes
}

/// Files a query of `kind`, whose `cells` are the values `read` holds, as the next of `queries`,
/// its values after `values`.
pub fn file_query(
    kind: usize,
    cells: &[Cell],
    read: &Scope,
    queries: &mut Vec<Query>,
    values: &mut Vec<Slot>,
) {
    queries.push(Query {
        kind,
        start: values.len(),
    });
    for cell in cells {
        let Cell::One(name) = cell else { continue };
        values.extend(read.scalar(&name.base).cloned());
    }
}

impl Scope {
    /// The value of `base` at `indices` in this scope alone.
    pub fn slot(&self, base: &str, indices: &[i128]) -> Option<&Slot> {
        match indices {
            [] => self.scalar(base),
            _ => self.array(base)?.get(indices),
        }
    }

    pub fn scalar(&self, base: &str) -> Option<&Slot> {
        self.scalars
            .iter()
            .find(|(name, _)| **name == *base)
            .map(|(_, slot)| slot)
    }

    pub fn array(&self, base: &str) -> Option<&Array> {
        self.arrays
            .iter()
            .find(|(name, _)| **name == *base)
            .map(|(_, array)| array)
    }

    /// Sets the value of `base` at `indices`; false if they are out of reach.
    pub fn set(&mut self, base: &str, indices: &[i128], slot: Slot) -> bool {
        if indices.is_empty() {
            match self.scalars.iter_mut().find(|(name, _)| **name == *base) {
                Some((_, old)) => *old = slot,
                None => self.scalars.push((base.into(), slot)),
            }
            return true;
        }
        let at = match self.arrays.iter().position(|(name, _)| **name == *base) {
            Some(at) => at,
            None => {
                self.arrays.push((base.into(), Array::default()));
                self.arrays.len() - 1
            }
        };
        self.arrays[at].1.set(indices, slot)
    }

    /// Makes room for the values of the rows `cells` make, from row `from` to `to`, about to be
    /// read or made: the arrays of one index, the row's. No more than `lines` rows, whatever
    /// the count says: a row read is a line of the input.
    pub fn reserve_rows(&mut self, cells: &[Cell], from: i128, to: i128, lines: usize) {
        let to = to.min(from.saturating_add(lines as i128));
        let length = ((to + 1).max(0) as usize).min(MOST_INDEX as usize);
        for cell in cells {
            let Cell::One(name) = cell else { continue };
            if name.indices != [Expr::Variable(Name::scalar(ROW))] {
                continue;
            }
            if !self.arrays.iter().any(|(known, _)| **known == *name.base) {
                self.arrays
                    .push((name.base.as_str().into(), Array::default()));
            }
            let array = &mut self
                .arrays
                .iter_mut()
                .find(|(known, _)| **known == *name.base)
                .expect("just added")
                .1;
            if array.rows.is_empty() {
                array.rows.push(Vec::new());
            }
            array.rows[0].reserve(length);
        }
    }

    /// The values of query `at`.
    pub fn query_slots(&self, spec: &Spec, at: usize) -> &[Slot] {
        let query = self.queries[at];
        let count = spec.queries[query.kind].cells.len();
        &self.query_values[query.start..query.start + count]
    }
}

/// The input: its values, and its test cases'.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Document {
    pub top: Scope,
    pub cases: Vec<Scope>,
}

/// The values an expression sees: bound indices first, then a query's values, then the
/// scopes, innermost first.
#[derive(Clone)]
pub struct Lookup<'a> {
    pub scopes: Vec<&'a Scope>,
    pub bound: Vec<(&'a str, i128)>,
    /// The query being looked at: its kind's cells and its values.
    pub query: Option<(&'a [Cell], &'a [Slot])>,
}

impl<'a> Lookup<'a> {
    /// What `scopes` hold, no index bound.
    pub fn of(scopes: Vec<&'a Scope>) -> Self {
        Self {
            scopes,
            bound: Vec::new(),
            query: None,
        }
    }

    /// What `scope` and then `outer` hold, with `bound` indices.
    pub fn within(scope: &'a Scope, outer: &[&'a Scope], bound: &[(&'a str, i128)]) -> Self {
        Self {
            scopes: nested(scope, outer),
            bound: bound.to_vec(),
            query: None,
        }
    }

    pub fn slot(&self, base: &str, indices: &[i128]) -> Option<&'a Slot> {
        if indices.is_empty()
            && let Some((cells, values)) = self.query
            && let Some(at) = cells
                .iter()
                .position(|cell| matches!(cell, Cell::One(name) if name.base == base))
        {
            return values.get(at);
        }
        self.scopes
            .iter()
            .find_map(|scope| scope.slot(base, indices))
    }

    /// The values of the array `base` of one index, by index, where it is first found.
    pub fn column(&self, base: &str) -> &'a [Option<Slot>] {
        let array = self.scopes.iter().find_map(|scope| scope.array(base));
        array
            .and_then(|array| array.rows.first())
            .map_or(&[], Vec::as_slice)
    }

    /// Every value of `base`, of `dimensions` indices, where it is first found, in order.
    pub fn slots(&self, base: &str, dimensions: usize) -> Vec<(Index, &'a Slot)> {
        if dimensions == 0 {
            return self
                .slot(base, &[])
                .map(|slot| (Index::default(), slot))
                .into_iter()
                .collect();
        }
        match self.scopes.iter().find_map(|scope| scope.array(base)) {
            Some(array) => array.slots(dimensions).collect(),
            None => Vec::new(),
        }
    }
}

impl Values for Lookup<'_> {
    fn number(&self, base: &str, indices: &[i128]) -> Option<i128> {
        if indices.is_empty()
            && let Some((_, value)) = self.bound.iter().rev().find(|(name, _)| *name == base)
        {
            return Some(*value);
        }
        match &self.slot(base, indices)?.value {
            Value::Number(number) => Some(i128::from(*number)),
            Value::Text(_) => None,
        }
    }

    fn length(&self, base: &str, indices: &[i128]) -> Option<i128> {
        match &self.slot(base, indices)?.value {
            Value::Text(text) => Some(text.len() as i128),
            Value::Number(_) => None,
        }
    }
}

/// The tokens of an input's text, line by line, read in order.
struct Tokens<'t, 's> {
    /// Every token, line after line.
    all: Vec<&'t str>,
    /// Where each line's tokens start in `all`, and where the last ends.
    starts: Vec<usize>,
    /// The next line, from 0.
    at: usize,
    /// The values the line being read holds, each its name, its indices and whether it is a
    /// string: kept from line to line, not made anew for each.
    wanted: Vec<(&'s Name, Index, bool)>,
}

impl<'t> Tokens<'t, '_> {
    /// How many lines there are.
    fn lines(&self) -> usize {
        self.starts.len() - 1
    }

    /// The tokens of line `at` (from 0).
    fn line(&self, at: usize) -> Option<&[&'t str]> {
        let (&start, &end) = (self.starts.get(at)?, self.starts.get(at + 1)?);
        Some(&self.all[start..end])
    }
}

impl Spec {
    /// `text` read as the format says; else where it first departs from it.
    pub fn document(&self, text: &str) -> Result<Document, Invalid> {
        let (mut all, mut starts) = (Vec::new(), vec![0]);
        for line in text.lines() {
            all.extend(line.split_ascii_whitespace());
            starts.push(all.len());
        }
        // Blank lines at the end are no lines of the input.
        while starts.len() > 1 && starts[starts.len() - 2] == all.len() {
            starts.pop();
        }
        let mut tokens = Tokens {
            all,
            starts,
            at: 0,
            wanted: Vec::new(),
        };
        let mut document = Document::default();
        let mut top = Scope::default();
        self.read_items(&self.top, &mut top, &[], &mut tokens, &mut document.cases)?;
        document.top = top;
        if tokens.at < tokens.lines() {
            return Err(Invalid::at_line(
                tokens.at + 1,
                "the input goes on after the format ends".to_string(),
            ));
        }
        Ok(document)
    }

    /// Reads `items` into `scope`, whose outer scopes are `outer`; test cases into `cases`.
    fn read_items<'s>(
        &'s self,
        items: &'s [Item],
        scope: &mut Scope,
        outer: &[&Scope],
        tokens: &mut Tokens<'_, 's>,
        cases: &mut Vec<Scope>,
    ) -> Result<(), Invalid> {
        for item in items {
            match item {
                Item::Line(cells) => self.read_line(cells, scope, outer, &[], tokens, 0)?,
                Item::Rows { from, to, cells } => {
                    let (from, to) = self.range(from, to, scope, outer, &[], tokens)?;
                    scope.reserve_rows(cells, from, to, tokens.lines() - tokens.at);
                    for row in from..=to {
                        self.read_line(cells, scope, outer, &[(ROW, row)], tokens, 0)?;
                    }
                }
                Item::Cases { from, to } => {
                    let (from, to) = self.range(from, to, scope, outer, &[], tokens)?;
                    for _ in from..=to {
                        let mut case = Scope::default();
                        let within = nested(scope, outer);
                        self.read_items(&self.case, &mut case, &within, tokens, &mut Vec::new())?;
                        cases.push(case);
                    }
                }
                Item::Queries { from, to } => {
                    let (from, to) = self.range(from, to, scope, outer, &[], tokens)?;
                    let (mut queries, mut values) = (Vec::new(), Vec::new());
                    let mut scratch = Scope::default();
                    for _ in from..=to {
                        let within = nested(scope, outer);
                        let kind = self.read_query(&mut scratch, &within, tokens)?;
                        file_query(
                            kind,
                            &self.queries[kind].cells,
                            &scratch,
                            &mut queries,
                            &mut values,
                        );
                    }
                    (scope.queries, scope.query_values) = (queries, values);
                }
            }
        }
        Ok(())
    }

    /// The first and last index of rows or a run, worked out: `to` may be below `from` for
    /// none.
    fn range(
        &self,
        from: &Expr,
        to: &Expr,
        scope: &Scope,
        outer: &[&Scope],
        bound: &[(&str, i128)],
        tokens: &Tokens,
    ) -> Result<(i128, i128), Invalid> {
        let lookup = Lookup::within(scope, outer, bound);
        // The line where what it counts starts, as a run's line is.
        range_in(from, to, &lookup, tokens.at + 1)
    }

    /// Reads one line of `cells` into `scope`, with `bound` indices, after its first `skip`
    /// tokens (a query's kind).
    fn read_line<'s>(
        &'s self,
        cells: &'s [Cell],
        scope: &mut Scope,
        outer: &[&Scope],
        bound: &[(&str, i128)],
        tokens: &mut Tokens<'_, 's>,
        skip: usize,
    ) -> Result<(), Invalid> {
        let line_number = tokens.at + 1;
        // A line of no values may be empty or left out.
        let length = tokens
            .line(tokens.at)
            .map(|line| line.len().saturating_sub(skip));
        // The values wanted, kept only up to what the line can hold (and a few to name), so that
        // a count far beyond the input costs no more than the input: beyond them, the count and
        // the last.
        let room = length.unwrap_or(0).max(SHOWN_NAMES);
        let mut wanted = std::mem::take(&mut tokens.wanted);
        wanted.clear();
        let (mut count, mut last_wanted) = (0, None);
        let mut lookup = Lookup::within(scope, outer, bound);
        let unknown = |name: &Name| {
            Invalid::at_line(
                line_number,
                format!("the indices of {} are not known here", name.base),
            )
        };
        for cell in cells {
            match cell {
                Cell::One(name) => {
                    let indices = name.index_values(&lookup).ok_or_else(|| unknown(name))?;
                    if wanted.len() < room {
                        wanted.push((name, indices, self.is_string(&name.base)));
                    }
                    (count, last_wanted) = (count + 1, Some((name, indices)));
                }
                Cell::Run { name, from, to } => {
                    let (first, last) = range_in(from, to, &lookup, line_number)?;
                    let string = self.is_string(&name.base);
                    let columns = (last - first + 1) as usize;
                    let kept = columns.min(room.saturating_sub(wanted.len())) as i128;
                    lookup.bound.push((COLUMN, first));
                    let skipped = (kept < columns as i128).then_some(last);
                    for column in (first..first + kept).chain(skipped) {
                        lookup.bound.last_mut().expect("the column").1 = column;
                        let indices = name.index_values(&lookup).ok_or_else(|| unknown(name))?;
                        if column < first + kept {
                            wanted.push((name, indices, string));
                        }
                        last_wanted = Some((name, indices));
                    }
                    lookup.bound.pop();
                    count += columns;
                }
            }
        }
        drop(lookup);
        if count == 0 && skip == 0 {
            tokens.at += usize::from(length == Some(0));
            return Ok(());
        }
        let Some(length) = length else {
            return Err(Invalid::at_line(
                line_number,
                format!(
                    "the input ends where the format has {} more",
                    counted_names(&wanted, count, last_wanted)
                ),
            ));
        };
        tokens.at += 1;
        if length != count {
            let message = format!(
                "{length} tokens, where the format has {count}: {}",
                counted_names(&wanted, count, last_wanted)
            );
            return Err(Invalid::at_line(line_number, message));
        }
        let line = &tokens.line(line_number - 1).expect("the line just counted")[skip..];
        for (at, (&(name, indices, string), token)) in wanted.iter().zip(line).enumerate() {
            let at = at + skip;
            let value = match string {
                true => Some(Value::Text((*token).into())),
                false => token.parse().ok().map(Value::Number),
            };
            let value = value.ok_or_else(|| Invalid {
                line: line_number,
                token: Some(at + 1),
                message: format!(
                    "`{token}` is not an integer ({})",
                    named(&name.base, &indices)
                ),
                constraint: None,
            })?;
            let slot = Slot {
                value,
                line: line_number as u32,
                token: at as u32 + 1,
            };
            if !scope.set(&name.base, &indices, slot) {
                return Err(Invalid {
                    line: line_number,
                    token: Some(at + 1),
                    message: format!("{} has an index out of reach", named(&name.base, &indices)),
                    constraint: None,
                });
            }
        }
        tokens.wanted = wanted;
        Ok(())
    }

    /// Whether the variable `base` is a string.
    fn is_string(&self, base: &str) -> bool {
        self.variables
            .get(base)
            .is_some_and(|variable| variable.letters.is_some())
    }

    /// Reads a query's line into `scratch`: its kind by its first token, then its values. Its
    /// kind.
    fn read_query<'s>(
        &'s self,
        scratch: &mut Scope,
        outer: &[&Scope],
        tokens: &mut Tokens<'_, 's>,
    ) -> Result<usize, Invalid> {
        let line_number = tokens.at + 1;
        let first = tokens
            .line(tokens.at)
            .and_then(|line| line.first().copied());
        let kind = match self.queries.as_slice() {
            [only] if only.number.is_none() => 0,
            kinds => {
                let number: Option<i128> = first.and_then(|token| token.parse().ok());
                kinds
                    .iter()
                    .position(|kind| kind.number.is_some() && kind.number == number)
                    .ok_or_else(|| Invalid {
                        line: line_number,
                        token: Some(1),
                        message: format!(
                            "`{}` is not the kind of a query: {}",
                            first.unwrap_or(""),
                            kinds
                                .iter()
                                .filter_map(|kind| kind.number)
                                .map(|number| number.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        constraint: None,
                    })?
            }
        };
        let kind_of = &self.queries[kind];
        let skip = usize::from(kind_of.number.is_some());
        self.read_line(&kind_of.cells, scratch, outer, &[], tokens, skip)?;
        Ok(kind)
    }

    /// The level of the variable `base`.
    pub fn level(&self, base: &str) -> Level {
        self.variables
            .get(base)
            .map_or(Level::Top, |variable| variable.level)
    }
}

/// The first and last index of rows or a run, as `lookup` sees them, on the input's `line`.
fn range_in(from: &Expr, to: &Expr, lookup: &Lookup, line: usize) -> Result<(i128, i128), Invalid> {
    match (from.value(lookup), to.value(lookup)) {
        (Some(first), Some(last)) if last - first + 1 >= 0 && last - first < MOST_INDEX => {
            Ok((first, last))
        }
        _ => Err(Invalid::at_line(
            line,
            format!(
                "a count of the format, {}, is not a count here",
                super::expr::shown(to)
            ),
        )),
    }
}

/// `A_3`, `A_{2,5}`, `N`: a value's name as a message says it.
pub fn named(base: &str, indices: &[i128]) -> String {
    match indices {
        [] => base.to_string(),
        [i] => format!("{base}_{i}"),
        _ => format!(
            "{base}_{{{}}}",
            indices
                .iter()
                .map(i128::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

/// The names a line wants, shortened: `A_1 ... A_5`.
/// How many names [`counted_names`] shows whole.
const SHOWN_NAMES: usize = 6;

/// The `count` names a line wants, of which `wanted` holds the first (at least
/// [`SHOWN_NAMES`], or all) and `last` is the last: all of them, or the first two and the last.
fn counted_names(
    wanted: &[(&Name, Index, bool)],
    count: usize,
    last: Option<(&Name, Index)>,
) -> String {
    let shown = |(name, indices): (&Name, &Index)| named(&name.base, indices);
    match (count, last) {
        (0..=SHOWN_NAMES, _) | (_, None) => (wanted.iter())
            .map(|(name, indices, _)| shown((name, indices)))
            .collect::<Vec<_>>()
            .join(" "),
        (_, Some((name, indices))) => format!(
            "{} {} ... {}",
            shown((wanted[0].0, &wanted[0].1)),
            shown((wanted[1].0, &wanted[1].1)),
            shown((name, &indices))
        ),
    }
}
