//! An input made smaller by its structure, as its spec sees it: test cases dropped
//! ([`Spec::without_cases`]); a size lowered together with everything it counts, a unit at a
//! time: an array's item, a row, a query, a string's letter, a grid's row or column, a graph's
//! vertex with its edges, a tree kept a tree ([`Spec::units`], [`Spec::without_units`]); its
//! strings' letters lowered ([`Spec::simpler`]) and its numbers set ([`Spec::numbers`]). What
//! comes out keeps the format; the constraints are checked by the caller.

use super::constraint::{Compare, Rule};
use super::document::{Document, Lookup, Scope, Slot, Value};
use super::expr::{Expr, Name};
use super::format::{COLUMN, Cell, Item, ROW};
use super::{Level, Spec};

/// A unit of a size: its scope (0 for the input's, 1 + k for test case k), the size's variable,
/// and which of its units (from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub scope: usize,
    pub size: String,
    pub at: usize,
}

impl Spec {
    /// The test cases of `document`.
    pub fn cases(&self, document: &Document) -> usize {
        document.cases.len()
    }

    /// `document` without `count` test cases from `start`, and its count of cases made to
    /// agree; None if there are none there or none would be left.
    pub fn without_cases(
        &self,
        document: &Document,
        start: usize,
        count: usize,
    ) -> Option<Document> {
        let cases = document.cases.len();
        if start >= cases || count == 0 || cases <= count.min(cases - start) {
            return None;
        }
        let count = count.min(cases - start);
        let Some(Item::Cases { to, .. }) = self
            .top
            .iter()
            .find(|item| matches!(item, Item::Cases { .. }))
        else {
            return None;
        };
        let mut smaller = document.clone();
        smaller.cases.drain(start..start + count);
        lower(&mut smaller.top, to.as_name()?, count as i64)?;
        Some(smaller)
    }

    /// Every unit of every size of `document` but the count of test cases, in order.
    pub fn units(&self, document: &Document) -> Vec<Unit> {
        let mut units = Vec::new();
        let scopes = std::iter::once((0, &document.top, Level::Top)).chain(
            document
                .cases
                .iter()
                .enumerate()
                .map(|(case, scope)| (case + 1, scope, Level::Case)),
        );
        for (at, scope, level) in scopes {
            for (name, slot) in &scope.scalars {
                let Some(variable) = self.variables.get(&**name) else {
                    continue;
                };
                let counts_cases = self.top.iter().any(|item| matches!(item, Item::Cases { to, .. } if to.as_name().is_some_and(|to| *to.base == **name)));
                if !variable.size || variable.level != level || counts_cases {
                    continue;
                }
                let Value::Number(value) = slot.value else {
                    continue;
                };
                units.extend((0..value.max(0) as usize).map(|unit| Unit {
                    scope: at,
                    size: name.to_string(),
                    at: unit,
                }));
            }
        }
        units
    }

    /// `document` without `count` of its `units` from `start`, each size lowered by as many and
    /// what it counts cut with it; None if that cuts nothing.
    pub fn without_units(
        &self,
        document: &Document,
        units: &[Unit],
        start: usize,
        count: usize,
    ) -> Option<Document> {
        let cut = units.get(start..(start + count).min(units.len()))?;
        if cut.is_empty() {
            return None;
        }
        let mut smaller = document.clone();
        // The last first: each cut leaves the places before it where they were.
        for unit in cut.iter().rev() {
            self.cut_unit(&mut smaller, unit)?;
        }
        (smaller != *document).then_some(smaller)
    }

