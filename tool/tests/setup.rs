//! A check's setup, from its command line: every option checked before any source is built, the
//! options that take a value as clap knows them, a new folder for each check's case, and the exit
//! statuses, decided in one place.

use crate::common;

use atcoder_games_tool::error::{Error, Exit};
use atcoder_games_tool::setup::{CheckArgs, Halt, Setup, misplaced_options};
use common::scratch;
use std::ffi::OsString;
use std::fs;

/// The setup of `check` with `words`, or why it does not start.
fn setup(words: &[&str]) -> Result<Setup, Halt> {
    Setup::new(&CheckArgs::from_words(words).expect("clap takes these words"))
}

/// The usage error that `words` are, which must be one.
fn usage_error(words: &[&str]) -> String {
    match setup(words) {
        Err(Halt::Error(Error::Usage(message))) => message,
        Err(Halt::Error(error)) => panic!("{words:?}: not a usage error: {error}"),
        Err(Halt::NotBuilt(not_built)) => panic!("{words:?}: built first: {not_built:?}"),
        Ok(_) => panic!("{words:?}: set up"),
    }
}

#[test]
fn every_option_is_checked_before_any_source_is_built() {
    // A source that does not compile, whose compilation error would be the program's verdict:
    // every mistake of the options is found first.
    let folder = scratch("setup-before-build");
    fs::create_dir_all(&folder).unwrap();
    let broken = folder.join("broken.cpp");
    fs::write(&broken, "int main() { undeclared(); }\n").unwrap();
    let broken = broken.to_str().unwrap();
    let mistakes: [(&[&str], &str); 4] = [
        (
            &["--save", "/dev/null/cases", "lucky7", broken],
            "cannot save to /dev/null/cases",
        ),
        (
            &["--html", "/dev/null/page.html", "lucky7", broken],
            "cannot write /dev/null/page.html",
        ),
        (
            &["--max-size", "200000", "lucky7", broken],
            "--max-size is for a problem of your own",
        ),
        (
            &[
                "--generator",
                broken,
                "--samples",
                "/no/such/samples",
                broken,
            ],
            "a problem of your own needs its reference",
        ),
    ];
    for (words, expected) in mistakes {
        let message = usage_error(words);
        assert!(message.contains(expected), "{words:?}: {message}");
    }
    let message = usage_error(&[
        "--generator",
        broken,
        "--reference",
        broken,
        "--samples",
        "/no/such/samples",
        broken,
    ]);
    assert!(
        message.starts_with("cannot read samples from /no/such/samples"),
        "{message}"
    );
    // And a program that cannot be started is found before the helpers are built.
    let message = usage_error(&[
        "--generator",
        broken,
        "--reference",
        broken,
        "/no/such/program",
    ]);
    assert!(
        message.starts_with("cannot start /no/such/program"),
        "{message}"
    );
    // With every option right, the source is built, and its compilation error is its verdict.
    match setup(&[
        "--save",
        folder.join("saved").to_str().unwrap(),
        "lucky7",
        broken,
    ]) {
        Err(Halt::NotBuilt(not_built)) => {
            assert_eq!(not_built.helper, None);
            assert_eq!(not_built.name, "lucky7");
            assert_eq!(not_built.exit(), Exit::Failed);
        }
        _ => panic!("the program's compilation error"),
    }
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn max_size_is_given_only_when_given() {
    // Its default, given, is given: it is refused without --generator.
    let message = usage_error(&["--max-size", "200000", "lucky7", "true"]);
    assert!(message.contains("--max-size"), "{message}");
    let args = CheckArgs::from_words(&["lucky7", "true"]).unwrap();
    assert_eq!(args.max_size, None);
}

#[test]
fn the_options_that_went_to_the_program_are_every_option_that_takes_a_value() {
    let options = CheckArgs::options_with_values();
    for option in [
        "--cases",
        "--seed",
        "--time-limit",
        "--timeout",
        "--memory-limit",
        "--memory",
        "--time-factor",
        "--stack",
        "--jobs",
        "-j",
        "--save",
        "--html",
        "--include",
        "--python",
        "--generator",
        "--reference",
        "--checker",
        "--validator",
        "--max-size",
        "--samples",
        "--tolerance",
    ] {
        assert!(options.iter().any(|known| known == option), "{option}");
    }
    // A flag, or a word that is no option of check's, is the program's own.
    assert!(
        !options
            .iter()
            .any(|known| known == "--help" || known == "-h")
    );
    let command: Vec<OsString> = ["./a.out", "--jobs", "2", "-j=3", "--depth", "--seed=4"]
        .map(OsString::from)
        .to_vec();
    let warnings = misplaced_options(&command);
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    for (warning, option) in warnings.iter().zip(["--jobs", "-j=3", "--seed=4"]) {
        assert!(
            warning.starts_with(&format!("warning: {option} comes after the program")),
            "{warning}"
        );
    }
}

#[test]
fn each_check_saves_in_a_folder_of_its_own_which_it_leaves_only_if_it_saved_there() {
    // The same problem and seed, twice at once: two folders, each new.
    let words = ["--seed", "987654321", "lucky7", "true"];
    let (first, second) = (setup(&words).ok().unwrap(), setup(&words).ok().unwrap());
    let (first_path, second_path) = (first.folder.path.clone(), second.folder.path.clone());
    assert_ne!(first_path, second_path);
    for path in [&first_path, &second_path] {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("atcoder-games-lucky7-987654321"), "{name}");
        let entries: Vec<_> = fs::read_dir(path).unwrap().flatten().collect();
        assert_eq!(entries.len(), 1, "only the folder for what is printed");
    }
    // A check that saved nothing leaves nothing; one that saved keeps its folder.
    fs::write(second_path.join("lucky7-987654321.in"), "1\n7\nT\n").unwrap();
    drop(first);
    drop(second);
    assert!(!first_path.exists());
    assert!(second_path.join("lucky7-987654321.in").exists());
    fs::remove_dir_all(&second_path).unwrap();
}

