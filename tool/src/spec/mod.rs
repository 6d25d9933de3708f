//! A problem's input spec: its statement's Input and Constraints sections, as AtCoder's markup or
//! typed plainly ([`Spec::read`]). It reads an input ([`Spec::document`]), says whether it keeps
//! the constraints and if not where and which ([`Spec::validate`]), makes inputs at any size
//! ([`Spec::generate`]), and cuts an input down by its structure: test cases, the items a size
//! counts, a tree's vertices ([`Spec::units`], [`Spec::without_units`]).

mod constraint;
mod document;
mod expr;
mod format;
mod make;
mod markup;
mod shrink;
mod validate;

pub use constraint::{Compare, Constraint, Rule, Shape};
pub use document::{Document, Scope, Slot, Value};
pub use expr::{Expr, Name};
pub use format::{Cell, Item, QueryKind};
pub use shrink::Unit;
pub use validate::{Invalid, Reached};

use crate::error::Error;
use markup::Token;
use std::collections::HashMap;
use std::path::Path;

/// Where a variable lives: once in the input, in each test case, or in each query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Top,
    Case,
    Query,
}

/// What the spec knows of a variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// How many indices it has: 0 for `N`, 1 for `A_i`, 2 for `A_{i,j}`.
    pub dimensions: usize,
    pub level: Level,
    /// Its letters, if it is a string.
    pub letters: Option<Vec<u8>>,
    /// Whether it counts something of the format (a length, a number of rows, of test cases),
    /// or SIZE caps it as it caps those.
    pub size: bool,
}

/// The graph the input's rows make, where a constraint says it is a tree or a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    pub shape: Shape,
    /// The number of vertices, a scalar.
    pub vertices: String,
    /// The two ends of each edge: the first two values of its rows.
    pub ends: [String; 2],
    /// Whether the constraints order the ends, `u_i < v_i`.
    pub ordered: bool,
    pub level: Level,
}

/// A spec read from its text.
#[derive(Clone, Debug)]
pub struct Spec {
    pub top: Vec<Item>,
    /// The format of a test case, for a multi-test input.
    pub case: Vec<Item>,
    pub queries: Vec<QueryKind>,
    pub constraints: Vec<Constraint>,
    pub variables: HashMap<String, Variable>,
    pub graph: Option<Graph>,
}

/// A line of a spec that it does not read, or constraints it cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The line (from 1), if the error is about one.
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(formatter, "spec line {line}: {}", self.message),
            None => write!(formatter, "spec: {}", self.message),
        }
    }
}

/// The block of the format that the lines being read belong to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Top,
    Case,
    Query,
}

/// The forms of a line of the Input section that the spec reads.
const FORMAT_FORMS: &str = "names on a line (N K), a run (A_1 A_2 \\ldots A_N), \\vdots between two lines that differ in one index (u_1 v_1 / \\vdots / u_M v_M; A_{1,1} \\ldots A_{1,W}), \\mathrm{case}_1 \\vdots \\mathrm{case}_T, \\mathrm{query}_1 \\vdots \\mathrm{query}_Q, a query's line after its kind (1 x)";

