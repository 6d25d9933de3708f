//! The bounds a value is drawn within where it stands: those the chains that hold it give,
//! with the values known so far, capped by SIZE and by what a sum over the test cases leaves.

use super::{Maker, is_free_index};
use crate::spec::SpecError;
use crate::spec::constraint::{Compare, Rule};
use crate::spec::document::{Lookup, Scope};
use crate::spec::expr::{Expr, Name, shown_name};

/// Bounds of a value where it stands.
pub(super) struct Bounds {
    pub(super) low: Option<i128>,
    pub(super) high: Option<i128>,
    pub(super) not: Vec<i128>,
}

impl Bounds {
    /// Narrowed by `value`, another term of a chain, which comes before the value's own term if
    /// `before`, `between` the comparisons from the earlier of the two to the later. A chain that
    /// rises from the term to the value bounds the value from below (one more for each strict
    /// `<`), one that falls from it bounds it from above; all `=` fixes both bounds, and a lone
    /// `\neq` rules the one value out.
    fn narrow(&mut self, value: i128, between: &[Compare], before: bool) {
        let strict = between
            .iter()
            .filter(|c| matches!(c, Compare::Below | Compare::Above))
            .count() as i128;
        let rising = between
            .iter()
            .all(|c| matches!(c, Compare::AtMost | Compare::Below | Compare::Equal));
        let falling = between
            .iter()
            .all(|c| matches!(c, Compare::AtLeast | Compare::Above | Compare::Equal));
        // Whether the other term is below the value.
        let below = match (rising, falling) {
            (true, true) => {
                self.low = Some(self.low.map_or(value, |low| low.max(value)));
                self.high = Some(self.high.map_or(value, |high| high.min(value)));
                return;
            }
            (true, false) => before,
            (false, true) => !before,
            (false, false) => {
                if between == [Compare::NotEqual] {
                    self.not.push(value);
                }
                return;
            }
        };
        match below {
            true => {
                let low = value + strict;
                self.low = Some(self.low.map_or(low, |known| known.max(low)));
            }
            false => {
                let high = value - strict;
                self.high = Some(self.high.map_or(high, |known| known.min(high)));
            }
        }
    }
}