#[test]
fn the_first_free_folder_is_the_problems_and_seeds_then_it_is_numbered() {
    // A seed no other test or check takes.
    let seed = std::process::id().to_string() + "0123";
    let words = ["--seed", &seed, "shiritori", "true"];
    let checks: Vec<Setup> = (0..3).map(|_| setup(&words).ok().unwrap()).collect();
    let names: Vec<String> = checks
        .iter()
        .map(|check| {
            check
                .folder
                .path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let base = format!("atcoder-games-shiritori-{seed}");
    assert_eq!(
        names,
        [base.clone(), format!("{base}-2"), format!("{base}-3")]
    );
}

#[test]
fn a_seed_not_given_is_the_clocks_of_nine_digits_at_most() {
    let seeds: Vec<u64> = (0..3)
        .map(|_| setup(&["lucky7", "true"]).ok().unwrap().seed)
        .collect();
    assert!(seeds.iter().all(|seed| *seed < 1_000_000_000), "{seeds:?}");
    // Nanoseconds apart at least: three equal seeds would be a clock that stands still.
    assert!(seeds.windows(2).any(|pair| pair[0] != pair[1]), "{seeds:?}");
}

#[test]
fn the_page_to_write_is_tried_without_leaving_a_file_or_changing_one() {
    let folder = scratch("setup-page");
    fs::create_dir_all(&folder).unwrap();
    let new_page = folder.join("new.html");
    let check = setup(&["--html", new_page.to_str().unwrap(), "lucky7", "true"]);
    assert!(check.is_ok());
    assert!(!new_page.exists());
    let kept_page = folder.join("kept.html");
    fs::write(&kept_page, "an earlier page").unwrap();
    let check = setup(&["--html", kept_page.to_str().unwrap(), "lucky7", "true"]);
    assert!(check.is_ok());
    assert_eq!(fs::read_to_string(&kept_page).unwrap(), "an earlier page");
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn the_exit_statuses_are_decided_in_one_place() {
    let statuses = [
        (Exit::Passed, 0),
        (Exit::Failed, 1),
        (Exit::Usage, 2),
        (Exit::HelperFailed, 3),
    ];
    for (exit, status) in statuses {
        assert_eq!(exit.status(), status, "{exit:?}");
    }
    assert_eq!(Error::Usage(String::new()).exit(), Exit::Usage);
    assert_eq!(Error::Fatal(String::new()).exit(), Exit::Failed);
}