impl Spec {
    /// The spec of `text`: its Input section's lines, then or before its Constraints, each line a
    /// form it reads; headings and the sentences that introduce a format are passed over, and
    /// reading stops at an Output or Sample heading.
    pub fn read(text: &str) -> Result<Self, SpecError> {
        let mut target = Target::Top;
        let mut blocks: [Vec<(usize, Option<Vec<Cell>>)>; 2] = [Vec::new(), Vec::new()];
        let mut queries = Vec::new();
        let mut constraints = Vec::new();
        for (at, raw) in text.lines().enumerate() {
            let number = at + 1;
            let error = |message: String| SpecError {
                line: Some(number),
                message,
            };
            let normalized = markup::normalize(raw);
            let line = normalized.trim().trim_start_matches('#').trim();
            let (line, bullet) = without_bullet(line);
            let lower = line.to_lowercase();
            let lower = lower.trim_end_matches([':', '.', '：']).trim();
            if lower.is_empty()
                || matches!(
                    lower,
                    "input" | "input format" | "format" | "入力" | "constraints" | "制約"
                )
            {
                continue;
            }
            if [
                "output",
                "sample",
                "出力",
                "入力例",
                "problem statement",
                "notes",
            ]
            .iter()
            .any(|heading| lower.starts_with(heading))
                && !bullet
            {
                break;
            }
            if lower.contains("following format")
                || lower.contains("following form")
                || lower.starts_with("input is given")
            {
                target = if lower.contains("quer") || lower.contains("formats") {
                    Target::Query
                } else if lower.contains("case") {
                    Target::Case
                } else {
                    Target::Top
                };
                continue;
            }
            let tokens = markup::tokens(line).map_err(|character| {
                error(format!(
                    "`{character}` is not a character the spec reads, in `{}`",
                    raw.trim()
                ))
            })?;
            let prose = tokens.iter().any(is_prose_word);
            let comparing = tokens
                .iter()
                .any(|token| matches!(token, Token::Compare(_)));
            if !bullet && !prose && !comparing {
                match format::read_line(&tokens) {
                    Some(format::FormatLine::Query(kind)) if target == Target::Query => {
                        queries.push(kind)
                    }
                    Some(format::FormatLine::Cells(cells)) if target == Target::Query => queries
                        .push(QueryKind {
                            number: None,
                            cells,
                        }),
                    Some(format::FormatLine::Cells(cells)) => {
                        blocks[usize::from(target == Target::Case)].push((number, Some(cells)))
                    }
                    Some(format::FormatLine::Down) => {
                        blocks[usize::from(target == Target::Case)].push((number, None))
                    }
                    _ => {
                        return Err(error(format!(
                            "`{}` is no line of an Input format the spec reads: {FORMAT_FORMS}",
                            raw.trim()
                        )));
                    }
                }
                continue;
            }
            let rules = constraint::read(line, &tokens).ok_or_else(|| {
                error(format!(
                    "`{}` is no constraint the spec reads; it reads {}",
                    raw.trim(),
                    constraint::FORMS
                ))
            })?;
            let shown = markup::shown(raw);
            let shown = shown.trim_start_matches('#').trim();
            let shown = without_bullet(shown).0.to_string();
            constraints.extend(rules.into_iter().map(|rule| Constraint {
                line: number,
                text: shown.clone(),
                rule,
            }));
        }
        let [top, case] = blocks;
        let down = |line: usize| {
            SpecError {
            line: Some(line),
            message: "a \\vdots must stand between two lines that differ in one index, the first 1 (or 0) and the last a count: u_1 v_1 / \\vdots / u_M v_M".to_string(),
        }
        };
        let top = format::items(top).map_err(down)?;
        let case = format::items(case).map_err(down)?;
        Self::of(top, case, queries, constraints)
    }

    /// The spec of these parts, its variables found and every constraint's names checked.
    fn of(
        top: Vec<Item>,
        case: Vec<Item>,
        queries: Vec<QueryKind>,
        constraints: Vec<Constraint>,
    ) -> Result<Self, SpecError> {
        if top.is_empty() {
            return Err(SpecError {
                line: None,
                message: "no Input format: give its lines, `N K` then `A_1 A_2 \\ldots A_N`, say"
                    .to_string(),
            });
        }
        let mut spec = Self {
            top,
            case,
            queries,
            constraints,
            variables: HashMap::new(),
            graph: None,
        };
        spec.unindex_queries();
        spec.find_variables()?;
        spec.index_whole_arrays();
        spec.check_constraints()?;
        spec.graph = spec.find_graph()?;
        spec.find_more_sizes();
        Ok(spec)
    }