impl Maker<'_> {
    /// `value` of the scalar `base`, or the largest value from `low` below it that keeps every
    /// chain that holds it inside an expression, with the values known so far: `H \times W
    /// \leq 2 \times 10^5` lowers W once H is drawn.
    pub(super) fn fitted(
        &self,
        base: &str,
        low: i128,
        value: i128,
        scope: &Scope,
        outer: &[&Scope],
    ) -> i128 {
        let keeps = |value: i128| {
            let mut lookup = Lookup::within(scope, outer, &[]);
            lookup.bound.push((base, value));
            self.spec.constraints.iter().all(|constraint| {
                let Rule::Chain { terms, compares } = &constraint.rule else {
                    return true;
                };
                let mut inside = false;
                for term in terms.iter().filter(|term| term.as_name().is_none()) {
                    term.names(&mut |name| inside |= name.base == base);
                }
                if !inside {
                    return true;
                }
                let values: Vec<Option<i128>> =
                    terms.iter().map(|term| term.value(&lookup)).collect();
                compares.iter().enumerate().all(|(at, compare)| {
                    match (values[at], values[at + 1]) {
                        (Some(a), Some(b)) => compare.holds(a, b),
                        _ => true,
                    }
                })
            })
        };
        if value <= low || keeps(value) {
            return value;
        }
        // The largest that keeps them, by bisection: they hold for small values and not large.
        let (mut kept, mut broken) = (low, value);
        while broken - kept > 1 {
            let middle = kept + (broken - kept) / 2;
            match keeps(middle) {
                true => kept = middle,
                false => broken = middle,
            }
        }
        kept
    }

    /// A size's upper bound `high`, capped by SIZE and by what a sum over the test cases leaves
    /// (its bound, `2 \times 10^5` or a variable read before the cases, known where it is drawn).
    pub(super) fn capped(
        &self,
        base: &str,
        low: i128,
        high: i128,
        scope: &Scope,
        outer: &[&Scope],
    ) -> i128 {
        let mut high = high.min(self.size.max(low));
        for constraint in &self.spec.constraints {
            if let Rule::Sum { name, most } = &constraint.rule
                && name == base
                && let Some(most) = most.value(&Lookup::within(scope, outer, &[]))
            {
                let spent = self.sums.get(base).copied().unwrap_or(0);
                high = high.min(most - spent - low * self.cases_left).max(low);
            }
        }
        high
    }

    /// Both bounds, or the error that names the one missing.
    pub(super) fn both(&self, name: &Name, bounds: &Bounds) -> Result<(i128, i128), SpecError> {
        let missing = |side: &str| SpecError {
            line: None,
            message: format!(
                "the constraints give {} no {side} bound where it is drawn",
                shown_name(name)
            ),
        };
        let low = bounds.low.ok_or_else(|| missing("lower"))?;
        let high = bounds.high.ok_or_else(|| missing("upper"))?;
        Ok((low, high.max(low)))
    }

    /// The bounds the chains give the value of `name` at `indices` ([`Maker::bounds_of`] of the
    /// value, not of its length).
    pub(super) fn bounds(
        &self,
        name: &Name,
        indices: &[i128],
        scope: &Scope,
        outer: &[&Scope],
    ) -> Bounds {
        self.bounds_of(name, indices, scope, outer, false)
    }

    /// The bounds the chains give the value of `name` at `indices` (its length's, for
    /// `length`), from the values known so far.
    pub(super) fn bounds_of(
        &self,
        name: &Name,
        indices: &[i128],
        scope: &Scope,
        outer: &[&Scope],
        length: bool,
    ) -> Bounds {
        let mut bounds = Bounds {
            low: None,
            high: None,
            not: Vec::new(),
        };
        // The values known, for a fixed index (`A_N`).
        let known = Lookup::within(scope, outer, &[]);
        for constraint in &self.spec.constraints {
            let Rule::Chain { terms, compares } = &constraint.rule else {
                continue;
            };
            for (at, term) in terms.iter().enumerate() {
                let subject = match (term, length) {
                    (Expr::Variable(subject), false) | (Expr::Length(subject), true) => subject,
                    _ => continue,
                };
                if subject.base != name.base {
                    continue;
                }
                let Some(bound) = binding(subject, indices, &known) else {
                    continue;
                };
                let lookup = Lookup::within(scope, outer, &bound);
                for (other, term) in terms.iter().enumerate() {
                    if other == at {
                        continue;
                    }
                    let (first, last) = (other.min(at), other.max(at));
                    let between = &compares[first..last];
                    let Some(value) = term.value(&lookup) else {
                        continue;
                    };
                    bounds.narrow(value, between, other < at);
                }
            }
        }
        bounds
    }
}

/// The free indices of a chain's `subject` bound to the value's `indices`: `A_i` at `[3]` binds
/// `i` to 3. None if a fixed index (`A_1`, `A_N`, worked out from the `known` values) differs.
fn binding<'n>(
    subject: &'n Name,
    indices: &[i128],
    known: &Lookup,
) -> Option<Vec<(&'n str, i128)>> {
    if subject.indices.len() != indices.len() {
        // `|S| = N` names S without its index, for every S_i.
        return subject.indices.is_empty().then(Vec::new);
    }
    let mut bound = Vec::new();
    for (index, &value) in subject.indices.iter().zip(indices) {
        match index {
            Expr::Variable(name) if is_free_index(index) => bound.push((name.base.as_str(), value)),
            fixed if fixed.value(known) == Some(value) => {}
            _ => return None,
        }
    }
    Some(bound)
}
