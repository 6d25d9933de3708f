//! `atcoder-games check`: the stress test, as the user runs it.

use crate::CheckOptions;
use atcoder_games_tool::growth::{self, Resource};
use atcoder_games_tool::judge::{Failure, Limits, judge};
use atcoder_games_tool::problem::{Input, JUDGE_MAX, Origin, Problem};
use atcoder_games_tool::process::{self, Options, Run, RunError, Stdin, Stop};
use atcoder_games_tool::report::{
    Asked, Growth, Measured, Setting, report, shown_in_full, with_commas,
};
use atcoder_games_tool::search::{Case, Conclusion, Found, Plan, Progress, search};
use clap::error::ErrorKind;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Why a check could not be carried out.
enum Trouble {
    /// The solution could not be run.
    Solution(RunError),
    /// This crate's own solution failed: a bug here.
    Trusted(String),
}

/// Sizes below the smallest failing one at which a growth is measured, at most.
const GROWTH_SIZES: usize = 12;

/// How many times its time limit a run at the smallest failing size may take, to measure a time
/// growth there.
const BEYOND_THE_LIMIT: u32 = 2;

/// What this crate's solution says of `input` for `problem`: this very program, as
/// `atcoder-games solve PROBLEM` or `explain PROBLEM ...`, so that it runs exactly as the
/// crate's binaries do.
fn trusted(problem: Problem, asked: Asked, input: &str) -> Result<String, Trouble> {
    let this = std::env::current_exe().map_err(|error| Trouble::Trusted(error.to_string()))?;
    let mut command: Vec<OsString> = vec![this.into()];
    command.extend(asked.arguments(problem).into_iter().map(OsString::from));
    let run = process::run(
        &command,
        Stdin::Bytes(input.as_bytes()),
        &Options::default(),
    )
    .map_err(|error| Trouble::Trusted(error.to_string()))?;
    if !run.succeeded() {
        let stderr = String::from_utf8_lossy(&run.stderr);
        return Err(Trouble::Trusted(format!("{}: {stderr}", run.status)));
    }
    String::from_utf8(run.stdout).map_err(|error| Trouble::Trusted(error.to_string()))
}

/// Prints `text` on stdout; a reader that closed the pipe early (say, `head`) has what it wanted.
fn print_out(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

/// The solution under check, and the limits it runs under.
struct Solution<'a> {
    command: &'a [OsString],
    limits: Limits,
}