    /// Notes every variable of the format, its level, its dimensions and whether it counts.
    fn find_variables(&mut self) -> Result<(), SpecError> {
        let mut variables = HashMap::new();
        let mut sizes = Vec::new();
        let mut note = |name: &Name, level: Level| {
            variables.entry(name.base.clone()).or_insert(Variable {
                dimensions: name.indices.len(),
                level,
                letters: None,
                size: false,
            });
        };
        let counted = |to: &Expr, sizes: &mut Vec<String>| {
            to.names(&mut |name| sizes.push(name.base.clone()));
        };
        let levels = [(&self.top, Level::Top), (&self.case, Level::Case)];
        for (items, level) in levels {
            for item in items.iter() {
                let cells = match item {
                    Item::Line(cells) => cells.as_slice(),
                    Item::Rows { to, cells, .. } => {
                        counted(to, &mut sizes);
                        cells.as_slice()
                    }
                    Item::Cases { to, .. } | Item::Queries { to, .. } => {
                        counted(to, &mut sizes);
                        &[]
                    }
                };
                for cell in cells {
                    match cell {
                        Cell::One(name) => note(name, level),
                        Cell::Run { name, to, .. } => {
                            note(name, level);
                            counted(to, &mut sizes);
                        }
                    }
                }
            }
        }
        for kind in &self.queries {
            for cell in &kind.cells {
                match cell {
                    Cell::One(name) => note(name, Level::Query),
                    Cell::Run { name, to, .. } => {
                        note(name, Level::Query);
                        counted(to, &mut sizes);
                    }
                }
            }
        }
        for constraint in &self.constraints {
            match &constraint.rule {
                Rule::Letters { names, letters } => {
                    for name in names {
                        let variable = variables
                            .get_mut(name)
                            .ok_or_else(|| unknown(constraint, name))?;
                        variable.letters = Some(letters.clone());
                    }
                }
                // `|S| = N`: N counts the letters of S.
                Rule::Chain { terms, .. }
                    if terms.iter().any(|term| matches!(term, Expr::Length(_))) =>
                {
                    for term in terms {
                        if let Expr::Variable(name) = term {
                            sizes.push(name.base.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        for size in sizes {
            if let Some(variable) = variables.get_mut(&size) {
                variable.size = true;
            }
        }
        self.variables = variables;
        Ok(())
    }

    /// Checks that every constraint names variables of the format (or indices), and that every
    /// string's letters are said.
    fn check_constraints(&self) -> Result<(), SpecError> {
        for constraint in &self.constraints {
            let mut names: Vec<(String, bool)> = Vec::new();
            match &constraint.rule {
                Rule::Chain { terms, .. } => {
                    for term in terms {
                        collect(term, &mut names, false);
                    }
                }
                Rule::Distinct { names: bases } if bases.len() > 2 => {
                    return Err(SpecError {
                        line: Some(constraint.line),
                        message: format!(
                            "distinct rows of at most two values are read, not {}, in `{}`",
                            bases.len(),
                            constraint.text
                        ),
                    });
                }
                Rule::Distinct { names: bases } | Rule::Letters { names: bases, .. } => {
                    names.extend(bases.iter().map(|base| (base.clone(), false)))
                }
                Rule::Sorted { name, .. } => names.push((name.clone(), false)),
                Rule::Permutation { name, of } => {
                    names.push((name.clone(), false));
                    collect(of, &mut names, false);
                }
                Rule::Sum { name, most } => {
                    names.push((name.clone(), false));
                    collect(most, &mut names, false);
                }
                Rule::Integers | Rule::Graph(_) => {}
            }
            for (name, as_index) in names {
                if !(self.variables.contains_key(&name) || as_index && is_index(&name)) {
                    return Err(unknown(constraint, &name));
                }
            }
            if let Rule::Chain { terms, .. } = &constraint.rule {
                for term in terms {
                    let mut strings = Vec::new();
                    term.names(&mut |name| strings.push(name.base.clone()));
                    if let Expr::Length(name) = term
                        && self
                            .variables
                            .get(&name.base)
                            .is_some_and(|v| v.letters.is_none())
                    {
                        return Err(SpecError {
                            line: Some(constraint.line),
                            message: format!(
                                "the letters of {} are not said: add \"{} consists of lowercase English letters\", or the letters it has",
                                name.base, name.base
                            ),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The graph the rows make, if a constraint says there is one: the first rows whose first
    /// two values are bounded by the same scalar, the number of vertices.
    fn find_graph(&self) -> Result<Option<Graph>, SpecError> {
        let Some((line, shape)) =
            self.constraints
                .iter()
                .find_map(|constraint| match constraint.rule {
                    Rule::Graph(shape) => Some((constraint.line, shape)),
                    _ => None,
                })
        else {
            return Ok(None);
        };
        let levels = [(&self.top, Level::Top), (&self.case, Level::Case)];
        for (items, level) in levels {
            for item in items.iter() {
                let Item::Rows { cells, .. } = item else {
                    continue;
                };
                let [Cell::One(first), Cell::One(second), ..] = cells.as_slice() else {
                    continue;
                };
                let bound = |end: &Name| self.upper_scalar(&end.base);
                if let (Some(vertices), Some(other)) = (bound(first), bound(second))
                    && vertices == other
                {
                    return Ok(Some(Graph {
                        shape,
                        vertices,
                        ends: [first.base.clone(), second.base.clone()],
                        ordered: self.ordered(&first.base, &second.base),
                        level,
                    }));
                }
            }
        }
        Err(SpecError {
            line: Some(line),
            message: "no edges found for this graph: the rows of its edges, u_1 v_1 / \\vdots / u_M v_M, with 1 <= u_i, v_i <= N".to_string(),
        })
    }

    /// The scalar that bounds the values of `base` from above in a chain, `A_i <= N`.
    fn upper_scalar(&self, base: &str) -> Option<String> {
        self.constraints.iter().find_map(|constraint| {
            let Rule::Chain { terms, compares } = &constraint.rule else {
                return None;
            };
            let at = terms
                .iter()
                .position(|term| term.as_name().is_some_and(|name| name.base == base))?;
            let rising = compares[at..]
                .iter()
                .all(|c| matches!(c, Compare::AtMost | Compare::Below));
            // The values of `base` are indexed, so a last term without indices is another's.
            let last = terms.last()?.as_name()?;
            (rising && last.indices.is_empty()).then(|| last.base.clone())
        })
    }

    /// Whether a chain orders `first` before `second`, `u_i < v_i`.
    fn ordered(&self, first: &str, second: &str) -> bool {
        self.constraints.iter().any(|constraint| {
            let Rule::Chain { terms, compares } = &constraint.rule else {
                return false;
            };
            let at = |base: &str| {
                terms
                    .iter()
                    .position(|term| term.as_name().is_some_and(|name| name.base == base))
            };
            // No comparisons between them (None) when `second` comes first.
            let between = at(first)
                .zip(at(second))
                .and_then(|(a, b)| compares.get(a..b));
            between.is_some_and(|between| {
                between
                    .iter()
                    .all(|c| matches!(c, Compare::Below | Compare::AtMost))
            })
        })
    }

    /// The spec in the file at `path`: a usage error if it cannot be read or is no spec.
    pub fn load(path: &Path) -> Result<Self, Error> {
        let text = std::fs::read_to_string(path).map_err(|error| {
            Error::Usage(format!("cannot read the spec {}: {error}", path.display()))
        })?;
        Self::read(&text).map_err(|error| Error::Usage(format!("{}: {error}", path.display())))
    }

    /// Takes the index off a query's values, `x_q` in `1 x_q`, there and in the constraints:
    /// each query has its own.
    fn unindex_queries(&mut self) {
        let mut bases = Vec::new();
        for kind in &mut self.queries {
            for cell in &mut kind.cells {
                if let Cell::One(name) = cell
                    && let [Expr::Variable(index)] = name.indices.as_slice()
                    && is_index(&index.base)
                {
                    name.indices.clear();
                    bases.push(name.base.clone());
                }
            }
        }
        fn unindex(expr: &mut Expr, bases: &[String]) {
            match expr {
                Expr::Variable(name) | Expr::Length(name) if bases.contains(&name.base) => {
                    name.indices.clear()
                }
                Expr::Add(a, b)
                | Expr::Subtract(a, b)
                | Expr::Multiply(a, b)
                | Expr::Divide(a, b)
                | Expr::Power(a, b) => {
                    unindex(a, bases);
                    unindex(b, bases);
                }
                Expr::Negate(a) => unindex(a, bases),
                Expr::Min(items) | Expr::Max(items) => {
                    items.iter_mut().for_each(|item| unindex(item, bases))
                }
                _ => {}
            }
        }
        for constraint in &mut self.constraints {
            if let Rule::Chain { terms, .. } = &mut constraint.rule {
                terms.iter_mut().for_each(|term| unindex(term, &bases));
            }
        }
    }

    /// Gives indices to the arrays a chain names whole: `|S| = W` for strings `S_i` says
    /// `|S_i| = W` for every i.
    fn index_whole_arrays(&mut self) {
        let variables = &self.variables;
        for constraint in &mut self.constraints {
            let Rule::Chain { terms, .. } = &mut constraint.rule else {
                continue;
            };
            for term in terms {
                let (Expr::Variable(name) | Expr::Length(name)) = term else {
                    continue;
                };
                // A scalar gets no indices: its dimensions are 0.
                let dimensions = variables.get(&name.base).map_or(0, |v| v.dimensions);
                if name.indices.is_empty() {
                    name.indices = (1..=dimensions)
                        .map(|index| Expr::Variable(Name::scalar(&format!("#{index}"))))
                        .collect();
                }
            }
        }
    }

    /// Marks as sizes the graph's number of vertices, the variable of a sum over the test cases
    /// (its values share a budget, which a size's draw spends), and every scalar in a chain
    /// beside a size (`N - 1 \leq M`): SIZE must cap them too, or their sizes' bounds would not
    /// let SIZE cap those.
    fn find_more_sizes(&mut self) {
        if let Some(graph) = &self.graph
            && let Some(variable) = self.variables.get_mut(&graph.vertices)
        {
            variable.size = true;
        }
        for constraint in &self.constraints {
            if let Rule::Sum { name, .. } = &constraint.rule
                && let Some(variable) = self.variables.get_mut(name)
            {
                variable.size = true;
            }
        }
        loop {
            let mut found = Vec::new();
            for constraint in &self.constraints {
                let Rule::Chain { terms, .. } = &constraint.rule else {
                    continue;
                };
                let is_size = |term: &Expr| {
                    term.as_name()
                        .is_some_and(|name| self.variables.get(&name.base).is_some_and(|v| v.size))
                };
                if !terms.iter().any(is_size) {
                    continue;
                }
                for term in terms.iter().filter(|term| !is_size(term)) {
                    term.names(&mut |name| {
                        let scalar = self
                            .variables
                            .get(&name.base)
                            .is_some_and(|v| v.dimensions == 0 && !v.size && v.letters.is_none());
                        if scalar && name.indices.is_empty() && term.as_name().is_none() {
                            found.push(name.base.clone());
                        }
                    });
                }
            }
            if found.is_empty() {
                return;
            }
            for base in found {
                if let Some(variable) = self.variables.get_mut(&base) {
                    variable.size = true;
                }
            }
        }
    }
}

/// Calls every name in `expr` into `names`, each with whether it stands as an index.
fn collect(expr: &Expr, names: &mut Vec<(String, bool)>, as_index: bool) {
    match expr {
        Expr::Variable(name) | Expr::Length(name) => {
            names.push((name.base.clone(), as_index));
            for index in &name.indices {
                collect(index, names, true);
            }
        }
        Expr::Number(_) => {}
        Expr::Add(a, b)
        | Expr::Subtract(a, b)
        | Expr::Multiply(a, b)
        | Expr::Divide(a, b)
        | Expr::Power(a, b) => {
            collect(a, names, as_index);
            collect(b, names, as_index);
        }
        Expr::Negate(a) => collect(a, names, as_index),
        Expr::Min(items) | Expr::Max(items) => {
            items.iter().for_each(|item| collect(item, names, as_index))
        }
    }
}

impl Spec {
    /// Whether `name`, as an index, runs over an array's values: an index name that is no
    /// variable, or only a query's (`i` in `2 i x`), which no array is indexed by.
    pub fn is_free_index(&self, name: &str) -> bool {
        is_index(name)
            && self
                .variables
                .get(name)
                .is_none_or(|variable| variable.level == Level::Query)
    }
}

/// Whether `name` may be an index of a constraint: `i`, `j`, `k`.
pub fn is_index(name: &str) -> bool {
    let whole_array = name
        .strip_prefix('#')
        .is_some_and(|digits| digits.chars().all(|c| c.is_ascii_digit()));
    whole_array || name.len() == 1 && name.chars().all(|c| c.is_ascii_lowercase())
}

fn unknown(constraint: &Constraint, name: &str) -> SpecError {
    SpecError {
        line: Some(constraint.line),
        message: format!(
            "{name} is not a variable of the Input format, in `{}`",
            constraint.text
        ),
    }
}

/// Whether a token is a word of prose, not a name: a lowercase word of more than one letter
/// other than a block's name.
fn is_prose_word(token: &Token) -> bool {
    match token {
        Token::Word(word) => {
            word.len() > 1
                && word.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && format::block_of(word).is_none()
                && !matches!(word.as_str(), "min" | "max" | "frac")
                || matches!(
                    word.as_str(),
                    "All" | "Each" | "The" | "Every" | "Both" | "In" | "For" | "It"
                )
        }
        _ => false,
    }
}

/// `line` without a list's bullet (`-`, `*`, `・`, `1.`), and whether it had one.
fn without_bullet(line: &str) -> (&str, bool) {
    for bullet in ["- ", "* ", "・", "•", "-\t"] {
        if let Some(rest) = line.strip_prefix(bullet) {
            return (rest.trim(), true);
        }
    }
    (line, false)
}
