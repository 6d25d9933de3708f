//! Whether an input keeps its spec's constraints ([`Spec::validate`]): the first value that
//! breaks one, by its line, its token and the constraint ([`Invalid`]); and which bounds the
//! values reached, as Polygon's validators tell ([`Reached`]).

use super::constraint::{Compare, Rule, Shape};
use super::document::{Document, Lookup, Slot, Value, named};
use super::expr::{Expr, Index, Values, shown, shown_name};
use super::{Graph, Level, Spec};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashMap;
use std::fmt;

mod columns;

/// Where an input departs from its spec, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The line, from 1.
    pub line: usize,
    /// The token in it, from 1, if one is to blame.
    pub token: Option<usize>,
    pub message: String,
    /// The constraint it breaks, by its place in the spec's list, if it breaks one.
    pub constraint: Option<usize>,
}

impl Invalid {
    pub fn at_line(line: usize, message: String) -> Self {
        Self {
            line,
            token: None,
            message,
            constraint: None,
        }
    }

    fn at(slot: &Slot, message: String, constraint: usize) -> Self {
        Self {
            line: slot.line as usize,
            token: Some(slot.token as usize),
            message,
            constraint: Some(constraint),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self.token {
            Some(token) => write!(
                formatter,
                "line {}, token {token}: {}",
                self.line, self.message
            ),
            None => write!(formatter, "line {}: {}", self.line, self.message),
        }
    }
}

/// Which bounds of the chains the values reached: for each variable beside a bound in a chain,
/// whether a value equalled the bound below it and the bound above it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reached {
    /// By the constraint and the place of the variable in its chain: [below, above].
    reached: HashMap<(usize, usize), [bool; 2]>,
}

/// Whether the value of term `at` of a chain equals its neighbours' `values`, the one before
/// and the one after: the bounds it reached.
fn touches(values: &[Option<i128>], at: usize) -> [bool; 2] {
    let value = values[at];
    let after = values.get(at + 1).is_some_and(|next| *next == value);
    [at > 0 && values[at - 1] == value, after]
}

/// What `subject` reached of its one `bound`.
fn single(subject: &str, bound: &str, reached: bool) -> String {
    match reached {
        true => format!("{subject} reached {bound}"),
        false => format!("{subject} never reached {bound}"),
    }
}

impl Reached {
    /// What they reached, a part per variable, in the order of the spec: `N reached 1 and
    /// 2*10^5`, `A_i reached 1, not 10^9`, `K reached neither 1 nor 10^9`.
    pub fn summary(&self, spec: &Spec) -> Vec<String> {
        let mut parts = Vec::new();
        for (index, constraint) in spec.constraints.iter().enumerate() {
            let Rule::Chain { terms, .. } = &constraint.rule else {
                continue;
            };
            for (at, term) in terms.iter().enumerate() {
                let subject = match term {
                    Expr::Variable(name) if spec.variables.contains_key(&name.base) => {
                        shown_name(name)
                    }
                    Expr::Length(name) => format!("|{}|", shown_name(name)),
                    _ => continue,
                };
                // Bounds of numbers and scalars only: `N` beside `A_i` in `A_i \leq N` is no
                // bound of N's.
                let bound = |term: &Expr| {
                    let mut scalar = !matches!(term, Expr::Length(_));
                    term.names(&mut |name| scalar &= name.indices.is_empty());
                    scalar.then(|| shown(term))
                };
                let below = at.checked_sub(1).and_then(|before| bound(&terms[before]));
                let above = terms.get(at + 1).and_then(bound);
                let [low, high] = self.reached.get(&(index, at)).copied().unwrap_or_default();
                let part = match (below, above) {
                    (Some(below), Some(above)) => match (low, high) {
                        (true, true) => format!("{subject} reached {below} and {above}"),
                        (true, false) => format!("{subject} reached {below}, not {above}"),
                        (false, true) => format!("{subject} reached {above}, not {below}"),
                        (false, false) => format!("{subject} reached neither {below} nor {above}"),
                    },
                    (Some(bound), None) => single(&subject, &bound, low),
                    (None, Some(bound)) => single(&subject, &bound, high),
                    (None, None) => continue,
                };
                if !parts.contains(&part) {
                    parts.push(part);
                }
            }
        }
        parts
    }

