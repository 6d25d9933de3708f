//! How a solution's time or memory grows with N on a family of inputs: measured at sizes below
//! the smallest that fails and beyond it ([`follow`]), and fitted as N^k, the slope on a log-log
//! scale, after the cost of the smallest input (starting the process) is taken off. As the big_O
//! Python package fits complexity classes to execution times, but with one free exponent.

use crate::family::Origin;
use crate::format;
use crate::input::Input;
use crate::judge::{Failure, Limits, Precision, judged_time, settle};
use crate::process::{Run, Stop};

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
            Self::Time => format::seconds(value),
            Self::Memory => format::mebibytes(value),
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

    /// What a run stopped at the limit `stop` ran out of; None for the output limit.
    pub fn stopped_by(stop: Stop) -> Option<Self> {
        match stop {
            Stop::Time | Stop::WallTime => Some(Self::Time),
            Stop::Memory => Some(Self::Memory),
            Stop::Output => None,
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

/// The sizes to measure a growth too steep for [`sizes_below`] at: 1, 2, 4, ... below
/// `smallest_failing`, largest first, above half of it, at most `count` of them.
pub fn steps_below(smallest_failing: usize, count: usize) -> Vec<usize> {
    let steps = std::iter::successors(Some(1), |&step: &usize| step.checked_mul(2));
    let sizes = steps.map_while(|step| smallest_failing.checked_sub(step));
    sizes
        .take_while(|&size| size > smallest_failing / 2)
        .take(count)
        .collect()
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
/// largest growth: N^k is how a cost grows at large N, where its lower terms (reading the input,
/// say), a runtime's warm-up (a JVM's compiler, which makes smaller sizes slower per step) and the
/// noise of a short run matter least. A twentieth spans two halvings of a quadratic growth, and
/// the factor of 16 between twice and half the smallest failing size when a run at that size was
/// stopped.
const FOCUS: f64 = 20.0;

/// The points of `points` (size, value) that a fit weighs, as (size, growth over `baseline`):
/// those [`measurable`] and within [`FOCUS`] of the largest growth, or, where a step in the growth
/// (a cache filling up) leaves fewer than two there, the two largest sizes measurable.
fn focused(resource: Resource, points: &[(usize, f64)], baseline: f64) -> Vec<(usize, f64)> {
    let measured = measured(resource, points, baseline);
    let largest = measured
        .iter()
        .map(|&(_, growth)| growth)
        .fold(0.0, f64::max);
    let mut focused: Vec<(usize, f64)> = measured
        .iter()
        .copied()
        .filter(|&(_, growth)| growth * FOCUS >= largest)
        .collect();
    if focused.len() < 2 {
        focused = measured;
        focused.sort_by_key(|&(size, _)| std::cmp::Reverse(size));
        focused.truncate(2);
    }
    focused
}

/// A straight line through `points` (x, y) by least squares: its slope, its intercept, and the
/// sum of the squares of what it leaves; None for fewer than two distinct x.
fn line(points: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let count = points.len() as f64;
    let mean_x = points.iter().map(|&(x, _)| x).sum::<f64>() / count;
    let mean_y = points.iter().map(|&(_, y)| y).sum::<f64>() / count;
    // Centring one factor is enough: the other's mean adds a multiple of a sum that is 0.
    let covariance: f64 = points.iter().map(|&(x, y)| (x - mean_x) * y).sum();
    let variance: f64 = points.iter().map(|&(x, _)| (x - mean_x).powi(2)).sum();
    // No spread of x, as with fewer than two points (none: the sum is empty), gives no slope.
    if variance == 0.0 {
        return None;
    }
    let slope = covariance / variance;
    let intercept = mean_y - slope * mean_x;
    let left = points
        .iter()
        .map(|&(x, y)| (y - intercept - slope * x).powi(2));
    Some((slope, intercept, left.sum()))
}

/// Fits `points` (size, value) as `baseline + scale · N^exponent`, by least squares on a log-log
/// scale over the points that a fit weighs ([`focused`]); None with fewer than two.
pub fn fit(resource: Resource, points: &[(usize, f64)], baseline: f64) -> Option<Fit> {
    let logs: Vec<(f64, f64)> = focused(resource, points, baseline)
        .iter()
        .map(|&(size, growth)| ((size as f64).ln(), growth.ln()))
        .collect();
    let (exponent, intercept, _) = line(&logs)?;
    Some(Fit {
        exponent,
        scale: intercept.exp(),
        baseline,
    })
}

/// `fit`, raised where it predicts less than a run that was stopped took by then: `floors` are
/// (size, value) of runs stopped at a limit, whose true value is more. A runtime's warm-up or a
/// cache's step can make the measured points grow slower than the failing sizes do; then the fit
/// is the line through the largest measured point of `points` whose exponent is the least that
/// reaches every floor beyond it, so that the report never expects under what it saw stopped
/// there. A floor below that point leaves the fit as it is: the points measured on both sides of
/// it say more of the growth than a run stopped on the way.
pub fn reaching(fit: Fit, points: &[(usize, f64)], floors: &[(usize, f64)]) -> Fit {
    let Some(&(anchor, value)) = points.iter().max_by_key(|&&(size, _)| size) else {
        return fit;
    };
    let growth = value - fit.baseline;
    if growth <= 0.0 {
        return fit;
    }
    let needed = floors
        .iter()
        .filter(|&&(size, floor)| size > anchor && fit.at(size) < floor)
        .map(|&(size, floor)| {
            ((floor - fit.baseline) / growth).ln() / (size as f64 / anchor as f64).ln()
        })
        .fold(fit.exponent, f64::max);
    match needed > fit.exponent {
        true => Fit {
            exponent: needed,
            scale: growth / (anchor as f64).powf(needed),
            baseline: fit.baseline,
        },
        false => fit,
    }
}

/// An exponent of N beyond which a growth may be faster than any power.
const POWERFUL: f64 = 6.0;

/// An exponent of N that no power a program takes reaches: only an exponential is this steep
/// (c · b^N has the slope N · ln b on a log-log scale, 16 for 2^N at 23 rounds).
const NO_POWER: f64 = 12.0;

/// The factor by which the growth of `points` (size, value) is multiplied with each word or round
/// more, when it grows faster than any power that could be measured: over all the points whose
/// growth is [`measurable`], fitted as N^k, k is over [`NO_POWER`], or k is over [`POWERFUL`] and
/// a straight line fits the same points at least as well on a log-linear scale (`c · b^N`) as on
/// a log-log one. None for a growth that a power describes. Every measurable point counts, not
/// only the largest ([`fit`]'s focus): a steep growth is told from a power by its span, which
/// [`follow`] makes wide.
pub fn exponential(resource: Resource, points: &[(usize, f64)], baseline: f64) -> Option<f64> {
    let measured = measured(resource, points, baseline);
    let scaled = |x: fn(f64) -> f64| -> Vec<(f64, f64)> {
        let point = |&(size, growth): &(usize, f64)| (x(size as f64), growth.ln());
        measured.iter().map(point).collect()
    };
    let (exponent, _, power_left) = line(&scaled(f64::ln))?;
    let (per_item, _, exponential_left) = line(&scaled(|size| size))?;
    let faster_than_any_power =
        exponent > NO_POWER || (exponent > POWERFUL && exponential_left <= power_left);
    faster_than_any_power.then(|| per_item.exp())
}

/// The points of `points` (size, value) whose growth over `baseline` is [`measurable`], as (size,
/// growth).
fn measured(resource: Resource, points: &[(usize, f64)], baseline: f64) -> Vec<(usize, f64)> {
    points
        .iter()
        .filter(|&&(_, value)| measurable(resource, value, baseline))
        .map(|&(size, value)| (size, value - baseline))
        .collect()
}

/// How many times the least measurable growth the largest of a steep growth's points must be:
/// over a factor of two or three, a power and an exponential look alike, and a run's noise
/// decides which line fits, so a steep growth is measured above its smallest failing size too
/// when the sizes below it span less. With every run off by up to 30 %, a span of 16 tells 2^N
/// on every one of 400 modelled machines; 32, as safe there, took another run of seconds above
/// the limit wherever an interpreter's start-up left the sizes below spanning 16 to 32.
pub const STEEP_SPAN: f64 = 16.0;

/// Neighbouring sizes of a steep growth whose values differ by more than this factor have a size
/// between them measured: an exponential's points, a word or round apart, are each about twice
/// the next.
const STEEP_GAP: f64 = 2.5;

/// The span of the measurable growths of `points`: the largest over the least; 1 for none.
pub fn span(resource: Resource, points: &[(usize, f64)], baseline: f64) -> f64 {
    let growths = measured(resource, points, baseline);
    let largest = growths
        .iter()
        .map(|&(_, growth)| growth)
        .fold(0.0, f64::max);
    let least = growths
        .iter()
        .map(|&(_, growth)| growth)
        .fold(f64::INFINITY, f64::min);
    match growths.is_empty() {
        true => 1.0,
        false => largest / least,
    }
}

/// The size to measure between two neighbours of `points` (size, value; largest first) whose
/// values differ by more than [`STEEP_GAP`], the larger of them measurable: the first such gap's
/// middle; None when every gap is narrow, or a word or round wide.
pub fn gap_to_fill(resource: Resource, points: &[(usize, f64)], baseline: f64) -> Option<usize> {
    points.windows(2).find_map(|pair| {
        let [(larger, high), (smaller, low)] = [pair[0], pair[1]];
        let wide = measurable(resource, high, baseline)
            && (!measurable(resource, low, baseline)
                || high - baseline > STEEP_GAP * (low - baseline));
        (wide && larger - smaller >= 2).then(|| smaller + (larger - smaller) / 2)
    })
}

/// Sizes below the smallest failing one at which a growth is measured, at most.
const SIZES_BELOW: usize = 12;

/// How many times its limits a run may take at twice the smallest failing size, where the growth
/// is checked: room for a quadratic growth's four times, and more.
const BEYOND_THE_LIMITS: u32 = 6;

/// How a failing program's time or memory grows on the family of its failing input.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    pub resource: Resource,
    /// The family (or generator) and seed of the inputs measured.
    pub origin: Origin,
    /// The smallest input's value, taken off before the fit.
    pub baseline: f64,
    /// The sizes measured, largest first, and what was measured at each.
    pub points: Vec<(usize, f64)>,
    pub fit: Option<Fit>,
    /// When it grows faster than any power that could be measured, the factor for each word or
    /// round more ([`exponential`]).
    pub exponential: Option<f64>,
    /// The run beyond the smallest failing size (at twice it; for a steep growth, a few words or
    /// rounds more) when it was stopped even with six times the limits.
    pub stopped_check: Option<Measured>,
    /// The run at the smallest failing size.
    pub smallest_failing: Measured,
    /// The run at the judge's largest size; None for an exponential growth that was not run
    /// there: nothing is learnt from it, a run stopped at the time limit.
    pub largest: Option<Measured>,
}

/// A run at one size, for the growth section: what it took of the growth's resource, and the
/// limit it was stopped at, if any (then the value is what it had taken by then).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    pub size: usize,
    pub value: f64,
    pub stopped_at: Option<Stop>,
}

/// A failure to follow: where its family's inputs come from, how it failed at its smallest
/// failing size, the largest size of its problem, and how it failed there if it was run there.
pub struct Failing<'a> {
    pub origin: Origin,
    pub largest_size: usize,
    pub smallest_size: usize,
    pub smallest: &'a Failure,
    pub at_largest: Option<&'a Failure>,
    /// What the growth is measured against ([`follow`]'s `size_of`) of the smallest failing input,
    /// and of the input that failed at the largest size, if one did.
    pub smallest_measured: usize,
    pub largest_measured: usize,
}

