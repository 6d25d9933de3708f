//! Watching a started program until it ends: its CPU time and memory, with everything it
//! started, looked at from time to time in `/proc`, its stack's faults seen through its trace, and
//! the program stopped at its limits.

use super::procfs::{self, ProcFile, parse_stat, stat_fields};
use super::start::{self, Ended, Waited};
use super::{Options, Stop};
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// Whoever waits for a run's program and reaps it: this process, which started it
/// ([`ThisProcess`]), or the forkserver that forked it.
pub(super) trait Parent {
    /// Whether process `pid` has ended, waiting for it to end if `block`; it is left to be
    /// reaped. A traced program's stops are seen on the way ([`Watched::stack_overflow`]).
    fn ended(&mut self, pid: libc::pid_t, block: bool, watched: &mut Watched) -> io::Result<bool>;

    /// The notice of the end of process `pid`, where there is one.
    fn end_notice(&self, pid: libc::pid_t) -> Option<EndNotice>;

    /// Reaps the ended process `pid`: how it ended.
    fn reap(&mut self, pid: libc::pid_t) -> io::Result<Ended>;

    /// Whether the program is traced: then it stops once it has executed, until it is let go on.
    fn traced(&self) -> bool {
        false
    }
}

/// This process, the parent of the programs it starts: traced, one is let go on at each stop.
pub(super) struct ThisProcess {
    pub traced: bool,
}

impl Parent for ThisProcess {
    fn ended(&mut self, pid: libc::pid_t, block: bool, watched: &mut Watched) -> io::Result<bool> {
        wait_for_end(pid, block, watched)
    }

    fn end_notice(&self, pid: libc::pid_t) -> Option<EndNotice> {
        EndNotice::open(pid)
    }

    fn reap(&mut self, pid: libc::pid_t) -> io::Result<Ended> {
        start::reap(pid)
    }

    fn traced(&self) -> bool {
        self.traced
    }
}

/// The first wait between two looks at a running program with limits, where no end notice wakes
/// the watch: short, so that a run of a millisecond, which most are, is not kept waiting. It
/// doubles up to [`LONGEST_POLL`].
const FIRST_POLL: Duration = Duration::from_micros(100);

/// The first wait between two looks where the program's end wakes the watch: a run of a few
/// milliseconds is seen once while it works (its memory, which `ru_maxrss` may not say:
/// [`peak_memory`]), with few looks at a longer one.
const FIRST_POLL_WOKEN_AT_END: Duration = Duration::from_millis(1);

/// The longest wait between two looks at a running program: it goes over a limit by no more
/// than what it can do in that time.
const LONGEST_POLL: Duration = Duration::from_millis(5);

/// A program that uses less than one part in this many of the wall-clock time as CPU time waits
/// rather than works; one that works is stopped on the wall clock only after this many times
/// its limit.
const WORKING_SHARE: u32 = 10;

/// How often the processes that the program started are looked for, which takes a pass over
/// `/proc`.
const GROUP_SCAN: Duration = Duration::from_millis(100);

/// What watching a run found.
pub(super) struct Watched {
    pub stopped: Option<Stop>,
    /// The most resident memory seen, of the program and what it started together.
    pub peak_memory: u64,
    /// The largest stack seen of the program's first process.
    pub peak_stack: u64,
    /// Whether it faulted just beyond its stack.
    pub stack_overflow: bool,
}

/// Waits until process `pid` has ended, without reaping it (so that its process group stays
/// reserved until it is stopped), and stops it at the limits of `options`, which it looks at
/// from time to time.
pub(super) fn watch(
    pid: libc::pid_t,
    parent: &mut dyn Parent,
    started: Instant,
    options: &Options,
    output_over: &AtomicBool,
) -> io::Result<Watched> {
    let mut watched = Watched {
        stopped: None,
        peak_memory: 0,
        peak_stack: 0,
        stack_overflow: false,
    };
    // A program stopped by the broken pipe of its output, past the limit, was stopped there.
    let printed_too_much = |mut watched: Watched| {
        if output_over.load(Ordering::Relaxed) {
            watched.stopped = Some(Stop::Output);
        }
        watched
    };
    let limited = options.time_limit.is_some()
        || options.wall_limit.is_some()
        || options.memory_limit.is_some()
        || options.output_limit.is_some();
    if !limited {
        while !parent.ended(pid, true, &mut watched)? {}
        return Ok(watched);
    }
    // A traced program stops as soon as it has executed, until it is let go on: at once, rather
    // than at the first look.
    if parent.traced() && parent.ended(pid, true, &mut watched)? {
        return Ok(printed_too_much(watched));
    }
    let mut group = Group::new(pid);
    let end = parent.end_notice(pid);
    let mut poll = match end {
        Some(_) => FIRST_POLL_WOKEN_AT_END,
        None => FIRST_POLL,
    };
    loop {
        if parent.ended(pid, false, &mut watched)? {
            return Ok(printed_too_much(watched));
        }
        let usage = group.usage();
        watched.peak_memory = watched.peak_memory.max(usage.memory);
        let elapsed = started.elapsed();
        // A stack is looked at from the first longest wait on: `status` costs the kernel a page
        // of text, and a stack that overflows sooner faults, which a trace sees.
        if elapsed >= LONGEST_POLL {
            watched.peak_stack = watched.peak_stack.max(group.leader_stack());
        }
        let over_time = options
            .time_limit
            .is_some_and(|limit| usage.cpu > limit && elapsed > limit);
        let waits = waits(usage.cpu, elapsed);
        let over_wall = options
            .wall_limit
            .is_some_and(|limit| elapsed > limit && (waits || elapsed > limit * WORKING_SHARE));
        let over_memory = options
            .memory_limit
            .is_some_and(|limit| usage.memory > limit);
        let stop = match (over_memory, over_time, over_wall) {
            _ if output_over.load(Ordering::Relaxed) => Some(Stop::Output),
            (true, _, _) => Some(Stop::Memory),
            (_, true, _) => Some(Stop::Time),
            (_, _, true) => Some(Stop::WallTime),
            _ => None,
        };
        if let Some(stop) = stop {
            start::kill_group(pid);
            while !parent.ended(pid, true, &mut watched)? {}
            watched.stopped = Some(stop);
            return Ok(watched);
        }
        match &end {
            Some(end) => drop(end.wait(poll)),
            None => thread::sleep(poll),
        }
        poll = (poll * 2).min(LONGEST_POLL);
    }
}