    /// Notes which bounds term `at` of chain `index` reached, below and above.
    fn note(&mut self, index: usize, at: usize, [low, high]: [bool; 2]) {
        if low || high {
            let mark = self.reached.entry((index, at)).or_default();
            mark[0] |= low;
            mark[1] |= high;
        }
    }

    /// Adds what `other` reached.
    pub fn add(&mut self, other: &Reached) {
        for (key, [low, high]) in &other.reached {
            let mine = self.reached.entry(*key).or_default();
            mine[0] |= low;
            mine[1] |= high;
        }
    }
}

impl Spec {
    /// `text` read and checked against every constraint; else the first place it departs from
    /// the spec.
    pub fn validate(&self, text: &str) -> Result<Document, Invalid> {
        let document = self.document(text)?;
        self.check(&document, &mut Reached::default())?;
        Ok(document)
    }

    /// Checks `document` against every constraint, in the spec's order, noting in `reached`
    /// which bounds its values reached.
    pub fn check(&self, document: &Document, reached: &mut Reached) -> Result<(), Invalid> {
        for (index, constraint) in self.constraints.iter().enumerate() {
            let level = self.rule_level(&constraint.rule);
            for lookup in self.lookups_at(document, level) {
                self.check_rule(index, &lookup, document, reached)?;
            }
        }
        Ok(())
    }

    /// How many indices the variable `base` has.
    fn dimensions(&self, base: &str) -> usize {
        self.variables
            .get(base)
            .map_or(0, |variable| variable.dimensions)
    }

    /// The level a rule is checked at: that of its deepest variable.
    fn rule_level(&self, rule: &Rule) -> Level {
        let mut level = Level::Top;
        let mut see = |base: &str| level = level.max(self.level(base));
        match rule {
            Rule::Chain { terms, .. } => {
                for term in terms {
                    term.names(&mut |name| see(&name.base));
                }
            }
            Rule::Letters { names, .. } | Rule::Distinct { names } => {
                names.iter().for_each(|name| see(name))
            }
            Rule::Sorted { name, .. } | Rule::Permutation { name, .. } => see(name),
            Rule::Graph(_) => {
                if let Some(graph) = &self.graph {
                    level = graph.level;
                }
            }
            Rule::Sum { .. } | Rule::Integers => {}
        }
        level
    }

    fn check_rule(
        &self,
        index: usize,
        lookup: &Lookup,
        document: &Document,
        reached: &mut Reached,
    ) -> Result<(), Invalid> {
        let constraint = &self.constraints[index];
        let breaks = |what: String| format!("{what} breaks {}", constraint.text);
        match &constraint.rule {
            Rule::Chain { terms, compares } => {
                self.check_chain(index, terms, compares, lookup, reached)
            }
            Rule::Integers => Ok(()),
            Rule::Letters { names, letters } => {
                self.check_letters(names, letters, lookup, index, &breaks)
            }
            Rule::Distinct { names } => self.check_distinct(names, lookup, index, &breaks),
            Rule::Sorted { name, strict } => {
                let slots = lookup.slots(name, self.dimensions(name));
                for pair in slots.windows(2) {
                    let ((_, before), (indices, after)) = (&pair[0], &pair[1]);
                    let (Value::Number(a), Value::Number(b)) = (&before.value, &after.value) else {
                        continue;
                    };
                    if (*strict && a >= b) || a > b {
                        let what = format!("{} = {b} after {a}", named(name, indices));
                        return Err(Invalid::at(after, breaks(what), index));
                    }
                }
                Ok(())
            }
            Rule::Permutation { name, of } => {
                self.check_permutation(name, of, lookup, index, &breaks)
            }
            Rule::Graph(shape) => match &self.graph {
                Some(graph) => check_graph(graph, *shape, lookup, index, &breaks),
                None => Ok(()),
            },
            Rule::Sum { name, most } => check_sum(name, most, lookup, document, index, &breaks),
        }
    }