    /// Cuts `unit` out of `document`.
    fn cut_unit(&self, document: &mut Document, unit: &Unit) -> Option<()> {
        let outer = match unit.scope {
            0 => None,
            _ => Some(document.top.clone()),
        };
        let (items, scope) = match unit.scope {
            0 => (&self.top, &mut document.top),
            case => (&self.case, document.cases.get_mut(case - 1)?),
        };
        let size = Name::scalar(&unit.size);
        let Value::Number(value) = scope.scalar(&unit.size)?.value else {
            return None;
        };
        if value <= 0 {
            return None;
        }
        let graph = self
            .graph
            .as_ref()
            .filter(|graph| graph.vertices == unit.size && graph.level == self.level(&unit.size));
        // What each counted part cuts, worked out before the size is lowered: (array, index).
        let mut cuts: Vec<Cut> = Vec::new();
        {
            let scopes: Vec<&Scope> = std::iter::once(&*scope).chain(outer.as_ref()).collect();
            let before = Lookup::of(scopes.clone());
            let mut after = Lookup::of(scopes);
            after.bound.push((&unit.size, i128::from(value) - 1));
            for item in items {
                self.cuts_of(
                    item,
                    &size,
                    unit.at,
                    &before,
                    &after,
                    graph.map(|graph| &graph.ends),
                    &mut cuts,
                );
            }
        }
        for cut in cuts {
            cut.apply(scope, self);
        }
        if let Some(graph) = graph {
            let (count, columns) = self.edge_rows()?;
            let mut counted_by_vertices = false;
            count.names(&mut |name| counted_by_vertices |= name.base == unit.size);
            let cut = cut_vertex(
                scope,
                &graph.ends,
                &columns,
                unit.at as i64 + 1,
                counted_by_vertices,
            );
            // The count of a graph's edges, M, falls by the edges cut; a tree's, N - 1, by the
            // size's own fall.
            if !counted_by_vertices && cut > 0 {
                lower(scope, count.as_name()?, cut as i64)?;
            }
        }
        self.cut_letters(scope, &unit.size, unit.at);
        lower(scope, &size, 1)
    }

    /// The rows of the graph's edges: their count, and the arrays of their columns.
    fn edge_rows(&self) -> Option<(&Expr, Vec<String>)> {
        let graph = self.graph.as_ref()?;
        self.top.iter().chain(&self.case).find_map(|item| match item {
            Item::Rows { to, cells, .. } if matches!(cells.as_slice(), [Cell::One(first), ..] if first.base == graph.ends[0]) => {
                let columns = cells.iter().map(|cell| match cell {
                    Cell::One(name) | Cell::Run { name, .. } => name.base.clone(),
                });
                Some((to, columns.collect()))
            }
            _ => None,
        })
    }

    /// The cuts that unit `at` of `size` makes in `item`: an index of each array whose count it
    /// lowers by one. The edges of a graph whose vertices it counts are cut by [`cut_vertex`].
    #[allow(clippy::too_many_arguments)]
    fn cuts_of(
        &self,
        item: &Item,
        size: &Name,
        at: usize,
        before: &Lookup,
        after: &Lookup,
        graph_ends: Option<&[String; 2]>,
        cuts: &mut Vec<Cut>,
    ) {
        // The index cut from a range from `from` to `to`, if the unit lowers its count by one.
        let cut_index = |from: &Expr, to: &Expr| -> Option<i128> {
            let mut counts = false;
            to.names(&mut |name| counts |= name.base == size.base);
            if !counts {
                return None;
            }
            let (first, last) = (from.value(before)?, to.value(before)?);
            let last_after = to.value(after)?;
            (last_after == last - 1 && last >= first).then(|| (first + at as i128).min(last))
        };
        // The items of the runs among `cells` that the size counts.
        let column_cuts = |cells: &[Cell]| -> Vec<Cut> {
            let runs = cells.iter().filter_map(|cell| match cell {
                Cell::Run { name, from, to } => Some((name, cut_index(from, to)?)),
                Cell::One(_) => None,
            });
            runs.map(|(name, index)| Cut::Index {
                array: name.base.clone(),
                index,
                position: column_position(name),
            })
            .collect()
        };
        match item {
            Item::Line(cells) => cuts.extend(column_cuts(cells)),
            Item::Rows { from, to, cells } => {
                let is_graph = matches!((graph_ends, cells.as_slice()), (Some(ends), [Cell::One(first), ..]) if first.base == ends[0]);
                if let Some(index) = cut_index(from, to).filter(|_| !is_graph) {
                    for cell in cells {
                        let name = match cell {
                            Cell::One(name) | Cell::Run { name, .. } => name,
                        };
                        cuts.push(Cut::Index {
                            array: name.base.clone(),
                            index,
                            position: row_position(name),
                        });
                    }
                }
                // A grid's columns: each row's run.
                cuts.extend(column_cuts(cells));
            }
            Item::Queries { from, to } => {
                if let Some(index) = cut_index(from, to) {
                    let first = from.value(before).unwrap_or(1);
                    cuts.push(Cut::Query((index - first) as usize));
                }
            }
            Item::Cases { .. } => {}
        }
    }

