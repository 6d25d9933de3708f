//! The Input section of a spec: its lines of names (`N K`, `A_1 A_2 \ldots A_N`), the rows a
//! `\vdots` repeats (`u_1 v_1 \vdots u_M v_M`, `S_1 \vdots S_H`, `A_{1,1} \ldots A_{1,W}`), and
//! the blocks of a multi-test or query format (`\mathrm{case}_1 \vdots \mathrm{case}_T`).

use super::expr::{Expr, Name, Reader};
use super::markup::Token;

/// The index of the row a [`Item::Rows`] repeats, as its cells name it.
pub const ROW: &str = "#row";
/// The index of the item a [`Cell::Run`] repeats, as its name names it.
pub const COLUMN: &str = "#column";

/// A value, or values in a line, of a line of the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// One value: `N`, `A_i` in a row.
    One(Name),
    /// Values from index `from` to `to`, their name's index [`COLUMN`]: `A_1 \ldots A_N`.
    Run { name: Name, from: Expr, to: Expr },
}

/// A part of the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// One line.
    Line(Vec<Cell>),
    /// A line repeated for [`ROW`] from `from` to `to`.
    Rows {
        from: Expr,
        to: Expr,
        cells: Vec<Cell>,
    },
    /// The test cases, `\mathrm{case}_1 \vdots \mathrm{case}_T`, each in the case's format.
    Cases { from: Expr, to: Expr },
    /// The queries, `\mathrm{query}_1 \vdots \mathrm{query}_Q`, each a line of one kind.
    Queries { from: Expr, to: Expr },
}

/// A kind of query: its line, after the number of its kind, if it has one (`1 x`, `2 x y`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryKind {
    pub number: Option<i128>,
    pub cells: Vec<Cell>,
}

/// What a line of the format is, once read.
pub enum FormatLine {
    Cells(Vec<Cell>),
    /// `\vdots`.
    Down,
    /// A query's line, which starts with the number of its kind.
    Query(QueryKind),
}

/// Reads a line of the format from its tokens; None if it is not one.
pub fn read_line(tokens: &[Token]) -> Option<FormatLine> {
    if tokens == [Token::Down] {
        return Some(FormatLine::Down);
    }
    let mut reader = Reader::new(tokens);
    let number = match reader.peek() {
        Some(Token::Number(number)) => {
            reader.next();
            Some(*number)
        }
        _ => None,
    };
    // Names and ellipses: `A_1 A_2 \ldots A_N`.
    let mut read: Vec<Option<Name>> = Vec::new();
    while !reader.done() {
        if reader.peek() == Some(&Token::Across) {
            reader.next();
            read.push(None);
            continue;
        }
        read.push(Some(reader.name()?));
        reader.eat(',');
    }
    let mut cells: Vec<Cell> = Vec::new();
    let mut at = 0;
    while at < read.len() {
        match (&read[at], read.get(at + 1), read.get(at + 2)) {
            (Some(first), Some(None), Some(Some(last))) => {
                let (name, position, mut from, to) = run(first, last)?;
                // `A_1 A_2 \ldots A_N`: the names before the ellipsis start the run.
                while let Some(Cell::One(before)) = cells.last()
                    && before.base == name.base
                    && before.indices.len() == name.indices.len()
                {
                    from = before.indices[position].clone();
                    cells.pop();
                }
                cells.push(Cell::Run { name, from, to });
                at += 3;
            }
            (Some(name), _, _) => {
                cells.push(Cell::One(name.clone()));
                at += 1;
            }
            (None, _, _) => return None,
        }
    }
    match number {
        Some(_) => Some(FormatLine::Query(QueryKind { number, cells })),
        None if cells.is_empty() => None,
        None => Some(FormatLine::Cells(cells)),
    }
}