    /// Checks that every string of `names` holds only `letters`.
    fn check_letters(
        &self,
        names: &[String],
        letters: &[u8],
        lookup: &Lookup,
        index: usize,
        breaks: &dyn Fn(String) -> String,
    ) -> Result<(), Invalid> {
        let mut allowed = [false; 256];
        letters
            .iter()
            .for_each(|&letter| allowed[usize::from(letter)] = true);
        for name in names {
            for (indices, slot) in lookup.slots(name, self.dimensions(name)) {
                if let Value::Text(text) = &slot.value
                    && let Some(bad) = text.bytes().find(|&byte| !allowed[usize::from(byte)])
                {
                    let what = format!("{} has `{}`, which", named(name, &indices), bad as char);
                    return Err(Invalid::at(slot, breaks(what), index));
                }
            }
        }
        Ok(())
    }

    /// Checks that the values of `names` are distinct: rows of arrays of one index, read by
    /// place, or a grid's values.
    fn check_distinct(
        &self,
        names: &[String],
        lookup: &Lookup,
        index: usize,
        breaks: &dyn Fn(String) -> String,
    ) -> Result<(), Invalid> {
        if names.iter().all(|name| self.dimensions(name) == 1) {
            // Arrays of one index, read by place.
            let columns: Vec<&[Option<Slot>]> =
                names.iter().map(|name| lookup.column(name)).collect();
            let mut seen: FxHashMap<[&Value; 2], usize> = FxHashMap::default();
            seen.reserve(columns[0].len());
            for (row, slot) in columns[0].iter().enumerate() {
                let Some(slot) = slot else { continue };
                // A row of one or two values, the first again for one.
                let second = columns.get(1).and_then(|column| column.get(row)?.as_ref());
                let key = [&slot.value, second.map_or(&slot.value, |slot| &slot.value)];
                if let Some(before) = seen.insert(key, row) {
                    let what = match names {
                        [name] => format!(
                            "{} = {} equals {}, which",
                            named(name, &[row as i128]),
                            display(&slot.value),
                            named(name, &[before as i128])
                        ),
                        _ => format!("row {row} equals row {before}, which"),
                    };
                    return Err(Invalid::at(second.unwrap_or(slot), breaks(what), index));
                }
            }
            return Ok(());
        }
        // A grid's values, all distinct.
        let slots = lookup.slots(&names[0], self.dimensions(&names[0]));
        let mut seen: FxHashMap<&Value, Index> = FxHashMap::default();
        for (indices, slot) in &slots {
            if let Some(before) = seen.insert(&slot.value, *indices) {
                let name = &names[0];
                let what = format!(
                    "{} = {} equals {}, which",
                    named(name, indices),
                    display(&slot.value),
                    named(name, &before)
                );
                return Err(Invalid::at(slot, breaks(what), index));
            }
        }
        Ok(())
    }

    /// Checks that the values of `name` are a permutation of 1 to `of`.
    fn check_permutation(
        &self,
        name: &str,
        of: &Expr,
        lookup: &Lookup,
        index: usize,
        breaks: &dyn Fn(String) -> String,
    ) -> Result<(), Invalid> {
        let slots = lookup.slots(name, self.dimensions(name));
        let count = of.value(lookup).unwrap_or(-1);
        let mut seen = FxHashSet::default();
        for (indices, slot) in &slots {
            let Value::Number(value) = slot.value else {
                continue;
            };
            if !(1..=count).contains(&i128::from(value)) || !seen.insert(value) {
                let what = format!("{} = {value}", named(name, indices));
                return Err(Invalid::at(slot, breaks(what), index));
            }
        }
        match (slots.last(), slots.len() as i128 == count) {
            (Some((indices, slot)), false) => {
                let what = format!("{} values, {} the last,", slots.len(), named(name, indices));
                Err(Invalid::at(slot, breaks(what), index))
            }
            _ => Ok(()),
        }
    }