    /// Cuts letter `at` out of every string whose length `size` is, `|S| = N`.
    fn cut_letters(&self, scope: &mut Scope, size: &str, at: usize) {
        for constraint in &self.constraints {
            let Rule::Chain { terms, compares } = &constraint.rule else {
                continue;
            };
            if *compares != [Compare::Equal] {
                continue;
            }
            let (Expr::Length(string), Expr::Variable(length)) = (&terms[0], &terms[1]) else {
                continue;
            };
            if length.base != size || !length.indices.is_empty() {
                continue;
            }
            let cut = |slot: &mut Slot| {
                if let Value::Text(text) = &slot.value
                    && at < text.len()
                {
                    let mut shorter = text.to_string();
                    shorter.remove(at);
                    slot.value = Value::Text(shorter.into());
                }
            };
            if let Some((_, slot)) = scope
                .scalars
                .iter_mut()
                .find(|(name, _)| **name == *string.base)
            {
                cut(slot);
            }
            if let Some((_, array)) = scope
                .arrays
                .iter_mut()
                .find(|(name, _)| **name == *string.base)
            {
                array.rows.iter_mut().flatten().flatten().for_each(cut);
            }
        }
    }

    /// The strings of `document` with their letters lowered a step, the most promising first:
    /// each string made all the smallest letter of its alphabet.
    pub fn simpler(&self, document: &Document) -> Vec<Document> {
        let lowest = |(name, slot): (Option<&str>, &mut Slot)| {
            let smallest = self.smallest_letter(name?)?;
            let Value::Text(text) = &slot.value else {
                return None;
            };
            let lowest = String::from(smallest as char).repeat(text.len());
            (**text != *lowest).then_some(lowest)
        };
        let mut probe = document.clone();
        let lowered: Vec<(usize, String)> = named_slots_mut(&mut probe)
            .into_iter()
            .enumerate()
            .filter_map(|(at, named)| Some((at, lowest(named)?)))
            .collect();
        lowered
            .into_iter()
            .map(|(at, text)| {
                let mut simpler = document.clone();
                let (_, slot) = named_slots_mut(&mut simpler).swap_remove(at);
                slot.value = Value::Text(text.into());
                simpler
            })
            .collect()
    }

    fn smallest_letter(&self, base: &str) -> Option<u8> {
        self.variables
            .get(base)?
            .letters
            .as_ref()?
            .iter()
            .min()
            .copied()
    }

    /// The numbers of `document` that count nothing, in the order of its text: shrinking
    /// brings them toward their lower bounds.
    pub fn numbers(&self, document: &Document) -> Vec<i128> {
        self.number_slots(document)
            .into_iter()
            .map(|(_, value)| i128::from(value))
            .collect()
    }