/// Notice of a process's end (a pidfd, Linux 5.3 on), so that a watch between two looks wakes as
/// soon as its program ends: a run of CPython, 30 ms, would otherwise end unseen for 2.5 ms on
/// average, a tenth of a check's time on two cores.
pub struct EndNotice(OwnedFd);

impl EndNotice {
    /// The notice of the end of process `pid`, a child of this process not yet reaped; None
    /// where the kernel gives none.
    pub fn open(pid: libc::pid_t) -> Option<Self> {
        start::end_descriptor(pid).map(Self)
    }

    /// The notice that `descriptor` gives by becoming readable.
    pub(super) fn readable(descriptor: OwnedFd) -> Self {
        Self(descriptor)
    }

    /// Waits until the process has ended, for at most `time`: whether it has.
    pub fn wait(&self, time: Duration) -> bool {
        start::wait_readable(self.0.as_fd(), Some(time)).unwrap_or(false)
    }
}

/// Whether a program that used `cpu` of CPU time in `elapsed` on the wall clock waits (sleeps or
/// blocks) rather than works: it used less than a tenth of the time.
pub fn waits(cpu: Duration, elapsed: Duration) -> bool {
    cpu < elapsed / WORKING_SHARE
}

/// What a process group uses at one moment.
struct Usage {
    cpu: Duration,
    /// Resident memory, in bytes.
    memory: u64,
}

/// The process group of a run: its leader, and the other processes in it, looked for every
/// [`GROUP_SCAN`].
pub(super) struct Group {
    leader: libc::pid_t,
    /// The leader's `stat` and `status`, kept open.
    leader_stat: ProcFile,
    leader_status: ProcFile,
    members: Vec<libc::pid_t>,
    scanned: Instant,
    /// Clock ticks per second, the unit of CPU time in `/proc`.
    ticks: u64,
}

impl Group {
    fn new(leader: libc::pid_t) -> Self {
        Self {
            leader,
            leader_stat: ProcFile::open(leader, "stat"),
            leader_status: ProcFile::open(leader, "status"),
            members: vec![leader],
            scanned: Instant::now(),
            ticks: start::clock_ticks(),
        }
    }

    /// CPU time and resident memory of the group's processes together: each process's own CPU
    /// time and that of the children it waited for, and its resident set. Processes that end
    /// between two looks are counted by whoever waits for them.
    fn usage(&mut self) -> Usage {
        if self.scanned.elapsed() >= GROUP_SCAN {
            self.members = procfs::group_members(self.leader);
            self.scanned = Instant::now();
        }
        let mut usage = Usage {
            cpu: Duration::ZERO,
            memory: 0,
        };
        for &pid in &self.members {
            let fields = match pid == self.leader {
                true => parse_stat(self.leader_stat.read()),
                false => stat_fields(pid),
            };
            if let Some(fields) = fields {
                usage.cpu += Duration::from_millis(fields.ticks * 1000 / self.ticks);
                usage.memory += fields.resident_pages * start::page_size();
            }
        }
        usage
    }

    /// The size of the leader's stack, in bytes (`VmStk`); 0 once it is gone.
    fn leader_stack(&mut self) -> u64 {
        procfs::status_field(self.leader_status.read(), "VmStk:")
    }
}

/// Whether process `pid` has ended, waiting for it to end or stop if `block`; it is left to be
/// reaped. A traced process that stops for a signal is let go on with it, after a fault is held
/// against its stack ([`Watched::stack_overflow`]).
fn wait_for_end(pid: libc::pid_t, block: bool, watched: &mut Watched) -> io::Result<bool> {
    match start::wait_without_reaping(pid, block)? {
        Waited::Running => return Ok(false),
        Waited::Ended => return Ok(true),
        Waited::Trapped => {}
    }
    // A stop of the traced process: taken, then let go on with the signal it stopped for.
    let signal = match start::take_stop(pid)? {
        // The stop at an `exec`, which is no signal of the program's.
        libc::SIGTRAP => 0,
        signal @ (libc::SIGSEGV | libc::SIGBUS) => {
            watched.stack_overflow |= faulted_beyond_stack(pid);
            signal
        }
        signal => signal,
    };
    start::resume(pid, signal);
    Ok(false)
}

/// Room below a stack in which a fault means that the stack could not grow: Linux keeps a gap of
/// 256 pages (1 MiB) below it, and a large frame can reach beyond that.
const BELOW_THE_STACK: u64 = 8 << 20;

/// Whether the fault that stopped the traced process `pid` is just below its stack (`[stack]` in
/// `/proc/PID/maps`), where the stack would have grown.
fn faulted_beyond_stack(pid: libc::pid_t) -> bool {
    let Some(address) = start::fault_address(pid) else {
        return false;
    };
    procfs::stack_start(pid)
        .is_some_and(|start| address < start && start - address <= BELOW_THE_STACK)
}
