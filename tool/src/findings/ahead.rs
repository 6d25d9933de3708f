//! The runs made ahead of their turn ([`RunsAhead`]): inputs queued in the order they will be
//! asked for, run by a few threads at once, and their runs kept until asked for. A run whose time
//! is judged near the limit is made alone ([`RunsAhead::alone`]), while no other goes on.

use crate::error::Error;
use crate::input::Input;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// What stops the runs queued after it: any failure stops a search; a failure to answer stops a
/// diagnosis.
pub type Ends<T> = fn(&T) -> bool;

/// The runs made ahead of their turn, of what a run makes (`T`): inputs queued in the order they
/// will be asked for, run by [`RunsAhead::threads`] threads ([`RunsAhead::work`]), and the runs
/// kept until asked for ([`RunsAhead::take`]).
pub struct RunsAhead<T> {
    /// How many threads run the queue: none when runs go one at a time.
    threads: usize,
    state: Mutex<State<T>>,
    changed: Condvar,
}

struct State<T> {
    /// Shared, not copied: an input may be of hundreds of thousands of words.
    queue: VecDeque<(Arc<Input>, Ends<T>)>,
    running: Vec<Arc<Input>>,
    made: Vec<(Arc<Input>, T)>,
    /// While a run is made alone, no other starts.
    paused: bool,
    /// The check is over: the threads end.
    over: bool,
}

/// Whether `shared` is `input`: the same one, as the search runs what it foresaw, or an equal one.
fn same(shared: &Arc<Input>, input: &Input) -> bool {
    std::ptr::eq(Arc::as_ptr(shared), input) || **shared == *input
}

impl<T> RunsAhead<T> {
    /// For runs `jobs` at a time.
    pub fn new(jobs: usize) -> Self {
        Self {
            threads: if jobs > 1 { jobs } else { 0 },
            state: Mutex::new(State {
                queue: VecDeque::new(),
                running: Vec::new(),
                made: Vec::new(),
                paused: false,
                over: false,
            }),
            changed: Condvar::new(),
        }
    }

    /// How many threads should [`RunsAhead::work`]: none when runs go one at a time.
    pub fn threads(&self) -> usize {
        self.threads
    }

    fn state(&self) -> MutexGuard<'_, State<T>> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wait<'a>(&self, state: MutexGuard<'a, State<T>>) -> MutexGuard<'a, State<T>> {
        (self.changed.wait(state)).unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What a thread of runs does until the check is over ([`RunsAhead::end`]): makes the run of
    /// the queue's first input with `make`, and keeps it; after a run that ends what follows
    /// ([`Ends`]), or that cannot be made (its turn says why, made again), the rest of the queue
    /// is dropped.
    pub fn work(&self, mut make: impl FnMut(&Input) -> Result<T, Error>) {
        let mut state = self.state();
        loop {
            if state.over {
                return;
            }
            let next = match state.paused {
                true => None,
                false => state.queue.pop_front(),
            };
            let Some((input, ends)) = next else {
                state = self.wait(state);
                continue;
            };
            state.running.push(Arc::clone(&input));
            drop(state);
            let made = make(&input);
            state = self.state();
            if let Some(at) =
                (state.running.iter()).position(|running| Arc::ptr_eq(running, &input))
            {
                state.running.swap_remove(at);
            }
            match made {
                Ok(run) => {
                    if ends(&run) {
                        state.queue.clear();
                    }
                    state.made.push((input, run));
                }
                Err(_) => state.queue.clear(),
            }
            self.changed.notify_all();
        }
    }

    /// Queues `inputs`, after those queued before, unless there are no threads or the check is
    /// over.
    pub fn queue(&self, inputs: &[Arc<Input>], ends: Ends<T>) {
        let mut state = self.state();
        if self.threads == 0 || state.over {
            return;
        }
        let queued = inputs.iter().map(|input| (Arc::clone(input), ends));
        state.queue.extend(queued);
        self.changed.notify_all();
    }

    /// The run of `input` made ahead, waiting for it if it is queued or running; None if it is
    /// neither.
    pub fn take(&self, input: &Input) -> Option<T> {
        let mut state = self.state();
        loop {
            if let Some(at) = state.made.iter().position(|(made, _)| same(made, input)) {
                return Some(state.made.swap_remove(at).1);
            }
            let coming = state.running.iter().any(|running| same(running, input))
                || state.queue.iter().any(|(queued, _)| same(queued, input));
            if !coming {
                return None;
            }
            state = self.wait(state);
        }
    }

    /// Drops what is queued and what was made and not taken, as the search has moved on, and
    /// waits for the runs going on to end, which are dropped too.
    pub fn forget(&self) {
        let mut state = self.state();
        state.queue.clear();
        while !state.running.is_empty() {
            state = self.wait(state);
        }
        state.made.clear();
    }

    /// Runs `alone` once no other run goes on, and starts none meanwhile.
    pub fn alone<R>(&self, alone: impl FnOnce() -> R) -> R {
        let mut state = self.state();
        state.paused = true;
        while !state.running.is_empty() {
            state = self.wait(state);
        }
        drop(state);
        let result = alone();
        self.state().paused = false;
        self.changed.notify_all();
        result
    }

    /// Ends the threads of runs.
    pub fn end(&self) {
        let mut state = self.state();
        state.over = true;
        state.queue.clear();
        self.changed.notify_all();
    }
}