    /// `document` with its numbers (of [`Spec::numbers`]) made `values`.
    pub fn with_numbers(&self, document: &Document, values: &[i128]) -> Option<Document> {
        let places = self.number_slots(document);
        if places.len() != values.len() {
            return None;
        }
        let mut changed = document.clone();
        let mut slots = number_slots_mut(self, &mut changed);
        slots.sort_by_key(|slot| (slot.line, slot.token));
        for (slot, value) in slots.into_iter().zip(values) {
            slot.value = Value::Number(i64::try_from(*value).ok()?);
        }
        Some(changed)
    }

    /// The numbers that count nothing, each where it stands, in the order of the text.
    fn number_slots(&self, document: &Document) -> Vec<((u32, u32), i64)> {
        let mut document = document.clone();
        let mut slots: Vec<((u32, u32), i64)> = number_slots_mut(self, &mut document)
            .into_iter()
            .filter_map(|slot| match slot.value {
                Value::Number(value) => Some(((slot.line, slot.token), value)),
                Value::Text(_) => None,
            })
            .collect();
        slots.sort_by_key(|(place, _)| *place);
        slots
    }
}

/// The slots of the numbers of `document` that count nothing.
fn number_slots_mut<'d>(spec: &Spec, document: &'d mut Document) -> Vec<&'d mut Slot> {
    named_slots_mut(document)
        .into_iter()
        .filter(|(name, slot)| {
            let size = name
                .and_then(|name| spec.variables.get(name))
                .is_some_and(|variable| variable.size);
            !size && matches!(slot.value, Value::Number(_))
        })
        .map(|(_, slot)| slot)
        .collect()
}

/// Every slot of `document` with its variable's name (none for a query's values), scope by
/// scope: its arrays, then its scalars, then its queries' values.
fn named_slots_mut(document: &mut Document) -> Vec<(Option<&str>, &mut Slot)> {
    let mut slots = Vec::new();
    for scope in std::iter::once(&mut document.top).chain(document.cases.iter_mut()) {
        let Scope {
            scalars,
            arrays,
            query_values,
            ..
        } = scope;
        for (name, array) in arrays.iter_mut() {
            let name = Some(&**name);
            slots.extend(
                array
                    .rows
                    .iter_mut()
                    .flatten()
                    .flatten()
                    .map(|slot| (name, slot)),
            );
        }
        slots.extend(scalars.iter_mut().map(|(name, slot)| (Some(&**name), slot)));
        slots.extend(query_values.iter_mut().map(|slot| (None, slot)));
    }
    slots
}

/// A part of a document that a unit's cut removes.
enum Cut {
    /// The values at `index` of an array's index at `position`: 0 for `A_i`; for `A_{i,j}`, 0
    /// (a row) or 1 (a column).
    Index {
        array: String,
        index: i128,
        position: usize,
    },
    /// A query, by its place.
    Query(usize),
}

impl Cut {
    fn apply(self, scope: &mut Scope, spec: &Spec) {
        match self {
            Self::Index {
                array,
                index,
                position,
            } => {
                let dimensions = spec
                    .variables
                    .get(&array)
                    .map_or(1, |variable| variable.dimensions);
                let Some((_, values)) = scope.arrays.iter_mut().find(|(name, _)| **name == *array)
                else {
                    return;
                };
                let index = index.max(0) as usize;
                match (dimensions, position) {
                    // `A_i`: its values are `rows[0]`.
                    (1, _) => {
                        if let Some(row) = values.rows.first_mut()
                            && index < row.len()
                        {
                            row.remove(index);
                        }
                    }
                    (_, 0) if index < values.rows.len() => {
                        values.rows.remove(index);
                    }
                    (_, 0) => {}
                    _ => {
                        for row in &mut values.rows {
                            if index < row.len() {
                                row.remove(index);
                            }
                        }
                    }
                }
            }
            Self::Query(at) => {
                if at >= scope.queries.len() {
                    return;
                }
                let start = scope.queries[at].start;
                let end = scope
                    .queries
                    .get(at + 1)
                    .map_or(scope.query_values.len(), |next| next.start);
                scope.query_values.drain(start..end);
                scope.queries.remove(at);
                for query in &mut scope.queries[at..] {
                    query.start -= end - start;
                }
            }
        }
    }
}

