//! The growth section of a report: how a failing program's time or memory grows, measured below
//! the smallest failing size, and whether a time-out is a close call.

use super::Setup;
use crate::family::Origin;
use crate::format::{capitalized, counted, seconds, with_commas, write_wrapped};
use crate::growth::{Curve, Measured, Resource};
use crate::problem::Units;
use std::fmt::Write;

/// The growth section: the exponent (or that it is faster than any power), the sizes measured,
/// the smallest failing size and the judge's largest; a user's inputs are `maker`'s (`the
/// generator`, `the spec`).
pub(super) fn write_growth(text: &mut String, growth: &Curve, units: Units, maker: &str) {
    let _ = writeln!(text);
    write_wrapped(text, &how_it_grows(growth, units, maker));
    let resource = growth.resource;
    let measured = |value: f64| resource.show_measured(value, growth.baseline);
    let sized = units == Units::SIZE;
    let shown: Vec<String> = growth
        .points
        .iter()
        .rev()
        .map(|&(size, value)| format!("{} at {}", measured(value), with_commas(size)))
        .collect();
    // A user's inputs are measured by their tokens ([`crate::problem::Problem::grown`]).
    let all_of = if sized { "tokens" } else { units.many };
    write_wrapped(
        text,
        &format!(
            "Measured: {} {all_of} ({} for the smallest input).",
            shown.join(", "),
            resource.show_measured(growth.baseline, 0.0)
        )
        .replace("  (", " ("),
    );
    let at = |run: Measured| at_size(growth, units, run);
    if let Some(check) = growth.stopped_check {
        write_wrapped(
            text,
            &format!("Checked at {}, with six times the limits.", at(check)),
        );
    }
    let at_largest = growth.largest.map(|run| format!("; at {}", at(run)));
    write_wrapped(
        text,
        &format!(
            "The smallest failing size of {} is {}{}.",
            origin_name(growth.origin, maker),
            at(growth.smallest_failing),
            at_largest.unwrap_or_default()
        ),
    );
}

/// The highest power a growth is said to be: a fit steeper than this, which no program's
/// growth is, says only that it grows faster than any power that could be measured.
const MOST_POWER: f64 = 6.0;

/// How `growth` grows, in a sentence: like a power of N (or, for a user's `units`, of T, the
/// inputs' tokens), faster than any, or too little to measure.
fn how_it_grows(growth: &Curve, units: Units, maker: &str) -> String {
    let noun = capitalized(growth.resource.noun());
    let sized = units == Units::SIZE;
    let step = match sized {
        true => "for each token more".to_string(),
        false => format!("for each {} more", units.one),
    };
    // A user's inputs are measured by their tokens: their generator may draw N below SIZE.
    let (n, on) = match sized {
        true => (
            "T",
            format!("on {maker}'s inputs, T their length in tokens"),
        ),
        false => ("N", "on this family".to_string()),
    };
    match (growth.exponential, growth.fit) {
        (Some(factor), _) => format!(
            "{noun} grows faster than any power of {n} we could measure {on}: about {factor:.1} times as much {step}."
        ),
        (None, Some(fit)) if fit.exponent.is_finite() && fit.exponent <= MOST_POWER => {
            format!("{noun} grows like {n}^{:.1} {on}.", fit.exponent)
        }
        (None, Some(_)) => {
            format!("{noun} grows faster than any power of {n} we could measure {on}.")
        }
        (None, None) => format!(
            "Its {} could not be measured below the smallest failing size: it does not grow enough over the smallest input's.",
            growth.resource.noun()
        ),
    }
}

