//! The runs made ahead of their turn ([`RunsAhead`]), with fake runs: what is queued is made by
//! the threads and taken in any order, a run that ends what follows drops the rest of the queue,
//! a run made alone waits for the others and starts none, and the threads end with the check.

use atcoder_games_tool::error::Error;
use atcoder_games_tool::findings::RunsAhead;
use atcoder_games_tool::input::Input;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::Duration;

/// The Lucky 7 input of one round with the digit `k`.
fn input(k: usize) -> Arc<Input> {
    Arc::new(Input::Lucky7 {
        digits: (k % 10).to_string(),
        players: "T".to_string(),
    })
}

/// A fake run: the input's digit, after a short while.
fn made(input: &Input) -> Result<usize, Error> {
    thread::sleep(Duration::from_millis(2));
    match input {
        Input::Lucky7 { digits, .. } => Ok(digits.parse().unwrap()),
        _ => unreachable!("a Lucky 7 input"),
    }
}

/// Ends the threads of runs when dropped, after a failed assertion too.
struct Ending<'a, T>(&'a RunsAhead<T>);

impl<T> Drop for Ending<'_, T> {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// Runs `body` with `ahead`'s threads making runs with `make`, and ends them after.
fn with_threads<T: Send, R>(
    ahead: &RunsAhead<T>,
    make: impl Fn(&Input) -> Result<T, Error> + Sync,
    body: impl FnOnce() -> R,
) -> R {
    thread::scope(|scope| {
        for _ in 0..ahead.threads() {
            scope.spawn(|| ahead.work(&make));
        }
        let _ending = Ending(ahead);
        body()
    })
}

#[test]
fn what_is_queued_is_made_beside_and_taken_in_any_order_and_nothing_else() {
    let ahead = RunsAhead::new(2);
    assert_eq!(ahead.threads(), 2);
    let inputs: Vec<Arc<Input>> = (1..=6).map(input).collect();
    with_threads(&ahead, made, || {
        ahead.queue(&inputs, |_| false);
        for k in [4, 1, 6, 2, 5, 3] {
            assert_eq!(ahead.take(&input(k)), Some(k));
        }
        // Taken once; and one never queued is not coming.
        assert_eq!(ahead.take(&input(4)), None);
        assert_eq!(ahead.take(&input(7)), None);
    });
}

#[test]
fn one_at_a_time_nothing_is_made_ahead() {
    let ahead: RunsAhead<usize> = RunsAhead::new(1);
    assert_eq!(ahead.threads(), 0);
    ahead.queue(&[input(1)], |_| false);
    assert_eq!(ahead.take(&input(1)), None);
}

/// Inputs let through one by one, for runs that wait for their input's turn.
#[derive(Default)]
struct Gate {
    open: Mutex<Vec<usize>>,
    changed: Condvar,
}

impl Gate {
    fn open(&self, k: usize) {
        self.open.lock().unwrap().push(k);
        self.changed.notify_all();
    }

    fn pass(&self, k: usize) {
        let mut open = self.open.lock().unwrap();
        while !open.contains(&k) {
            open = self.changed.wait(open).unwrap();
        }
    }
}

#[test]
fn a_run_that_ends_what_follows_or_fails_drops_the_rest_of_the_queue() {
    for fails in [false, true] {
        let ahead = RunsAhead::new(2);
        let gate = Gate::default();
        // The third is made at once, and ends what follows or cannot be made; the others wait
        // for the gate.
        let make = |input: &Input| {
            let k = made(input)?;
            match k {
                3 if fails => Err(Error::Fatal("cannot run it".to_string())),
                3 => Ok(k),
                _ => {
                    gate.pass(k);
                    Ok(k)
                }
            }
        };
        let inputs: Vec<Arc<Input>> = (1..=6).map(input).collect();
        with_threads(&ahead, make, || {
            ahead.queue(&inputs, |&k| k == 3);
            // The threads wait at 1 and 2; 1 let through, its thread makes 3, which drops the
            // rest.
            gate.open(1);
            assert_eq!(ahead.take(&input(1)), Some(1));
            thread::sleep(Duration::from_millis(20));
            (2..=6).for_each(|k| gate.open(k));
            assert_eq!(ahead.take(&input(2)), Some(2));
            let third = ahead.take(&input(3));
            assert_eq!(third, (!fails).then_some(3), "fails: {fails}");
            for k in 4..=6 {
                assert_eq!(ahead.take(&input(k)), None, "{k}, fails: {fails}");
            }
        });
    }
}

#[test]
fn a_run_made_alone_waits_for_the_others_and_none_starts_meanwhile() {
    let ahead = RunsAhead::new(2);
    let (running, most_beside) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let alone_running = Mutex::new(false);
    let make = |input: &Input| {
        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
        most_beside.fetch_max(now, Ordering::SeqCst);
        assert!(
            !*alone_running.lock().unwrap(),
            "a run started beside one alone"
        );
        let made = made(input);
        running.fetch_sub(1, Ordering::SeqCst);
        made
    };
    let inputs: Vec<Arc<Input>> = (1..=20).map(input).collect();
    with_threads(&ahead, make, || {
        ahead.queue(&inputs, |_| false);
        thread::sleep(Duration::from_millis(3));
        ahead.alone(|| {
            assert_eq!(running.load(Ordering::SeqCst), 0, "others ran beside it");
            *alone_running.lock().unwrap() = true;
            thread::sleep(Duration::from_millis(20));
            *alone_running.lock().unwrap() = false;
        });
        // The queue goes on after it.
        assert_eq!(ahead.take(&input(20)), Some(0));
    });
    assert_eq!(most_beside.load(Ordering::SeqCst), 2);
}

#[test]
fn forgetting_drops_what_is_queued_and_made_and_waits_for_what_runs() {
    let ahead = RunsAhead::new(2);
    let inputs: Vec<Arc<Input>> = (1..=8).map(input).collect();
    with_threads(&ahead, made, || {
        ahead.queue(&inputs, |_| false);
        thread::sleep(Duration::from_millis(5));
        ahead.forget();
        for k in 1..=8 {
            assert_eq!(ahead.take(&input(k)), None, "{k}");
        }
    });
}
