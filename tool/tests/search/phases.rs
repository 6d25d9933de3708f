//! The search's phases: the samples, the cases, the largest inputs, a pass, an error that stops
//! it; and the inputs foreseen ahead, in the order they run.

use super::*;

#[test]
fn a_search_without_failures_passes_every_case_and_errors_stop_it() {
    let mut cases_seen = Vec::new();
    let outcome = search(
        &Builtin::Lucky7,
        Plan::new(20, 1),
        &SystemClock,
        |input: &Input| {
            cases_seen.push(input.size());
            Ok::<_, Error>(None)
        },
        |_| {},
    )
    .unwrap();
    // The official samples, every case, then every family at the judge's largest N.
    let samples: Vec<usize> = Builtin::Lucky7.samples().iter().map(Input::size).collect();
    assert_eq!(samples, [2, 5, 5, 5]);
    let families = Family::LUCKY7.len();
    assert_eq!(cases_seen.len(), 4 + 20 + families);
    assert_eq!(cases_seen[..4], samples);
    assert!(cases_seen[24..].iter().all(|&size| size == JUDGE_MAX));
    let largest = *cases_seen[4..24].iter().max().unwrap();
    assert!(matches!(outcome, Conclusion::Passed { largest: reported } if reported == largest));
    let stopped = search(
        &Builtin::Lucky7,
        Plan::new(20, 1),
        &SystemClock,
        |_: &Input| -> Result<Option<Failure>, Error> {
            Err(Error::Usage("cannot start".to_string()))
        },
        |_| {},
    );
    assert_eq!(
        stopped.unwrap_err(),
        Error::Usage("cannot start".to_string())
    );
}

#[test]
fn a_failing_official_sample_is_the_failure_as_it_is() {
    // Wrong on Lucky 7's sample 2 only: found there, before any random case, and not shrunk.
    let second = Builtin::Lucky7.samples()[1].clone();
    let wrong = Failure::WrongAnswer {
        expected: "Aoki\n".to_string(),
        actual: "Takahashi\n".to_string(),
        message: None,
    };
    let mut samples_run = Vec::new();
    let progress = |step: Progress| {
        if let Progress::Sample { number, samples } = step {
            samples_run.push((number, samples));
        }
    };
    let test = |input: &Input| Ok::<_, Error>((*input == second).then(|| wrong.clone()));
    let outcome = search(
        &Builtin::Lucky7,
        Plan::new(300, 1),
        &SystemClock,
        test,
        progress,
    );
    let Ok(Conclusion::Found(found)) = outcome else {
        panic!("sample 2 fails");
    };
    assert_eq!(samples_run, [(1, 4), (2, 4)]);
    assert_eq!(found.case, Case::Sample(2));
    assert_eq!(
        (found.input.clone(), found.first.clone()),
        (second.clone(), second)
    );
    assert_eq!(
        (found.shrink_steps, found.origin, found.bisected),
        (0, None, false)
    );
    assert_eq!(found.failure, wrong);
}

#[test]
fn an_input_given_to_shrink_runs_first_and_is_cut_down_if_it_fails() {
    // Wrong on every game with a 7 in it: the game given is cut down to that digit alone, before
    // any sample runs.
    let wrong = Failure::WrongAnswer {
        expected: "Aoki\n".to_string(),
        actual: "Takahashi\n".to_string(),
        message: None,
    };
    let given = Input::Lucky7 {
        digits: "1357913579".to_string(),
        players: "TATATATATA".to_string(),
    };
    let sevens = |input: &Input| {
        let Input::Lucky7 { digits, .. } = input else {
            unreachable!("a Lucky 7 game")
        };
        Ok::<_, Error>(digits.contains('7').then(|| wrong.clone()))
    };
    let mut phases = Vec::new();
    let progress = |step: Progress| match step {
        Progress::ToShrink => phases.push("to shrink"),
        Progress::Sample { .. } => phases.push("sample"),
        _ => {}
    };
    let plan = Plan {
        to_shrink: Some(given.clone()),
        ..Plan::new(300, 1)
    };
    let outcome = search(&Builtin::Lucky7, plan, &SystemClock, sevens, progress);
    let Ok(Conclusion::Found(found)) = outcome else {
        panic!("the game given fails");
    };
    assert_eq!(phases, ["to shrink"]);
    assert_eq!((found.case, found.first.clone()), (Case::ToShrink, given));
    assert_eq!(
        found.input,
        Input::Lucky7 {
            digits: "7".to_string(),
            players: "T".to_string(),
        }
    );
    assert!(found.cut_down);
    // Given a game that passes, the search goes on as it would without it: the samples next.
    let mut phases = Vec::new();
    let progress = |step: Progress| match step {
        Progress::ToShrink => phases.push("to shrink"),
        Progress::Sample { .. } => phases.push("sample"),
        _ => {}
    };
    let plan = Plan {
        to_shrink: Some(Input::Lucky7 {
            digits: "1".to_string(),
            players: "T".to_string(),
        }),
        ..Plan::new(5, 1)
    };
    let outcome = search(&Builtin::Lucky7, plan, &SystemClock, sevens, progress).unwrap();
    assert!(matches!(outcome, Conclusion::Found(_)), "a case has a 7");
    assert_eq!(phases[..3], ["to shrink", "sample", "sample"]);
}

