//! How a solution's time or memory grows with N on a family of inputs: measured at sizes below
//! the smallest that fails, and fitted as N^k, the slope on a log-log scale, after the cost of
//! the smallest input (starting the process) is taken off. As the big_O Python package fits
//! complexity classes to execution times, but with one free exponent.

use crate::report::with_commas;

/// What is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    /// CPU time, in seconds.
    Time,
    /// Peak resident memory, in bytes.
    Memory,
}

impl Resource {
    /// The least growth over the smallest input's that is measured rather than noise: 10 ms of
    /// CPU time, 16 MiB of memory.
    fn least_measurable(self) -> f64 {
        match self {
            Self::Time => 0.01,
            Self::Memory => 16.0 * 1024.0 * 1024.0,
        }
    }

    /// A measured `value` as people read it: `0.48 s`, `512 MiB`.
    pub fn show(self, value: f64) -> String {
        match self {
            // Hundreds of seconds and more come from a fit: their hundredths mean nothing.
            Self::Time if value >= 100.0 => format!("{} s", with_commas(value.round() as usize)),
            Self::Time => format!("{value:.2} s"),
            Self::Memory => format!("{:.0} MiB", value / (1024.0 * 1024.0)),
        }
    }

    /// A `value` measured against `baseline` as the report shows it: as [`Resource::show`],
    /// but a memory too small to be [`measurable`] only as that. A short run may end before its
    /// memory is looked at, and what `wait4` reports of it then counts the memory of the process
    /// that started it.
    pub fn show_measured(self, value: f64, baseline: f64) -> String {
        match self {
            Self::Memory if !measurable(self, value, baseline) => {
                format!("under {}", self.show(self.least_measurable() + baseline))
            }
            _ => self.show(value),
        }
    }

    pub fn noun(self) -> &'static str {
        match self {
            Self::Time => "time",
            Self::Memory => "memory",
        }
    }
}

/// The sizes to measure a family at, below `smallest_failing`: halves of it, largest first,
/// down to 1, at most `count` of them.
pub fn sizes_below(smallest_failing: usize, count: usize) -> Vec<usize> {
    let halves = std::iter::successors(Some(smallest_failing / 2), |&size| Some(size / 2));
    halves.take_while(|&size| size >= 1).take(count).collect()
}

/// A growth, fitted: `value ≈ baseline + scale · N^exponent`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub exponent: f64,
    pub scale: f64,
    pub baseline: f64,
}

impl Fit {
    /// What the fit expects at `size`.
    pub fn at(&self, size: usize) -> f64 {
        self.baseline + self.scale * (size as f64).powf(self.exponent)
    }
}

/// Whether `value`, measured against `baseline` (the smallest input's), grows enough over it to
/// be measured rather than noise.
pub fn measurable(resource: Resource, value: f64, baseline: f64) -> bool {
    value - baseline >= resource.least_measurable().max(baseline)
}

/// The fit keeps the points whose growth over the smallest input's is at least this part of the
/// largest growth measured: N^k is how a cost grows at large N, where its lower terms (reading the
/// input, say), a runtime's warm-up (a JVM's compiler) and the noise of a short run matter least.
const FOCUS: f64 = 10.0;

/// Fits `points` (size, value) as `baseline + scale · N^exponent`, by least squares on a log-log
/// scale over the points that are [`measurable`] and within [`FOCUS`] of the largest; None with
/// fewer than two such points.
pub fn fit(resource: Resource, points: &[(usize, f64)], baseline: f64) -> Option<Fit> {
    let measured: Vec<(usize, f64)> = points
        .iter()
        .filter(|&&(_, value)| measurable(resource, value, baseline))
        .map(|&(size, value)| (size, value - baseline))
        .collect();
    let largest = measured
        .iter()
        .map(|&(_, growth)| growth)
        .fold(0.0, f64::max);
    let logs: Vec<(f64, f64)> = measured
        .iter()
        .filter(|&&(_, growth)| growth * FOCUS >= largest)
        .map(|&(size, growth)| ((size as f64).ln(), growth.ln()))
        .collect();
    if logs.len() < 2 {
        return None;
    }
    let count = logs.len() as f64;
    let mean_x = logs.iter().map(|&(x, _)| x).sum::<f64>() / count;
    let mean_y = logs.iter().map(|&(_, y)| y).sum::<f64>() / count;
    // Centring one factor is enough: the other's mean adds a multiple of a sum that is 0.
    let covariance: f64 = logs.iter().map(|&(x, y)| (x - mean_x) * y).sum();
    let variance: f64 = logs.iter().map(|&(x, _)| (x - mean_x).powi(2)).sum();
    let exponent = covariance / variance;
    Some(Fit {
        exponent,
        scale: (mean_y - exponent * mean_x).exp(),
        baseline,
    })
}

/// Runs of a size whose time is below this are made three times, longer ones twice.
const SHORT_RUN: f64 = 0.2;

/// How many runs measure a size steadily, given what the first took of `resource`: three for a
/// short time, which a moment's noise can double, two for a longer one, and the least of them is
/// taken, since other programs on the machine only ever add time; one for memory, which noise
/// does not change.
pub fn runs_needed(resource: Resource, first: f64) -> usize {
    match (resource, first < SHORT_RUN) {
        (Resource::Time, true) => 3,
        (Resource::Time, false) => 2,
        (Resource::Memory, _) => 1,
    }
}

/// Two times of a size agree when the larger is at most this much more than the smaller.
const AGREEING: f64 = 1.1;

/// The most runs made of a size whose times do not agree.
pub const MOST_RUNS: usize = 5;

/// What a size takes of `resource`: the least that a run not stopped at a limit took; None if
/// every run was stopped. `run` makes one run, and gives what it took and whether it was
/// stopped. It is run as many times as [`runs_needed`] says, and then, while the two least times
/// differ by more than a tenth, again, up to [`MOST_RUNS`]: the least of two runs is only near
/// the program's own time when the machine was quiet for one of them.
pub fn least_of_runs<E>(
    resource: Resource,
    mut run: impl FnMut() -> Result<(f64, bool), E>,
) -> Result<Option<f64>, E> {
    let (first, stopped) = run()?;
    let mut finished: Vec<f64> = (!stopped).then_some(first).into_iter().collect();
    let mut made = 1;
    while made < runs_needed(resource, first) || (made < MOST_RUNS && !two_least_agree(&finished)) {
        let (value, stopped) = run()?;
        made += 1;
        if !stopped {
            finished.push(value);
        }
    }
    Ok(finished.into_iter().reduce(f64::min))
}

/// Whether the two least of `finished` agree, or there are fewer than two to compare (as for a
/// memory, which is measured once).
fn two_least_agree(finished: &[f64]) -> bool {
    let mut sorted = finished.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted[..] {
        [least, second, ..] => second <= least * AGREEING,
        _ => true,
    }
}
