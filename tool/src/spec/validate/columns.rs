//! A chain of constraints checked a row at a time ([`Spec::check_columns`]): its arrays read by
//! place, linear in the input, as a validator must be.

use super::{Invalid, Reached, touches};
use crate::spec::Spec;
use crate::spec::constraint::{Compare, MOST_TERMS};
use crate::spec::document::{Lookup, Slot, Value, named};
use crate::spec::expr::Expr;

impl Spec {
    /// Checks a chain whose terms are numbers, scalars and arrays of one index all indexed by
    /// its one free index, `1 \leq u_i < v_i \leq N`, a row at a time, each array read by
    /// place: linear in the input, as a validator must be. None for another chain.
    pub(super) fn check_columns(
        &self,
        index: usize,
        terms: &[Expr],
        compares: &[Compare],
        lookup: &Lookup,
        free: &[(usize, String)],
        reached: &mut Reached,
    ) -> Option<Result<(), Invalid>> {
        let [(0, free)] = free else { return None };
        let resolved = resolved(terms, lookup, free)?;
        let rows = (resolved.iter())
            .map(|term| match term {
                Term::Column(column, _) => column.len(),
                Term::Fixed(_) => 0,
            })
            .max()
            .unwrap_or(0);
        let mut values = [None; MOST_TERMS];
        let mut places: [Option<&Slot>; MOST_TERMS] = [None; MOST_TERMS];
        // Which bounds each term reached, below and above.
        let mut marks = [[false; 2]; MOST_TERMS];
        for row in 0..rows {
            let mut any = false;
            for (at, term) in resolved.iter().enumerate() {
                (values[at], places[at]) = match term {
                    Term::Fixed(value) => (*value, None),
                    Term::Column(column, length) => {
                        match column.get(row).and_then(Option::as_ref) {
                            Some(slot) => {
                                any = true;
                                let value = match (&slot.value, length) {
                                    (Value::Number(number), false) => Some(i128::from(*number)),
                                    (Value::Text(text), true) => Some(text.len() as i128),
                                    _ => None,
                                };
                                (value, Some(slot))
                            }
                            None => (None, None),
                        }
                    }
                };
            }
            if !any {
                continue;
            }
            for (at, compare) in compares.iter().enumerate() {
                let (Some(a), Some(b)) = (values[at], values[at + 1]) else {
                    continue;
                };
                if compare.holds(a, b) {
                    continue;
                }
                // Blame the later value of the link's two, or else the link's one value.
                let slot = match (places[at], places[at + 1]) {
                    (Some(first), Some(second)) => {
                        match (first.line, first.token) > (second.line, second.token) {
                            true => (first, at),
                            false => (second, at + 1),
                        }
                    }
                    (Some(one), None) => (one, at),
                    (None, Some(one)) => (one, at + 1),
                    (None, None) => {
                        return Some(Err(self.broken(
                            index,
                            terms,
                            &values[..terms.len()],
                            lookup,
                            at,
                        )));
                    }
                };
                let (place, blamed) = slot;
                let (Expr::Variable(name) | Expr::Length(name)) = &terms[blamed] else {
                    unreachable!("a column is a variable's")
                };
                let label = match terms[blamed] {
                    Expr::Length(_) => format!("|{}|", named(&name.base, &[row as i128])),
                    _ => named(&name.base, &[row as i128]),
                };
                let value = values[blamed].unwrap_or_default();
                let text = &self.constraints[index].text;
                return Some(Err(Invalid::at(
                    place,
                    format!("{label} = {value} breaks {text}"),
                    index,
                )));
            }
            for at in (0..terms.len()).filter(|&at| places[at].is_some()) {
                let [low, high] = touches(&values[..terms.len()], at);
                marks[at][0] |= low;
                marks[at][1] |= high;
            }
        }
        for (at, mark) in marks.into_iter().enumerate() {
            reached.note(index, at, mark);
        }
        Some(Ok(()))
    }
}

/// A term of a chain as [`Spec::check_columns`] reads it.
enum Term<'a> {
    /// A value the same on every row (None if it is not known).
    Fixed(Option<i128>),
    /// The column of an array indexed by the free index, and whether the term is its length.
    Column(&'a [Option<Slot>], bool),
}

/// The terms of a chain, read with `lookup`, each a fixed value or a column indexed by `free`;
/// None if one is indexed otherwise, which the general check takes.
fn resolved<'a>(terms: &[Expr], lookup: &Lookup<'a>, free: &str) -> Option<Vec<Term<'a>>> {
    let mut resolved = Vec::with_capacity(terms.len());
    for term in terms {
        let (Expr::Variable(name) | Expr::Length(name)) = term else {
            let mut indexed = false;
            term.names(&mut |name| indexed |= !name.indices.is_empty() || name.base == *free);
            if indexed {
                return None;
            }
            resolved.push(Term::Fixed(term.value(lookup)));
            continue;
        };
        match name.indices.as_slice() {
            [] if name.base != *free => resolved.push(Term::Fixed(term.value(lookup))),
            [Expr::Variable(index)] if index.base == *free && index.indices.is_empty() => resolved
                .push(Term::Column(
                    lookup.column(&name.base),
                    matches!(term, Expr::Length(_)),
                )),
            _ => return None,
        }
    }
    Some(resolved)
}
