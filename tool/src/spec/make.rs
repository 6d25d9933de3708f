//! Inputs made from a spec ([`Spec::generate`]): SIZE caps the sizes (the variables that count
//! something), each value is drawn within the bounds its chains give it where it stands, often
//! at an edge, and arrays, strings and graphs come in shapes (equal, sorted, extreme values; a
//! path, a star, a caterpillar). A seed with [`WORST`] set makes a worst case: every size at its
//! largest.

use super::constraint::Rule;
use super::document::{Document, Lookup, Scope, Slot, Value, file_query, nested};
use super::expr::{Expr, Index, Name, shown_name};
use super::format::{COLUMN, Cell, Item, ROW};
use super::validate::Reached;
use super::{Spec, SpecError, is_index};
use crate::generate::Rng;
use std::collections::{HashMap, HashSet};

mod bounds;
mod graph;

use graph::{TREE_SHAPES, TreeShape};

/// The mark of a seed that makes a worst case: every size at its largest, the values drawn as
/// the family in the bits below says.
pub const WORST: u64 = 1 << 63;

/// How many worst-case families there are: the ways values are drawn ([`Draw`]) with the shapes
/// of a tree.
pub const WORST_FAMILIES: u64 = 8;

/// The most vertices whose pairs are listed to draw a dense simple graph from (2 million pairs).
const MOST_LISTED: usize = 2048;

/// How many inputs are drawn before the constraints are said to be too hard to meet.
const ATTEMPTS: u64 = 20;

/// How many of them a worst case draws as its family says.
const FAMILY_ATTEMPTS: u64 = 5;

/// How the values of a variable are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Draw {
    /// Anywhere between the bounds.
    Anywhere,
    /// Near the lower bound: a few values, which repeat.
    Low,
    /// At one bound or the other.
    Edges,
    /// All the same value.
    Equal,
    /// Near the upper bound.
    High,
}

const DRAWS: [Draw; 5] = [
    Draw::Anywhere,
    Draw::Low,
    Draw::Edges,
    Draw::Equal,
    Draw::High,
];

/// One input being made.
struct Maker<'s> {
    spec: &'s Spec,
    size: i128,
    worst: bool,
    rng: Rng,
    /// How each variable's values are drawn, once chosen.
    draws: HashMap<String, Draw>,
    /// The value every value of a variable drawn [`Draw::Equal`] takes.
    equal: HashMap<String, i128>,
    tree_shape: TreeShape,
    /// The values summed over the test cases so far, by variable.
    sums: HashMap<String, i128>,
    /// The test cases left after the one being made.
    cases_left: i128,
}

impl Spec {
    /// The input of `size` and `seed`, the same for the same two; an error if the spec gives a
    /// value no bounds, or no input drawn meets its constraints.
    pub fn generate(&self, size: usize, seed: u64) -> Result<String, SpecError> {
        self.generate_noting(size, seed, &mut Reached::default())
    }

    /// [`Spec::generate`], noting in `reached` which bounds the input reached.
    pub fn generate_noting(
        &self,
        size: usize,
        seed: u64,
        reached: &mut Reached,
    ) -> Result<String, SpecError> {
        let mut last = None;
        for attempt in 0..ATTEMPTS {
            let mut maker = Maker::new(self, size, seed, attempt);
            let mut document = Document::default();
            let mut top = Scope::default();
            maker.items(&self.top, &mut top, &[], &mut document.cases)?;
            document.top = top;
            let text = self.text(&document);
            let mut noted = Reached::default();
            if self.check(&document, &mut noted).is_ok() {
                reached.add(&noted);
                return Ok(text);
            }
            last = Some(text);
        }
        // Read again, the values have their places, for the message.
        let text = last.unwrap_or_default();
        let why = match self.validate(&text) {
            Err(invalid) => invalid.to_string(),
            Ok(_) => "no reason found".to_string(),
        };
        Err(SpecError {
            line: None,
            message: format!(
                "no input of size {size} drawn in {ATTEMPTS} tries keeps the constraints; the last: {why}"
            ),
        })
    }