    /// Checks a chain, for every value of its free indices, and notes which bounds it reached.
    fn check_chain(
        &self,
        index: usize,
        terms: &[Expr],
        compares: &[Compare],
        lookup: &Lookup,
        reached: &mut Reached,
    ) -> Result<(), Invalid> {
        // The term whose indices run over the values: the first with a free index.
        let subject = terms.iter().find_map(|term| {
            let name = match term {
                Expr::Variable(name) | Expr::Length(name) => name,
                _ => return None,
            };
            let free: Vec<(usize, String)> = (name.indices.iter().enumerate())
                .filter_map(|(at, index)| {
                    let index = index.as_name()?;
                    (index.indices.is_empty() && self.is_free_index(&index.base))
                        .then(|| (at, index.base.clone()))
                })
                .collect();
            (!free.is_empty()).then(|| (name.clone(), free))
        });
        let Some((subject, free)) = subject else {
            return self.check_links(index, terms, compares, lookup, reached);
        };
        if let Some(checked) = self.check_columns(index, terms, compares, lookup, &free, reached) {
            return checked;
        }
        let slots: Vec<Index> = (lookup.scopes.iter())
            .find_map(|scope| scope.array(&subject.base))
            .map(|array| {
                let dimensions = subject.indices.len();
                array
                    .slots(dimensions)
                    .map(|(indices, _)| indices)
                    .collect()
            })
            .unwrap_or_default();
        let mut scoped = Lookup {
            bound: free.iter().map(|(_, name)| (name.as_str(), 0)).collect(),
            ..lookup.clone()
        };
        for indices in slots {
            for ((at, _), bound) in free.iter().zip(scoped.bound.iter_mut()) {
                bound.1 = indices[*at];
            }
            self.check_links(index, terms, compares, &scoped, reached)?;
        }
        Ok(())
    }

    /// Checks each link of a chain at the values `lookup` sees.
    fn check_links(
        &self,
        index: usize,
        terms: &[Expr],
        compares: &[Compare],
        lookup: &Lookup,
        reached: &mut Reached,
    ) -> Result<(), Invalid> {
        // A chain has at most [`super::constraint::MOST_TERMS`] terms.
        let mut values = [None; super::constraint::MOST_TERMS];
        for (value, term) in values.iter_mut().zip(terms) {
            *value = term.value(lookup);
        }
        let values = &values[..terms.len()];
        for (at, compare) in compares.iter().enumerate() {
            let (Some(a), Some(b)) = (values[at], values[at + 1]) else {
                continue;
            };
            if !compare.holds(a, b) {
                return Err(self.broken(index, terms, values, lookup, at));
            }
        }
        for (at, term) in terms.iter().enumerate() {
            if matches!(term, Expr::Variable(_) | Expr::Length(_)) && values[at].is_some() {
                reached.note(index, at, touches(values, at));
            }
        }
        Ok(())
    }

    /// What a chain broken at its `link` (from 0), at the values `lookup` sees, says: the value
    /// to blame, the later in the input of the link's two, else of the chain's.
    fn broken(
        &self,
        index: usize,
        terms: &[Expr],
        values: &[Option<i128>],
        lookup: &Lookup,
        link: usize,
    ) -> Invalid {
        let in_link = self.blamed(
            index,
            &terms[link..link + 2],
            &values[link..link + 2],
            lookup,
        );
        in_link.unwrap_or_else(|| {
            let in_chain = self.blamed(index, terms, values, lookup);
            in_chain.unwrap_or_else(|| Invalid {
                line: 1,
                token: None,
                message: format!("the input breaks {}", self.constraints[index].text),
                constraint: Some(index),
            })
        })
    }

    /// The value to blame among `terms` for breaking constraint `index`: the later in the
    /// input of those that are values, if any is.
    fn blamed(
        &self,
        index: usize,
        terms: &[Expr],
        values: &[Option<i128>],
        lookup: &Lookup,
    ) -> Option<Invalid> {
        let text = &self.constraints[index].text;
        let mut blamed: Option<(&Slot, String, i128)> = None;
        for (term, value) in terms.iter().zip(values) {
            let (Expr::Variable(name) | Expr::Length(name)) = term else {
                continue;
            };
            let (Some(indices), Some(value)) = (name.index_values(lookup), value) else {
                continue;
            };
            let Some(slot) = lookup.slot(&name.base, &indices) else {
                continue;
            };
            let label = match term {
                Expr::Length(_) => format!("|{}|", named(&name.base, &indices)),
                _ => named(&name.base, &indices),
            };
            let later = blamed
                .as_ref()
                .is_none_or(|(before, ..)| (slot.line, slot.token) > (before.line, before.token));
            if later {
                blamed = Some((slot, label, *value));
            }
        }
        let (slot, label, value) = blamed?;
        Some(Invalid::at(
            slot,
            format!("{label} = {value} breaks {text}"),
            index,
        ))
    }
}