/// `run` of `growth` in words: its size (or tokens), what it took, and, if it was stopped, what
/// the fit expects (none for an exponential growth, whose prediction at large sizes means
/// nothing, nor for a fit steeper than any power a program has).
fn at_size(growth: &Curve, units: Units, run: Measured) -> String {
    let resource = growth.resource;
    let fit = (growth.fit).filter(|fit| growth.exponential.is_none() && fit.exponent <= MOST_POWER);
    let value = resource.show(run.value);
    let measured = match run.stopped_at.map(Resource::stopped_by) {
        None => value,
        Some(limit) if limit == Some(resource) => format!("over {value} (stopped)"),
        // A memory hog that pages slowly can reach the time limit first, say.
        Some(limit) => {
            let noun = limit.map_or("output", Resource::noun);
            format!("{value} when stopped at the {noun} limit")
        }
    };
    let expected = fit
        .filter(|_| run.stopped_at.is_some())
        .map(|fit| fit.at(run.size))
        .filter(|value| value.is_finite())
        .map(|value| format!(", about {} by the fit", resource.show(value)))
        .unwrap_or_default();
    let size = match units == Units::SIZE {
        true => counted(run.size, "token", "tokens"),
        false => units.of(run.size),
    };
    format!("{size}: {measured}{expected}")
}

/// A time-out within a quarter of the limit at the judge's largest size, by a growth near
/// linear: the complexity is right, and the constant decides.
const CLOSE_CALL: f64 = 1.25;

/// The highest growth that a close call may have: near linear.
const NEAR_LINEAR: f64 = 1.2;

/// What to say of a time-out that is a close call on this machine, if it is one: near linear
/// growth, and a time at the judge's largest size within a quarter of the limit (measured, or
/// by the fit when that run was stopped).
pub(super) fn close_call(growth: &Curve, setup: &Setup) -> Option<String> {
    let fit = growth.fit?;
    let limit = setup.limits.time.as_secs_f64();
    // Measured at the judge's largest size if it was, with more time when the judged run was
    // stopped; else as the fit expects.
    let largest_run = growth.largest?;
    let size = largest_run.size;
    let measured = growth.points.iter().find(|&&(at, _)| at == size);
    let largest = match (largest_run.stopped_at, measured) {
        (None, _) => largest_run.value,
        (Some(_), Some(&(_, value))) => value,
        (Some(_), None) => fit.at(size),
    };
    let close = growth.resource == Resource::Time
        && growth.exponential.is_none()
        && fit.exponent <= NEAR_LINEAR
        && largest <= limit * CLOSE_CALL;
    close.then(|| {
        format!(
            "A close call on this machine: the complexity is right ({}^{:.1}), and the constant decides, about {} at {}. The judge's machine may be faster or slower than this one (--time-factor says how much). {}",
            match setup.problem.units() == Units::SIZE {
                true => "T",
                false => "N",
            },
            fit.exponent,
            seconds(largest),
            match setup.problem.units() == Units::SIZE {
                true => counted(size, "token", "tokens"),
                false => setup.problem.units().of(size),
            },
            constant_advice(&setup.program)
        )
    })
}

/// What usually cuts the constant in the language that `command` runs.
fn constant_advice(command: &str) -> &'static str {
    let program = command.split_whitespace().next().unwrap_or_default();
    let program = program.rsplit('/').next().unwrap_or_default();
    // PyPy runs `.py` files too: the program is asked first.
    if program.starts_with("pypy") {
        "In PyPy: read all the input at once (sys.stdin.buffer.read().split()), and print once with \"\\n\".join."
    } else if program.starts_with("python") || command.contains(".py") {
        "In Python: read all the input at once (sys.stdin.buffer.read().split()), print once with \"\\n\".join, and submit with PyPy, often several times faster."
    } else if program == "java" || program == "kotlin" {
        "On the JVM: read with a buffered byte reader instead of Scanner, and print through one PrintWriter or StringBuilder."
    } else {
        "In C++: read with scanf or with std::ios::sync_with_stdio(false), print \"\\n\" rather than std::endl, which flushes every line; in Rust, lock stdout once and write through a BufWriter."
    }
}

/// Whose inputs a growth was measured on: `the family "chain"`, or `the generator's inputs
/// (seed 7)` (`maker`'s).
fn origin_name(origin: Origin, maker: &str) -> String {
    match origin.family {
        Some(family) => format!("the family \"{}\"", family.name()),
        None => format!("{maker}'s inputs (seed {})", origin.seed),
    }
}