    /// The seeds of the worst cases, drawn from `seed`: one per family.
    pub fn worst_seeds(seed: u64) -> Vec<u64> {
        let mut rng = Rng::new(seed);
        (0..WORST_FAMILIES)
            .map(|family| WORST | family << 56 | rng.next_u64() >> 8)
            .collect()
    }
}

impl<'s> Maker<'s> {
    fn new(spec: &'s Spec, size: usize, seed: u64, attempt: u64) -> Self {
        let worst = seed & WORST != 0;
        let family = (seed >> 56) & 0x7F;
        let mut rng = Rng::new(seed ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let tree_shape = match worst {
            true => TREE_SHAPES[(family / 2) as usize % TREE_SHAPES.len()],
            false => rng.pick(&TREE_SHAPES),
        };
        let mut maker = Self {
            spec,
            size: size.max(1) as i128,
            worst,
            rng,
            draws: HashMap::new(),
            equal: HashMap::new(),
            tree_shape,
            sums: HashMap::new(),
            cases_left: 0,
        };
        if worst {
            // A worst case draws every variable's values one way; where no input so drawn keeps
            // the constraints (equal values where rows must differ), later attempts draw them
            // anywhere, at the same sizes.
            let draw = match attempt < FAMILY_ATTEMPTS {
                true => [Draw::Anywhere, Draw::Equal, Draw::High, Draw::Edges][family as usize % 4],
                false => Draw::Anywhere,
            };
            for name in spec.variables.keys() {
                maker.draws.insert(name.clone(), draw);
            }
        }
        maker
    }

    /// How the values of `base` are drawn: chosen at its first value.
    fn draw(&mut self, base: &str) -> Draw {
        if let Some(draw) = self.draws.get(base) {
            return *draw;
        }
        let draw = self.rng.pick(&DRAWS);
        self.draws.insert(base.to_string(), draw);
        draw
    }

    fn items(
        &mut self,
        items: &[Item],
        scope: &mut Scope,
        outer: &[&Scope],
        cases: &mut Vec<Scope>,
    ) -> Result<(), SpecError> {
        for item in items {
            match item {
                Item::Line(cells) => self.cells(cells, scope, outer, &[])?,
                Item::Rows { from, to, cells } => {
                    let (from, to) = self.range(from, to, scope, outer, &[])?;
                    scope.reserve_rows(cells, from, to, usize::MAX);
                    let graph = self.spec.graph.as_ref().filter(|graph| {
                        matches!(cells.as_slice(), [Cell::One(u), Cell::One(v), ..] if u.base == graph.ends[0] && v.base == graph.ends[1])
                    });
                    if let Some(graph) = graph {
                        let lookup = Lookup::within(scope, outer, &[]);
                        let vertices = lookup.number_of(&graph.vertices).unwrap_or(1);
                        let edges = self.edges(vertices, to - from + 1, graph.shape, graph.ordered);
                        for (row, (u, v)) in (from..=to).zip(edges) {
                            scope.set(&graph.ends[0], &[row], made(number(u)));
                            scope.set(&graph.ends[1], &[row], made(number(v)));
                        }
                    }
                    let rest = match graph {
                        Some(_) => &cells[2..],
                        None => cells.as_slice(),
                    };
                    self.whole_columns(rest, from, to, scope, outer)?;
                    for row in from..=to {
                        self.cells(rest, scope, outer, &[(ROW, row)])?;
                    }
                }
                Item::Cases { from, to } => {
                    let (from, to) = self.range(from, to, scope, outer, &[])?;
                    for case in from..=to {
                        self.cases_left = to - case;
                        let mut made_case = Scope::default();
                        let within = nested(scope, outer);
                        self.items(&self.spec.case, &mut made_case, &within, &mut Vec::new())?;
                        cases.push(made_case);
                    }
                }
                Item::Queries { from, to } => {
                    let (from, to) = self.range(from, to, scope, outer, &[])?;
                    let (mut queries, mut values) = (Vec::new(), Vec::new());
                    for _ in from..=to {
                        let kind = self.rng.below(self.spec.queries.len());
                        // Drawn afresh: a value of an earlier query is no bound of this one's.
                        let mut drawn = Scope::default();
                        let within = nested(scope, outer);
                        let cells = &self.spec.queries[kind].cells;
                        self.cells(cells, &mut drawn, &within, &[])?;
                        file_query(kind, cells, &drawn, &mut queries, &mut values);
                    }
                    (scope.queries, scope.query_values) = (queries, values);
                }
            }
        }
        Ok(())
    }

    fn range(
        &self,
        from: &Expr,
        to: &Expr,
        scope: &Scope,
        outer: &[&Scope],
        bound: &[(&str, i128)],
    ) -> Result<(i128, i128), SpecError> {
        let lookup = Lookup::within(scope, outer, bound);
        match (from.value(&lookup), to.value(&lookup)) {
            (Some(from), Some(to)) => Ok((from, to.max(from - 1))),
            _ => Err(SpecError {
                line: None,
                message: format!(
                    "the count {} is not known where it is needed: give its variable earlier in the format",
                    super::expr::shown(to)
                ),
            }),
        }
    }

    /// Draws the values of a line's cells, with `bound` indices.
    fn cells(
        &mut self,
        cells: &[Cell],
        scope: &mut Scope,
        outer: &[&Scope],
        bound: &[(&str, i128)],
    ) -> Result<(), SpecError> {
        for cell in cells {
            match cell {
                Cell::One(name) => {
                    let indices = indices_of(name, scope, outer, bound)?;
                    if scope.slot(&name.base, &indices).is_none() {
                        let value = self.value(name, &indices, scope, outer)?;
                        scope.set(&name.base, &indices, made(value));
                    }
                }
                Cell::Run { name, from, to } => {
                    let (from, to) = self.range(from, to, scope, outer, bound)?;
                    let mut all = Vec::with_capacity((to - from + 1).max(0) as usize);
                    let mut inner = Lookup::within(scope, outer, bound);
                    inner.bound.push((COLUMN, from));
                    for column in from..=to {
                        inner.bound.last_mut().expect("the column").1 = column;
                        all.push(
                            name.index_values(&inner)
                                .ok_or_else(|| unknown_indices(name))?,
                        );
                    }
                    drop(inner);
                    self.whole(&name.base, &all, scope, outer)?;
                    if self.same_bounds(&name.base)
                        && !all.is_empty()
                        && scope.slot(&name.base, &all[0]).is_none()
                    {
                        // Bounds the same for every value: worked out once.
                        let bounds = self.bounds(name, &all[0], scope, outer);
                        let (low, high) = self.both(name, &bounds)?;
                        for indices in &all {
                            let mut value = self.number(&name.base, low, high);
                            for _ in 0..50 {
                                if !bounds.not.contains(&value) {
                                    break;
                                }
                                value = low + self.below(high - low + 1);
                            }
                            scope.set(&name.base, indices, made(number(value)));
                        }
                        continue;
                    }
                    for indices in all {
                        if scope.slot(&name.base, &indices).is_none() {
                            let value = self.value(name, &indices, scope, outer)?;
                            scope.set(&name.base, &indices, made(value));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether every value of `base`, a number that counts nothing, has the same bounds: no
    /// chain bounds it by another indexed value (`L_i \leq R_i`) or bounds one of its values
    /// alone (`A_1 \leq 5`).
    fn same_bounds(&self, base: &str) -> bool {
        let variable = &self.spec.variables[base];
        if variable.letters.is_some() || variable.size {
            return false;
        }
        self.spec.constraints.iter().all(|constraint| {
            let Rule::Chain { terms, .. } = &constraint.rule else {
                return true;
            };
            let mut mentions = terms.iter().filter_map(|term| match term {
                Expr::Variable(name) if name.base == base => Some(name),
                _ => None,
            });
            let Some(subject) = mentions.next() else {
                return true;
            };
            let mut indexed = 0;
            for term in terms {
                term.names(&mut |name| indexed += usize::from(!name.indices.is_empty()));
            }
            indexed <= 1 && subject.indices.iter().all(is_free_index)
        })
    }

    /// Draws the columns of rows from `from` to `to` whose values a rule draws together.
    fn whole_columns(
        &mut self,
        cells: &[Cell],
        from: i128,
        to: i128,
        scope: &mut Scope,
        outer: &[&Scope],
    ) -> Result<(), SpecError> {
        for cell in cells {
            let Cell::One(name) = cell else { continue };
            let mut all = Vec::new();
            for row in from..=to {
                all.push(indices_of(name, scope, outer, &[(ROW, row)])?);
            }
            self.whole(&name.base, &all, scope, outer)?;
        }
        Ok(())
    }

    /// Draws every value of `base`, at `all` its indices, where a rule draws them together: a
    /// permutation, distinct values, values in order.
    fn whole(
        &mut self,
        base: &str,
        all: &[Index],
        scope: &mut Scope,
        outer: &[&Scope],
    ) -> Result<(), SpecError> {
        let spec = self.spec;
        let (mut distinct, mut sorted, mut permutation) = (false, None, None);
        for constraint in &spec.constraints {
            match &constraint.rule {
                Rule::Distinct { names } if names.len() == 1 && names[0] == base => distinct = true,
                Rule::Sorted { name, strict } if name == base => sorted = Some(*strict),
                Rule::Permutation { name, of } if name == base => permutation = Some(of),
                _ => {}
            }
        }
        if !distinct && sorted.is_none() && permutation.is_none() || all.is_empty() {
            return Ok(());
        }
        let count = all.len();
        let mut values: Vec<i128> = match permutation {
            Some(of) => {
                let of = of
                    .value(&Lookup::within(scope, outer, &[]))
                    .unwrap_or(count as i128);
                let mut values: Vec<i128> = (1..=of).collect();
                match self.draw(base) {
                    Draw::Equal | Draw::Low => {}
                    Draw::High => values.reverse(),
                    _ => shuffle(&mut self.rng, &mut values),
                }
                values
            }
            None => {
                let name = Name {
                    base: base.to_string(),
                    indices: Vec::new(),
                };
                let bounds = self.bounds(&name, &all[0], scope, outer);
                let (low, high) = self.both(&name, &bounds)?;
                let distinct = distinct || sorted == Some(true);
                let mut values = match distinct {
                    true => self.distinct(low, high, count),
                    false => (0..count).map(|_| self.number(base, low, high)).collect(),
                };
                if sorted.is_some() {
                    values.sort_unstable();
                }
                values
            }
        };
        values.truncate(count);
        for (indices, value) in all.iter().zip(values) {
            scope.set(base, indices, made(number(value)));
        }
        Ok(())
    }

    /// `count` distinct values in `low..=high` (fewer if there are not that many).
    fn distinct(&mut self, low: i128, high: i128, count: usize) -> Vec<i128> {
        let span = high - low + 1;
        if span <= (count as i128).saturating_mul(4) {
            let mut values: Vec<i128> = (low..=high).collect();
            shuffle(&mut self.rng, &mut values);
            values.truncate(count);
            return values;
        }
        let mut seen = HashSet::with_capacity(count);
        let mut values = Vec::with_capacity(count);
        while values.len() < count {
            let value = low + self.below(span);
            if seen.insert(value) {
                values.push(value);
            }
        }
        values
    }

    /// A uniform number in `0..span`.
    fn below(&mut self, span: i128) -> i128 {
        if span <= 1 {
            return 0;
        }
        let wide = (u128::from(self.rng.next_u64()) << 64 | u128::from(self.rng.next_u64()))
            % span as u128;
        wide as i128
    }

    /// A value of `name` at `indices`: a string, or a number within its bounds.
    fn value(
        &mut self,
        name: &Name,
        indices: &[i128],
        scope: &Scope,
        outer: &[&Scope],
    ) -> Result<Value, SpecError> {
        let spec = self.spec;
        let variable = &spec.variables[&name.base];
        if let Some(letters) = &variable.letters {
            let length_of = Name {
                base: name.base.clone(),
                indices: name.indices.clone(),
            };
            let bounds = self.bounds_of(&length_of, indices, scope, outer, true);
            let (low, high) = self.both(&length_of, &bounds)?;
            let high = self.capped(&name.base, low, high, scope, outer);
            let length = match self.worst {
                true => high,
                false => low + self.below(high - low + 1),
            };
            return Ok(Value::Text(
                self.letters(&name.base, letters, length.max(0) as usize)
                    .into(),
            ));
        }
        let bounds = self.bounds(name, indices, scope, outer);
        let (low, mut high) = self.both(name, &bounds)?;
        if variable.size {
            high = self.capped(&name.base, low, high, scope, outer);
            let value = match self.worst || self.rng.below(5) < 2 {
                true => high,
                false => low + self.below(high - low + 1),
            };
            let value = self.fitted(&name.base, low, value, scope, outer);
            *self.sums.entry(name.base.clone()).or_default() += value;
            return Ok(number(value));
        }
        let mut value = self.number(&name.base, low, high);
        for _ in 0..50 {
            if !bounds.not.contains(&value) {
                break;
            }
            value = low + self.below(high - low + 1);
        }
        Ok(number(value))
    }

    /// A number in `low..=high`, drawn as its variable's values are.
    fn number(&mut self, base: &str, low: i128, high: i128) -> i128 {
        let span = high - low + 1;
        let near = span.min(self.size.max(3));
        match self.draw(base) {
            Draw::Anywhere => low + self.below(span),
            Draw::Low => low + self.below(near),
            Draw::High => high - self.below(near),
            Draw::Edges => match self.rng.below(2) {
                0 => low,
                _ => high,
            },
            Draw::Equal => {
                let value = match self.equal.get(base) {
                    Some(value) => *value,
                    None => {
                        let value = low + self.below(span);
                        self.equal.insert(base.to_string(), value);
                        value
                    }
                };
                value.clamp(low, high)
            }
        }
    }

    /// `length` letters of `letters`, drawn as the variable's values are.
    fn letters(&mut self, base: &str, letters: &[u8], length: usize) -> String {
        let draw = self.draw(base);
        let few = match draw {
            Draw::Anywhere | Draw::High => letters.len(),
            Draw::Low | Draw::Edges => letters.len().min(2),
            Draw::Equal => 1,
        };
        let start = self.rng.below(letters.len() - few + 1);
        let alphabet = &letters[start..start + few];
        let bytes: Vec<u8> = (0..length)
            .map(|_| alphabet[self.rng.below(alphabet.len())])
            .collect();
        String::from_utf8(bytes).expect("the letters are ASCII")
    }
}

/// Whether `index` is an index name (`i`), which takes every value, not a fixed one (`1`, `N`).
fn is_free_index(index: &Expr) -> bool {
    matches!(index, Expr::Variable(name) if name.indices.is_empty() && is_index(&name.base))
}

fn indices_of(
    name: &Name,
    scope: &Scope,
    outer: &[&Scope],
    bound: &[(&str, i128)],
) -> Result<Index, SpecError> {
    name.index_values(&Lookup::within(scope, outer, bound))
        .ok_or_else(|| unknown_indices(name))
}

fn unknown_indices(name: &Name) -> SpecError {
    SpecError {
        line: None,
        message: format!(
            "the indices of {} are not known where it is drawn",
            shown_name(name)
        ),
    }
}

/// The number `value`, within the 64 bits an input's numbers have.
fn number(value: i128) -> Value {
    Value::Number(value.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
}

/// A value made, not read: it stands nowhere in a text.
fn made(value: Value) -> Slot {
    Slot {
        value,
        line: 0,
        token: 0,
    }
}

fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for at in (1..items.len()).rev() {
        items.swap(at, rng.below(at + 1));
    }
}

impl Lookup<'_> {
    /// The value of the scalar `base`.
    pub fn number_of(&self, base: &str) -> Option<i128> {
        super::expr::Values::number(self, base, &[])
    }
}
