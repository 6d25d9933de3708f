//! An input written back from its document ([`Spec::text`]): its values in the format's
//! order, each line as the format lays it out.

use super::{Document, Lookup, Scope, Value, nested};
use crate::spec::Spec;
use crate::spec::expr::{Expr, Name};
use crate::spec::format::{COLUMN, Cell, Item, ROW};
use std::fmt::Write;

impl Spec {
    /// `document` written as the format says, a value per token and a line per line.
    pub fn text(&self, document: &Document) -> String {
        let mut text = String::new();
        let mut cases = document.cases.iter();
        self.write_items(&self.top, &document.top, &[], &mut cases, &mut text);
        text
    }

    fn write_items<'d>(
        &self,
        items: &[Item],
        scope: &'d Scope,
        outer: &[&'d Scope],
        cases: &mut impl Iterator<Item = &'d Scope>,
        text: &mut String,
    ) {
        let scopes = nested(scope, outer);
        for item in items {
            match item {
                Item::Line(cells) => self.write_line(cells, &mut Lookup::of(scopes.clone()), text),
                Item::Rows { from, to, cells } => {
                    let Some((from, to)) = written_range(from, to, &scopes) else {
                        continue;
                    };
                    let mut lookup = Lookup::of(scopes.clone());
                    lookup.bound.push((ROW, from));
                    for row in from..=to {
                        lookup.bound[0].1 = row;
                        self.write_line(cells, &mut lookup, text);
                    }
                }
                Item::Cases { from, to } => {
                    let Some((from, to)) = written_range(from, to, &scopes) else {
                        continue;
                    };
                    for _ in from..=to {
                        let Some(case) = cases.next() else { break };
                        self.write_items(&self.case, case, &scopes, &mut std::iter::empty(), text);
                    }
                }
                Item::Queries { .. } => {
                    for query in &scope.queries {
                        let kind = &self.queries[query.kind];
                        if let Some(number) = kind.number {
                            let _ = write!(text, "{number}");
                            if !kind.cells.is_empty() {
                                text.push(' ');
                            }
                        }
                        let values = scope.query_values[query.start..]
                            .iter()
                            .take(kind.cells.len());
                        for (at, slot) in values.enumerate() {
                            if at > 0 {
                                text.push(' ');
                            }
                            write_value(&slot.value, text);
                        }
                        text.push('\n');
                    }
                }
            }
        }
    }

    /// Writes a line of `cells` with the values `lookup` sees, whose bound indices it may add to
    /// and takes back.
    fn write_line(&self, cells: &[Cell], lookup: &mut Lookup, text: &mut String) {
        let mut first = true;
        let mut write = |name: &Name, lookup: &Lookup| {
            let Some(indices) = name.index_values(lookup) else {
                return;
            };
            let Some(slot) = lookup.slot(&name.base, &indices) else {
                return;
            };
            if !first {
                text.push(' ');
            }
            first = false;
            write_value(&slot.value, text);
        };
        for cell in cells {
            match cell {
                Cell::One(name) => write(name, lookup),
                Cell::Run { name, from, to } => {
                    let (Some(from), Some(to)) = (from.value(lookup), to.value(lookup)) else {
                        continue;
                    };
                    lookup.bound.push((COLUMN, from));
                    for column in from..=to {
                        lookup.bound.last_mut().expect("the column").1 = column;
                        write(name, lookup);
                    }
                    lookup.bound.pop();
                }
            }
        }
        text.push('\n');
    }
}

/// The first and last index of rows or test cases of a document being written.
fn written_range(from: &Expr, to: &Expr, scopes: &[&Scope]) -> Option<(i128, i128)> {
    let lookup = Lookup::of(scopes.to_vec());
    Some((from.value(&lookup)?, to.value(&lookup)?))
}

fn write_value(value: &Value, text: &mut String) {
    match value {
        Value::Number(number) => text.push_str(itoa::Buffer::new().format(*number)),
        Value::Text(string) => text.push_str(string),
    }
}