/// A program that fails on inputs of a size or more, and notes what it is told to foresee and
/// what it runs.
struct Foreseeing {
    jobs: usize,
    fails_from: usize,
    foreseen: Vec<Input>,
    ran: Vec<Input>,
    /// The most inputs of the judge's largest size foreseen and not yet run, at any time.
    most_largest_held: usize,
}

impl Foreseeing {
    fn new(jobs: usize, fails_from: usize) -> Self {
        Self {
            jobs,
            fails_from,
            foreseen: Vec::new(),
            ran: Vec::new(),
            most_largest_held: 0,
        }
    }

    fn largest_held(&self) -> usize {
        of_largest_size(&self.foreseen).len() - of_largest_size(&self.ran).len()
    }
}

/// The inputs of `inputs` of the judge's largest size.
fn of_largest_size(inputs: &[Input]) -> Vec<&Input> {
    (inputs.iter())
        .filter(|input| input.size() == JUDGE_MAX)
        .collect()
}

impl Runs for &mut Foreseeing {
    fn run(&mut self, input: &Input, _: Case) -> Result<Option<Failure>, Error> {
        self.ran.push(input.clone());
        Ok(
            (input.size() >= self.fails_from).then(|| Failure::WrongAnswer {
                expected: "Takahashi\n".into(),
                actual: "Aoki\n".into(),
                message: None,
            }),
        )
    }

    fn jobs(&self) -> usize {
        self.jobs
    }

    fn foresee(&mut self, inputs: &[Arc<Input>]) -> Result<(), Error> {
        self.foreseen
            .extend(inputs.iter().map(|input| Input::clone(input)));
        self.most_largest_held = self.most_largest_held.max(self.largest_held());
        Ok(())
    }
}

#[test]
fn inputs_foreseen_are_run_in_the_order_they_were_foreseen_and_change_nothing() {
    let searched = |jobs| {
        let mut program = Foreseeing::new(jobs, 30);
        let found = match search(
            &Builtin::Lucky7,
            Plan::new(300, 8),
            &SystemClock,
            &mut program,
            |_| {},
        ) {
            Ok(Conclusion::Found(found)) => found,
            other => panic!("{other:?}"),
        };
        (found, program)
    };
    let (alone, one) = searched(1);
    // Two jobs foresee four cases each.
    let (together, eight) = searched(2);
    // The same inputs run, and the same one found.
    assert_eq!(one.ran, eight.ran);
    assert_eq!((alone.case, &alone.input), (together.case, &together.input));
    // Every input run until the first failure was foreseen, the samples first, and no more than
    // eight cases beyond it; none twice (a small input drawn again is neither foreseen nor run
    // again).
    let samples = Builtin::Lucky7.samples();
    assert!(eight.foreseen.starts_with(&samples));
    let first_failing = (eight.ran.iter())
        .position(|input| input.size() >= 30)
        .unwrap();
    for input in &eight.ran[..=first_failing] {
        assert!(eight.foreseen.contains(input), "{input:?}");
    }
    assert!(eight.foreseen.len() <= first_failing + 1 + 9);
    let foreseen_cases = &eight.foreseen[samples.len()..];
    let unique: std::collections::HashSet<&Input> = foreseen_cases.iter().collect();
    assert_eq!(unique.len(), foreseen_cases.len());
}

#[test]
fn the_largest_inputs_are_foreseen_one_a_job_beyond_the_one_judged() {
    for jobs in [1, 2, 3] {
        let mut program = Foreseeing::new(jobs, usize::MAX);
        let outcome = search(
            &Builtin::Lucky7,
            Plan::new(20, 5),
            &SystemClock,
            &mut program,
            |_| {},
        );
        assert!(matches!(outcome, Ok(Conclusion::Passed { .. })));
        let families =
            atcoder_games_tool::problem::Problem::largest_cases(&Builtin::Lucky7, 5).len();
        assert!(families > 4, "{families}");
        // Every family was foreseen and run, in order; at most one a job beyond the one judged
        // was held at once, as each is of 200,000 rounds, and none when runs go one at a time.
        let ran = of_largest_size(&program.ran);
        assert_eq!(ran.len(), families);
        assert_eq!(of_largest_size(&program.foreseen), ran);
        let beyond = if jobs == 1 { 0 } else { jobs };
        assert_eq!(program.most_largest_held, beyond + 1);
    }
}