/// How the time or memory that `failing` ran out of grows on its family, with `run` making one
/// run of an input under some limits; None for any other failure. The smallest failing size
/// gives the largest point, from the very runs that judged it; halves of it are measured down to
/// where the value no longer grows over the smallest input's; and the fit is checked at twice the
/// smallest failing size (at most the judge's largest), in runs allowed [`BEYOND_THE_LIMITS`]
/// times the limits: measured there, that point joins the fit, which weighs the largest sizes,
/// where the work dominates a start-up or a runtime's warm-up. A growth too steep for any half to
/// be measurable is measured just below the smallest failing size instead ([`steps_below`], and
/// the gaps between them filled, [`gap_to_fill`]), then a word or round above it, two, four, in
/// runs allowed the same, until its points span [`STEEP_SPAN`]. A fit that expects less than a
/// run stopped beyond the largest size measured took is raised to reach it ([`reaching`]).
/// The judge's largest size is run unless it was, or the growth is exponential. The sizes an
/// origin makes inputs at are what grows for the built-ins; for a user's problem, whose generator
/// may draw N at random below SIZE, what grew is what `size_of` gives of each input (its tokens),
/// which the growth is measured against.
pub fn follow<E>(
    failing: &Failing,
    limits: &Limits,
    make: impl FnMut(usize) -> Result<Input, E>,
    run: impl FnMut(&Input, &Limits) -> Result<Run, E>,
    size_of: impl Fn(&Input) -> usize,
) -> Result<Option<Curve>, E> {
    let resource = match failing.smallest {
        Failure::TimeLimit { blocked: false, .. } => Resource::Time,
        Failure::MemoryLimit { .. } => Resource::Memory,
        _ => return Ok(None),
    };
    let mut following = Following {
        failing,
        limits,
        beyond: limits.times(BEYOND_THE_LIMITS),
        resource,
        make,
        run,
        size_of,
        baseline: 0.0,
        points: Vec::new(),
        stopped_check: None,
    };
    following.baseline = following.measure(1, limits)?.1.unwrap_or_default();
    let smallest_failing = as_measured(failing.smallest_measured, failing.smallest, limits);
    if smallest_failing.stopped_at.is_none() {
        following
            .points
            .push((smallest_failing.size, smallest_failing.value));
    }
    following.halves_below()?;
    // A growth too steep for halves to show any: the sizes just below the smallest failing one,
    // with the gaps between them filled, then above it until the points span enough to tell a
    // steep power from an exponential. Else twice the smallest failing size checks the fit.
    match following.any_measurable_below() {
        false => following.steeply()?,
        true => following.at_twice()?,
    }
    following.curve(smallest_failing).map(Some)
}