impl Solution<'_> {
    /// Runs the solution on `input`, stopped at the limits.
    fn run(&self, input: &Input) -> Result<Run, Trouble> {
        self.run_under(input, &self.limits)
    }

    /// Runs the solution on `input`, stopped at `limits`.
    fn run_under(&self, input: &Input, limits: &Limits) -> Result<Run, Trouble> {
        let text = input.text();
        let stdin = Stdin::Bytes(text.as_bytes());
        process::run(self.command, stdin, &limits.options()).map_err(Trouble::Solution)
    }

    /// Judges the solution on `input` against this crate's answer. A time-out is confirmed by a
    /// second run, and only reported if that one times out too: a right, fast solution never
    /// fails because the machine was busy for a moment.
    fn test(&self, problem: Problem, input: &Input) -> Result<Option<Failure>, Trouble> {
        let expected = trusted(problem, Asked::Answer, &input.text())?;
        let failure = judge(&expected, &self.run(input)?, &self.limits);
        if !matches!(failure, Some(Failure::TimeLimit { .. })) {
            return Ok(failure);
        }
        Ok(judge(&expected, &self.run(input)?, &self.limits))
    }

    /// What a run on `input` under `limits` takes of `resource`, and whether it was stopped.
    fn measure(
        &self,
        resource: Resource,
        input: &Input,
        limits: &Limits,
    ) -> Result<(f64, bool), Trouble> {
        let run = self.run_under(input, limits)?;
        let value = match resource {
            Resource::Time => run.cpu.as_secs_f64(),
            Resource::Memory => run.peak_memory as f64,
        };
        Ok((value, run.stopped.is_some()))
    }

    /// What runs on `input` under `limits` take of `resource`: see [`growth::least_of_runs`].
    fn measure_steadily(
        &self,
        resource: Resource,
        input: &Input,
        limits: &Limits,
    ) -> Result<Option<f64>, Trouble> {
        growth::least_of_runs(resource, || self.measure(resource, input, limits))
    }

    /// How the solution's time or memory, whichever `found` ran out of, grows on the family of
    /// the failing input: measured at halves of the smallest failing size, down to where it no
    /// longer grows over the smallest input's, and at the judge's largest size. A time is also
    /// measured at the smallest failing size itself, in runs that may go on to
    /// [`BEYOND_THE_LIMIT`] times the limit: the time there is about the limit, the largest that
    /// can be measured, and the one that noise and the lower terms of a growth (reading the
    /// input, say) disturb least.
    fn growth(&self, found: &Found, origin: Origin) -> Result<Option<Growth>, Trouble> {
        let resource = match found.failure {
            Failure::TimeLimit { blocked: false, .. } => Resource::Time,
            Failure::MemoryLimit { .. } => Resource::Memory,
            _ => return Ok(None),
        };
        let limits = &self.limits;
        let baseline = self.measure_steadily(resource, &origin.input(1), limits)?;
        let baseline = baseline.unwrap_or_default();
        let mut points = Vec::new();
        let beyond = limits.with_time_times(BEYOND_THE_LIMIT);
        // A time at the smallest failing size measured to its end, over the limit, says more
        // than where the failing run was stopped.
        let mut measured_over_the_limit = None;
        if resource == Resource::Time
            && let Some(time) = self.measure_steadily(resource, &found.input, &beyond)?
        {
            points.push((found.input.size(), time));
            measured_over_the_limit = (time > limits.time.as_secs_f64()).then_some(Measured {
                size: found.input.size(),
                value: time,
                stopped_at: None,
            });
        }
        for size in growth::sizes_below(found.input.size(), GROWTH_SIZES) {
            let Some(value) = self.measure_steadily(resource, &origin.input(size), limits)? else {
                continue;
            };
            points.push((size, value));
            if !growth::measurable(resource, value, baseline) {
                break;
            }
        }
        let fit = growth::fit(resource, &points, baseline);
        // A failure is a run stopped at its limit, unless it ended just over it.
        let failing = |size: usize, failure: &Failure| {
            let (value, limit, stopped) = match *failure {
                Failure::TimeLimit { cpu, .. } => {
                    (cpu.as_secs_f64(), Resource::Time, cpu >= self.limits.time)
                }
                Failure::MemoryLimit { peak } => {
                    (peak as f64, Resource::Memory, peak >= self.limits.memory)
                }
                _ => (0.0, resource, false),
            };
            Measured {
                size,
                value,
                stopped_at: stopped.then_some(limit),
            }
        };
        let smallest_failing =
            measured_over_the_limit.unwrap_or_else(|| failing(found.input.size(), &found.failure));
        let largest = match found.case {
            Case::Family(_) => failing(found.first.size(), &found.first_failure),
            Case::Random(_) => {
                let run = self.run(&origin.input(JUDGE_MAX))?;
                let value = match resource {
                    Resource::Time => run.cpu.as_secs_f64(),
                    Resource::Memory => run.peak_memory as f64,
                };
                let stopped_at = run.stopped.map(|stop| match stop {
                    Stop::Memory => Resource::Memory,
                    Stop::CpuTime | Stop::WallTime => Resource::Time,
                });
                Measured {
                    size: JUDGE_MAX,
                    value,
                    stopped_at,
                }
            }
        };
        Ok(Some(Growth {
            resource,
            family: origin.family,
            baseline,
            points,
            fit,
            smallest_failing,
            largest,
        }))
    }
}