/// The run from `first` to `last`, which differ in one index (`A_1 \ldots A_N`,
/// `A_{i,1} \ldots A_{i,W}`): its name, that index made [`COLUMN`], the index's position, and
/// its first and last values.
fn run(first: &Name, last: &Name) -> Option<(Name, usize, Expr, Expr)> {
    let (position, from, to) = differing(first, last)?;
    let mut name = first.clone();
    name.indices[position] = Expr::Variable(Name::scalar(COLUMN));
    Some((name, position, from, to))
}

/// The one index in which `first` and `last` differ, and its two values.
fn differing(first: &Name, last: &Name) -> Option<(usize, Expr, Expr)> {
    if first.base != last.base || first.indices.len() != last.indices.len() {
        return None;
    }
    let mut differ = (first.indices.iter().zip(&last.indices).enumerate())
        .filter(|(_, (a, b))| a != b)
        .map(|(position, (a, b))| (position, a.clone(), b.clone()));
    let one = differ.next()?;
    differ.next().is_none().then_some(one)
}

/// The rows from `first`, a line's cells, to `last`, between which a `\vdots` stands: the
/// index that differs between them made [`ROW`]. None unless they differ so.
pub fn rows(first: &[Cell], last: &[Cell]) -> Option<Item> {
    if first.len() != last.len() {
        return None;
    }
    let mut bounds: Option<(Expr, Expr)> = None;
    let mut cells = Vec::new();
    let mut agree = |from: Expr, to: Expr| match &bounds {
        Some(known) => *known == (from, to),
        None => {
            bounds = Some((from, to));
            true
        }
    };
    for (a, b) in first.iter().zip(last) {
        let (name_a, name_b) = match (a, b) {
            (Cell::One(a), Cell::One(b)) => (a, b),
            (
                Cell::Run {
                    name: a,
                    from: from_a,
                    to: to_a,
                },
                Cell::Run {
                    name: b,
                    from: from_b,
                    to: to_b,
                },
            ) if from_a == from_b && to_a == to_b => (a, b),
            _ => return None,
        };
        let (position, from, to) = differing(name_a, name_b)?;
        if !agree(from, to) {
            return None;
        }
        let mut cell = a.clone();
        let name = match &mut cell {
            Cell::One(name) | Cell::Run { name, .. } => name,
        };
        name.indices[position] = Expr::Variable(Name::scalar(ROW));
        cells.push(cell);
    }
    let (from, to) = bounds?;
    let block = match cells.as_slice() {
        [Cell::One(name)] if name.indices.len() == 1 => block_of(&name.base),
        _ => None,
    };
    Some(match block {
        Some(Block::Case) => Item::Cases { from, to },
        Some(Block::Query) => Item::Queries { from, to },
        None => Item::Rows { from, to, cells },
    })
}

/// A block of the format a name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    Case,
    Query,
}

/// The block `base` stands for, if any: `case`, `query`.
pub fn block_of(base: &str) -> Option<Block> {
    match base.to_ascii_lowercase().as_str() {
        "case" | "testcase" | "test" | "cases" => Some(Block::Case),
        "query" | "queries" | "q" if base != "Q" => Some(Block::Query),
        _ => None,
    }
}

/// The lines of a block of the format, each its line's number and its cells, or None for a
/// `\vdots`, made items: the lines around each `\vdots` made rows. Else the number of the line
/// of a `\vdots` that stands between lines that do not differ in one index.
pub fn items(lines: Vec<(usize, Option<Vec<Cell>>)>) -> Result<Vec<Item>, usize> {
    let mut items: Vec<Item> = Vec::new();
    let mut lines = lines.into_iter();
    while let Some((number, line)) = lines.next() {
        match line {
            Some(cells) => items.push(Item::Line(cells)),
            None => {
                let first = match items.pop() {
                    Some(Item::Line(cells)) => cells,
                    _ => return Err(number),
                };
                let Some((_, Some(last))) = lines.next() else {
                    return Err(number);
                };
                items.push(rows(&first, &last).ok_or(number)?);
            }
        }
    }
    Ok(items)
}