impl Spec {
    /// What a rule at `level` is checked on: the input's values; each test case's, with the
    /// input's; each query's, with its scope's.
    fn lookups_at<'d>(&'d self, document: &'d Document, level: Level) -> Vec<Lookup<'d>> {
        let top = &document.top;
        let cases = document.cases.iter().map(|case| vec![case, top]);
        match level {
            Level::Top => vec![Lookup::of(vec![top])],
            Level::Case => cases.map(Lookup::of).collect(),
            Level::Query => std::iter::once(vec![top])
                .chain(cases)
                .flat_map(|scopes| {
                    let scope = scopes[0];
                    (0..scope.queries.len()).map(move |at| Lookup {
                        scopes: scopes.clone(),
                        bound: Vec::new(),
                        query: Some((
                            &self.queries[scope.queries[at].kind].cells,
                            scope.query_slots(self, at),
                        )),
                    })
                })
                .collect(),
        }
    }
}

fn display(value: &Value) -> String {
    match value {
        Value::Number(number) => number.to_string(),
        Value::Text(text) => text.to_string(),
    }
}

/// Checks that the sum of `name` over the test cases is at most `most`.
fn check_sum(
    name: &str,
    most: &Expr,
    lookup: &Lookup,
    document: &Document,
    index: usize,
    breaks: &dyn Fn(String) -> String,
) -> Result<(), Invalid> {
    let most = most.value(lookup).unwrap_or(i128::MAX);
    let mut sum = 0i128;
    for case in &document.cases {
        let Some(slot) = case.scalar(name) else {
            continue;
        };
        let Value::Number(value) = slot.value else {
            continue;
        };
        sum = sum.saturating_add(i128::from(value));
        if sum > most {
            let what = format!("the sum of {name} so far, {sum},");
            return Err(Invalid::at(slot, breaks(what), index));
        }
    }
    Ok(())
}

/// Checks the edges of `graph` against `shape`.
fn check_graph(
    graph: &Graph,
    shape: Shape,
    lookup: &Lookup,
    index: usize,
    breaks: &dyn Fn(String) -> String,
) -> Result<(), Invalid> {
    let Some(vertices) = lookup.number(&graph.vertices, &[]) else {
        return Ok(());
    };
    let ends = [lookup.column(&graph.ends[0]), lookup.column(&graph.ends[1])];
    let mut parent: Vec<usize> = (0..=vertices.max(0) as usize).collect();
    fn root(parent: &mut [usize], mut vertex: usize) -> usize {
        while parent[vertex] != vertex {
            parent[vertex] = parent[parent[vertex]];
            vertex = parent[vertex];
        }
        vertex
    }
    let mut seen = FxHashSet::default();
    seen.reserve(ends[0].len());
    let mut parts = vertices.max(0) as usize;
    let mut last = None;
    for (u_slot, v_slot) in ends[0].iter().zip(ends[1]) {
        let (Some(u_slot), Some(v_slot)) = (u_slot, v_slot) else {
            continue;
        };
        last = Some(v_slot);
        let (Value::Number(u), Value::Number(v)) = (&u_slot.value, &v_slot.value) else {
            continue;
        };
        let (u, v) = (i128::from(*u), i128::from(*v));
        if !(1..=vertices).contains(&u) || !(1..=vertices).contains(&v) {
            continue;
        }
        let edge = || format!("the edge {u}-{v}");
        if shape.simple && u == v {
            return Err(Invalid::at(
                v_slot,
                breaks(format!("{}, a loop,", edge())),
                index,
            ));
        }
        if shape.simple && !seen.insert((u.min(v), u.max(v))) {
            return Err(Invalid::at(
                v_slot,
                breaks(format!("{}, given twice,", edge())),
                index,
            ));
        }
        let (a, b) = (root(&mut parent, u as usize), root(&mut parent, v as usize));
        if a == b && shape.tree {
            return Err(Invalid::at(
                v_slot,
                breaks(format!("{}, which closes a cycle,", edge())),
                index,
            ));
        }
        if a != b {
            parent[a] = b;
            parts -= 1;
        }
    }
    if (shape.connected || shape.tree) && parts > 1 {
        let message = breaks(format!("the graph, in {parts} parts,"));
        return Err(match last {
            Some(slot) => Invalid::at(slot, message, index),
            None => Invalid {
                line: 1,
                token: None,
                message,
                constraint: Some(index),
            },
        });
    }
    Ok(())
}