/// A growth being followed: the failure, its limits and those allowed beyond them, how an input
/// of a size is made and run, and what was measured so far.
struct Following<'f, M, R, S> {
    failing: &'f Failing<'f>,
    limits: &'f Limits,
    beyond: Limits,
    resource: Resource,
    make: M,
    run: R,
    size_of: S,
    /// The smallest input's value.
    baseline: f64,
    points: Vec<(usize, f64)>,
    stopped_check: Option<Measured>,
}

impl<E, M, R, S> Following<'_, M, R, S>
where
    M: FnMut(usize) -> Result<Input, E>,
    R: FnMut(&Input, &Limits) -> Result<Run, E>,
    S: Fn(&Input) -> usize,
{
    /// What the input of `size` takes under `limits`, from runs that settle it, and what it
    /// measures ([`follow`]'s `size_of`); None when the runs are stopped. A memory is measured
    /// once: it does not vary with the machine's load.
    fn measure(&mut self, size: usize, limits: &Limits) -> Result<(usize, Option<f64>), E> {
        let precision = match self.resource {
            Resource::Time => Precision::Steady,
            Resource::Memory => Precision::Verdict,
        };
        let input = (self.make)(size)?;
        let measured = (self.size_of)(&input);
        let run = &mut self.run;
        let settled = settle(limits, precision, || run(&input, limits))?;
        let ran = settled.run;
        let value = ran.stopped.is_none().then(|| value_of(self.resource, &ran));
        Ok((measured, value))
    }

    /// Measures the halves below the smallest failing size, largest first, down to the first
    /// whose growth is not measurable.
    fn halves_below(&mut self) -> Result<(), E> {
        for size in sizes_below(self.failing.smallest_size, SIZES_BELOW) {
            let (measured, Some(value)) = self.measure(size, self.limits)? else {
                continue;
            };
            self.points.push((measured, value));
            if !measurable(self.resource, value, self.baseline) {
                break;
            }
        }
        Ok(())
    }

    /// Whether a size below the smallest failing one was measured, and measurably grown.
    fn any_measurable_below(&self) -> bool {
        let below = |&(size, value): &(usize, f64)| {
            size < self.failing.smallest_measured && measurable(self.resource, value, self.baseline)
        };
        self.points.iter().any(below)
    }

    fn span(&self) -> f64 {
        span(self.resource, &self.points, self.baseline)
    }

    /// The points by size, largest first, each size once.
    fn by_size_down(&mut self) {
        self.points
            .sort_by_key(|&(size, _)| std::cmp::Reverse(size));
        self.points.dedup_by_key(|&mut (size, _)| size);
    }

    /// A steep growth: the sizes just below the smallest failing one ([`steps_below`]), smallest
    /// first until the points span [`STEEP_SPAN`] (the largest steps take the longest), the gaps
    /// between them filled ([`gap_to_fill`]); then a word or round above it, two, four, with the
    /// limits allowed beyond, until they span that. A run stopped below the smallest failing size
    /// (a noisy moment) ends the steps, or the filling.
    fn steeply(&mut self) -> Result<(), E> {
        let mut steps = steps_below(self.failing.smallest_size, SIZES_BELOW);
        steps.reverse();
        for size in steps {
            if self.span() >= STEEP_SPAN {
                break;
            }
            let (measured, Some(value)) = self.measure(size, self.limits)? else {
                break;
            };
            self.points.push((measured, value));
        }
        self.by_size_down();
        for _ in 0..SIZES_BELOW {
            let Some(size) = gap_to_fill(self.resource, &self.points, self.baseline) else {
                break;
            };
            let (measured, Some(value)) = self.measure(size, self.limits)? else {
                break;
            };
            self.points.push((measured, value));
            self.by_size_down();
        }
        let (smallest, largest) = (self.failing.smallest_size, self.failing.largest_size);
        let above = (0..3).map(|step| smallest + (1 << step));
        for size in above.take_while(|&size| size <= largest) {
            if self.span() >= STEEP_SPAN {
                break;
            }
            let beyond = self.beyond;
            match self.measure(size, &beyond)? {
                (measured, Some(value)) => self.points.push((measured, value)),
                (measured, None) => {
                    self.stopped_check = Some(self.stopped_at(measured));
                    break;
                }
            }
            self.by_size_down();
        }
        Ok(())
    }

    /// The fit checked at twice the smallest failing size (at most the judge's largest), with the
    /// limits allowed beyond.
    fn at_twice(&mut self) -> Result<(), E> {
        let larger = (self.failing.smallest_size * 2).min(self.failing.largest_size);
        if larger > self.failing.smallest_size {
            let beyond = self.beyond;
            match self.measure(larger, &beyond)? {
                (measured, Some(value)) => self.points.insert(0, (measured, value)),
                (measured, None) => self.stopped_check = Some(self.stopped_at(measured)),
            }
        }
        Ok(())
    }

    /// A run at `size` stopped at the limits allowed beyond.
    fn stopped_at(&self, size: usize) -> Measured {
        let (value, limit) = match self.resource {
            Resource::Time => (self.beyond.cut_off().as_secs_f64(), Stop::Time),
            Resource::Memory => (self.beyond.memory as f64, Stop::Memory),
        };
        Measured {
            size,
            value,
            stopped_at: Some(limit),
        }
    }

    /// The curve of what was measured: fitted, raised to reach the runs stopped at the smallest
    /// failing size and beyond ([`reaching`]), told exponential or not, and run at the judge's
    /// largest size unless it was, or the growth is exponential.
    fn curve(mut self, smallest_failing: Measured) -> Result<Curve, E> {
        let (resource, baseline) = (self.resource, self.baseline);
        let floors: Vec<(usize, f64)> = [Some(smallest_failing), self.stopped_check]
            .into_iter()
            .flatten()
            .filter(|run| run.stopped_at.is_some())
            .map(|run| (run.size, run.value))
            .collect();
        let points = &self.points;
        let fit = fit(resource, points, baseline).map(|fit| reaching(fit, points, &floors));
        let exponential = exponential(resource, points, baseline);
        let failing = self.failing;
        let largest = match failing.at_largest {
            Some(failure) => Some(as_measured(failing.largest_measured, failure, self.limits)),
            None if exponential.is_some() => None,
            None => {
                let input = (self.make)(failing.largest_size)?;
                let ran = (self.run)(&input, self.limits)?;
                Some(Measured {
                    size: (self.size_of)(&input),
                    value: value_of(resource, &ran),
                    stopped_at: ran.stopped,
                })
            }
        };
        Ok(Curve {
            resource,
            origin: failing.origin,
            baseline,
            points: self.points,
            fit,
            exponential,
            stopped_check: self.stopped_check,
            smallest_failing,
            largest,
        })
    }
}

/// A failing run at `size` under `limits`, as the growth section shows it: what it took of the
/// resource it ran out of, and the limit it was stopped at, if any.
fn as_measured(size: usize, failure: &Failure, limits: &Limits) -> Measured {
    let (value, stopped_at) = match *failure {
        Failure::TimeLimit { time, stopped, .. } => {
            (time.as_secs_f64(), stopped.then_some(Stop::Time))
        }
        Failure::MemoryLimit { peak } => {
            (peak as f64, (peak >= limits.memory).then_some(Stop::Memory))
        }
        _ => (0.0, None),
    };
    Measured {
        size,
        value,
        stopped_at,
    }
}

/// What `run` took of `resource`: its judged time, or its peak memory.
fn value_of(resource: Resource, run: &Run) -> f64 {
    match resource {
        Resource::Time => judged_time(run).as_secs_f64(),
        Resource::Memory => run.peak_memory as f64,
    }
}