/// Where an array's name has [`ROW`]: 0 for `A_i` in a row, `A_{i,j}`'s first.
fn row_position(name: &Name) -> usize {
    position_of(name, ROW)
}

/// Where an array's name has [`COLUMN`].
fn column_position(name: &Name) -> usize {
    position_of(name, COLUMN)
}

fn position_of(name: &Name, index: &str) -> usize {
    name.indices
        .iter()
        .position(|expr| *expr == Expr::Variable(Name::scalar(index)))
        .unwrap_or(0)
}

/// Cuts `vertex` out of the graph whose edges' ends are the arrays `ends`, the rows of its
/// edges those of `columns`: the edges at it go, and the vertices after it are numbered one
/// less. For a tree (`tree`: its edges are counted by its vertices), its neighbours are joined to
/// the first of them instead, so that it stays a tree with one edge fewer. How many edges went.
fn cut_vertex(
    scope: &mut Scope,
    ends: &[String; 2],
    columns: &[String],
    vertex: i64,
    tree: bool,
) -> usize {
    let end_values = |end: &str| -> Vec<Option<i64>> {
        let cells = scope.array(end).and_then(|array| array.rows.first());
        (cells.map_or(&[][..], Vec::as_slice).iter())
            .map(|slot| match slot.as_ref()?.value {
                Value::Number(value) => Some(value),
                Value::Text(_) => None,
            })
            .collect()
    };
    let (us, vs) = (end_values(&ends[0]), end_values(&ends[1]));
    // The edges kept, each its row and its ends; and the vertex's neighbours, by row.
    let mut kept: Vec<(usize, i64, i64)> = Vec::new();
    let mut neighbours = Vec::new();
    for (row, (u, v)) in us.iter().zip(&vs).enumerate() {
        let (Some(u), Some(v)) = (*u, *v) else {
            continue;
        };
        match (u == vertex, v == vertex) {
            (true, _) => neighbours.push((row, v)),
            (_, true) => neighbours.push((row, u)),
            _ => kept.push((row, u, v)),
        }
    }
    if tree && let Some(&(_, first)) = neighbours.first() {
        // The rows of the edges cut but the first carry the joins.
        kept.extend(
            neighbours[1..]
                .iter()
                .map(|&(row, other)| (row, first, other)),
        );
    }
    kept.sort_unstable();
    let renumbered = |end: i64| if end > vertex { end - 1 } else { end };
    let first_row = us.iter().position(Option::is_some).unwrap_or(1);
    for (name, array) in scope.arrays.iter_mut() {
        let Some(end) = columns.iter().position(|column| **column == **name) else {
            continue;
        };
        let Some(cells) = array.rows.first_mut() else {
            continue;
        };
        let mut smaller: Vec<Option<Slot>> = vec![None; first_row];
        for &(row, u, v) in &kept {
            let mut slot = cells.get(row).cloned().flatten();
            if let Some(slot) = slot.as_mut() {
                match end {
                    0 => slot.value = Value::Number(renumbered(u)),
                    1 => slot.value = Value::Number(renumbered(v)),
                    _ => {}
                }
            }
            smaller.push(slot);
        }
        *cells = smaller;
    }
    us.iter().flatten().count() - kept.len()
}

/// Lowers the scalar `size` of `scope` by `by`; None if it has none or it would go below 0.
fn lower(scope: &mut Scope, size: &Name, by: i64) -> Option<()> {
    let (_, slot) = scope
        .scalars
        .iter_mut()
        .find(|(name, _)| **name == *size.base)?;
    let Value::Number(value) = slot.value else {
        return None;
    };
    if value < by {
        return None;
    }
    slot.value = Value::Number(value - by);
    Some(())
}
