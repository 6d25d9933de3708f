//! Saving what a check found: the failing case as oj keeps one, what the program printed on it
//! (or its dialogue with an interactor, and the interactor's words), the input a helper failed
//! on, and the explore page.

use crate::error::{Error, HelperFailure};
use crate::judge::Failure;
use crate::problem::Expected;
use crate::search::{Case, Found};
use crate::setup::{PRINTED, Setup};
use std::fs;
use std::path::{Path, PathBuf};

/// A failing case saved as an oj test case, `NAME.in` and `NAME.out` (the right answer), with
/// what the program printed beside it, in a folder of its own that oj leaves alone,
/// `printed/NAME.stdout` and `printed/NAME.stderr`. An interactive problem's is its hidden input,
/// `NAME.in`, and `printed/NAME.dialogue`, the transcript, with `printed/NAME.words`, what the
/// interactor said, where it rejected the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedCase {
    pub folder: PathBuf,
    pub name: String,
    /// Whether its right answer is known, and saved as `NAME.out`; without one, oj runs it
    /// without judging its answer.
    pub answered: bool,
    /// Whether an interactor's words, rejecting the program, are saved as `printed/NAME.words`.
    pub with_words: bool,
}

impl SavedCase {
    /// The path of the file with this `extension`, relative to the folder of the case.
    pub fn file(&self, extension: &str) -> String {
        match extension {
            "in" | "out" => format!("{}.{extension}", self.name),
            _ => format!("{PRINTED}/{}.{extension}", self.name),
        }
    }

    /// The path of the file with this `extension`.
    pub fn path(&self, extension: &str) -> PathBuf {
        self.folder.join(self.file(extension))
    }
}

/// Saves the input `failure`'s helper failed on, if it had one, in `setup`'s folder, named by the
/// problem, the seed and the helper: where it is.
pub(super) fn save_helper_input(
    setup: &Setup,
    failure: &HelperFailure,
) -> Result<Option<PathBuf>, Error> {
    let Some(input) = &failure.input else {
        return Ok(None);
    };
    let name = format!(
        "{}-{}-{}.in",
        setup.problem.name(),
        setup.seed,
        failure.helper.name()
    );
    let path = setup.folder.path.join(name);
    fs::write(&path, input)
        .map_err(|error| Error::Fatal(format!("cannot save {}: {error}", path.display())))?;
    Ok(Some(path))
}

/// Saves `found`'s input, its right answer where it is known, and what the program printed on it
/// (`stdout`, `stderr`) as an oj case in `setup`'s folder.
pub(super) fn save(
    setup: &Setup,
    found: &Found,
    stdout: &[u8],
    stderr: &[u8],
) -> Result<SavedCase, Error> {
    // A sample keeps its name; any other case is named by the problem and the seed.
    let name = match found.case {
        Case::Sample(number) => setup.problem.samples()[number - 1].file.clone(),
        _ => format!("{}-{}", setup.problem.name(), setup.seed),
    };
    // No answer is saved that is not known: an empty one would fail every program.
    let right = match setup.problem.expected(&found.input)? {
        Expected::Answer(answer) => Some(answer),
        Expected::Unknown => None,
    };
    let interactive = setup.problem.interactive();
    let words = match &found.failure {
        Failure::WrongAnswer {
            message: Some(words),
            ..
        } if interactive => Some(words),
        _ => None,
    };
    let saved = SavedCase {
        folder: setup.folder.path.clone(),
        name,
        answered: right.is_some(),
        with_words: words.is_some(),
    };
    let input = found.input.text();
    let printed = match interactive {
        true => "dialogue",
        false => "stdout",
    };
    let mut files = vec![
        ("in", input.as_bytes()),
        (printed, stdout),
        ("stderr", stderr),
    ];
    if let Some(right) = &right {
        files.push(("out", right.as_bytes()));
    }
    if let Some(words) = words {
        files.push(("words", words.as_bytes()));
    }
    for (extension, bytes) in files {
        let path = saved.path(extension);
        if let Err(error) = fs::write(&path, bytes) {
            return Err(Error::Fatal(format!(
                "cannot save {}: {error}",
                path.display()
            )));
        }
    }
    Ok(saved)
}

/// Writes the explore page of `found`'s input to `path`, with the program's answers (its
/// `stdout`) beside the right ones for a wrong answer: where it went, or why it did not; None for
/// a problem that has no page.
pub(super) fn write_page(
    setup: &Setup,
    found: &Found,
    stdout: &[u8],
    path: &Path,
) -> Option<Result<PathBuf, Error>> {
    let answers = matches!(found.failure, Failure::WrongAnswer { .. }).then(|| {
        let printed = String::from_utf8_lossy(stdout);
        printed
            .lines()
            .map(|line| line.trim_end().to_string())
            .collect()
    });
    let page = setup.problem.page(&found.input, answers)?;
    Some(page.and_then(|page| {
        fs::write(path, page)
            .map(|()| path.to_path_buf())
            .map_err(|error| Error::Fatal(format!("cannot write {}: {error}", path.display())))
    }))
}