/// Runs the check that `options` describe, and reports it.
pub fn run(options: &CheckOptions) -> ExitCode {
    // The program under test runs in a process group of its own, which a terminal's Ctrl-C does
    // not reach: stop it, and all it started, before ending.
    let _ = ctrlc::set_handler(|| {
        process::stop_all();
        eprintln!("\ncheck: interrupted; the program under test was stopped");
        std::process::exit(130);
    });
    let started = Instant::now();
    let problem = options.problem;
    let cases = options.cases as usize;
    // By default a seed of nine digits or fewer, from the clock, easy to type again.
    let seed = options.seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        u64::from(now.subsec_nanos())
    });
    let solution = Solution {
        command: &options.command,
        limits: Limits {
            time: options.timeout,
            memory: options.memory << 20,
        },
    };
    let show_progress = io::stderr().is_terminal();
    let progress = |progress: Progress| {
        if show_progress {
            let line = match progress {
                Progress::Case { case, cases, input } => {
                    format!("case {}/{cases}: {}", case + 1, input.describe_size())
                }
                Progress::Family { family } => {
                    let size = with_commas(JUDGE_MAX);
                    format!("family \"{}\": {size} {}", family.name(), problem.units())
                }
                Progress::Shrinking { steps, input } => {
                    format!(
                        "shrinking: {steps} tried, down to {}",
                        input.describe_size()
                    )
                }
            };
            eprint!("\r\x1b[2K{line}");
        }
    };
    let test = |input: &Input| solution.test(problem, input);
    let conclusion = search(problem, Plan::new(cases, seed), test, progress);
    let command = options.command.iter().map(|part| part.to_string_lossy());
    let command = command.collect::<Vec<_>>().join(" ");
    let found = match conclusion {
        Ok(Conclusion::Passed { largest }) => {
            if show_progress {
                eprint!("\r\x1b[2K");
            }
            let families = atcoder_games_tool::family::Family::of(problem).len();
            print_out(&format!(
                "check: {command} passed all {cases} cases of {}, up to {} {units}, and {families} worst-case families of {} {units} (seed {seed}), in {:.1} s\n",
                problem.name(),
                with_commas(largest),
                with_commas(JUDGE_MAX),
                started.elapsed().as_secs_f64(),
                units = problem.units(),
            ));
            return ExitCode::SUCCESS;
        }
        Ok(Conclusion::Failed(found)) => found,
        Err(trouble) => return troubled(&trouble, problem, &command),
    };
    if show_progress {
        eprint!("\r\x1b[2Kmeasuring how it fails");
    }
    let growth = match found.origin {
        Some(origin) => match solution.growth(&found, origin) {
            Ok(growth) => growth,
            Err(trouble) => return troubled(&trouble, problem, &command),
        },
        None => None,
    };
    if show_progress {
        eprint!("\r\x1b[2K");
    }
    let input = found.input.text();
    // An input too long to show in full is saved all the same, where the report says.
    let saved = options.save.clone().or_else(|| {
        (!shown_in_full(&found)).then(|| {
            let name = format!("atcoder-games-{}-{seed}.txt", problem.name());
            std::env::temp_dir().join(name)
        })
    });
    if let Some(path) = &saved
        && let Err(error) = std::fs::write(path, &input)
    {
        eprintln!(
            "error: cannot save the input to {}: {error}",
            path.display()
        );
        return ExitCode::FAILURE;
    }
    let setting = Setting {
        problem,
        command: &command,
        cases,
        seed,
        limits: solution.limits,
        saved: saved.as_deref(),
    };
    let trusted = |asked| trusted(problem, asked, &input);
    match report(&setting, &found, growth.as_ref(), trusted) {
        Ok(text) => {
            print_out(&text);
            ExitCode::FAILURE
        }
        Err(trouble) => troubled(&trouble, problem, &command),
    }
}

/// Reports why the check could not be carried out: a solution that cannot be started is a
/// usage error (exit 2); anything else ends the run with exit 1.
fn troubled(trouble: &Trouble, problem: Problem, command: &str) -> ExitCode {
    match trouble {
        Trouble::Solution(RunError::CannotStart(error)) => crate::usage_error(
            "check",
            ErrorKind::Io,
            format!("cannot start {command}: {error}"),
        ),
        Trouble::Solution(error) => {
            eprintln!("error: {command}: {error}");
            ExitCode::FAILURE
        }
        Trouble::Trusted(message) => {
            eprintln!(
                "error: this crate's own {} failed: {message}",
                problem.name()
            );
            ExitCode::FAILURE
        }
    }
}
