//! A user's samples, read from where contestants keep them: an oj folder (`NAME.in` with
//! `NAME.out`, as `oj download` saves them in `test/`), a cargo-compete test suite
//! (`testcases/PROBLEM.yml`, with its `cases`, the files its `extend` names, and its `match`), or a
//! Competitive Companion JSON or CPH `.prob` file (`tests[].input` and `.output`).

use crate::error::Error;
use crate::input::{Input, Text};
use crate::judge::Comparison;
use crate::problem::Sample;
use serde::Deserialize;
use std::fs;
use std::path::{Path, PathBuf};

/// Samples read from a path, and how their answers are compared, if the path says.
#[derive(Debug, Default)]
pub struct Samples {
    pub samples: Vec<Sample>,
    /// A cargo-compete suite's `match`.
    pub comparison: Option<Comparison>,
}

/// The folder oj keeps samples in, used when no `--samples` is given and it exists.
pub const OJ_FOLDER: &str = "test";

/// The samples at `path`: an oj folder, a cargo-compete `.yml`, or a Competitive Companion or CPH
/// JSON file, by what it is; the error says what could not be read.
pub fn read(path: &Path) -> Result<Samples, Error> {
    if path.is_dir() {
        return oj_folder(path);
    }
    let text = fs::read_to_string(path).map_err(|error| unreadable(path, error))?;
    let extension = path.extension().and_then(|extension| extension.to_str());
    match extension {
        Some("yml" | "yaml") => cargo_compete(&text, path),
        Some("json" | "prob") => companion(&text, path),
        _ => Err(unreadable(
            path,
            "not a folder, a .yml, a .json or a .prob file",
        )),
    }
}

/// The samples at `path` cannot be read, for the reason `why`: a mistake on the command line.
fn unreadable(path: &Path, why: impl std::fmt::Display) -> Error {
    Error::Usage(format!(
        "cannot read samples from {}: {why}",
        path.display()
    ))
}

/// A sample named `name` from its texts.
fn sample(name: &str, input: String, answer: Option<String>) -> Sample {
    let file: String = name
        .chars()
        .map(|c| match c.is_ascii_alphanumeric() || "-_.".contains(c) {
            true => c,
            false => '_',
        })
        .collect();
    // oj's files are sample-1.in already: a name is not said twice.
    let file = match file.starts_with("sample") {
        true => file,
        false => format!("sample-{file}"),
    };
    Sample {
        name: format!("sample \"{name}\""),
        file,
        input: Input::Text(Text {
            text: input,
            size: None,
        }),
        answer,
    }
}

/// An oj folder: each `NAME.in`, with `NAME.out` if there is one, in the order of their names.
fn oj_folder(folder: &Path) -> Result<Samples, Error> {
    let mut inputs: Vec<PathBuf> = fs::read_dir(folder)
        .map_err(|error| unreadable(folder, error))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "in"))
        .collect();
    inputs.sort();
    let mut samples = Vec::new();
    for input in inputs {
        let name = input.file_stem().unwrap_or_default().to_string_lossy();
        let text = fs::read_to_string(&input).map_err(|error| unreadable(folder, error))?;
        let answer = fs::read_to_string(input.with_extension("out")).ok();
        samples.push(sample(&name, text, answer));
    }
    Ok(Samples {
        samples,
        comparison: None,
    })
}

/// A cargo-compete test suite.
#[derive(Deserialize)]
struct Suite {
    /// `Exact`, `Lines` or `SplitWhitespace`; or a mapping of `Float` to its errors, or of
    /// `Checker` to its command, as cargo-compete writes it (serde's older form of an enum, which
    /// YAML's tags replaced).
    #[serde(rename = "match")]
    matching: Option<yaml_serde::Value>,
    #[serde(default)]
    cases: Vec<Case>,
    #[serde(default)]
    extend: Vec<Extend>,
}

/// A case of a cargo-compete suite.
#[derive(Deserialize)]
struct Case {
    name: Option<String>,
    #[serde(rename = "in")]
    input: String,
    out: Option<String>,
}

/// The files of more cases: glob patterns under a folder, relative to the suite's.
#[derive(Deserialize)]
#[serde(tag = "type")]
enum Extend {
    Text {
        path: String,
        #[serde(rename = "in")]
        input: String,
        out: String,
    },
}

/// The errors of cargo-compete's `Float` match.
#[derive(Deserialize)]
struct FloatErrors {
    relative_error: Option<f64>,
    absolute_error: Option<f64>,
}

/// How a cargo-compete suite's `match` compares an answer; None for a `Checker` of its own,
/// which `--checker` runs here. The suite is at `path`.
fn comparison(matching: &yaml_serde::Value, path: &Path) -> Result<Option<Comparison>, Error> {
    if let Some(name) = matching.as_str() {
        return match name {
            "Exact" => Ok(Some(Comparison::Exact)),
            "Lines" => Ok(Some(Comparison::Lines)),
            "SplitWhitespace" => Ok(Some(Comparison::Tokens)),
            _ => Err(unreadable(path, format!("match: unknown {name}"))),
        };
    }
    if let Some(errors) = matching.get("Float") {
        let errors: FloatErrors = yaml_serde::from_value(errors.clone())
            .map_err(|error| unreadable(path, format!("match: {error}")))?;
        return Ok(Some(Comparison::Float {
            absolute: errors.absolute_error.unwrap_or(0.0),
            relative: errors.relative_error.unwrap_or(0.0),
        }));
    }
    match matching.get("Checker") {
        Some(_) => Ok(None),
        None => Err(unreadable(
            path,
            "match: neither Exact, Lines, SplitWhitespace, Float nor Checker",
        )),
    }
}

/// The samples of the cargo-compete suite at `path`, whose text is `text`: its `extend` paths are
/// relative to its folder.
fn cargo_compete(text: &str, path: &Path) -> Result<Samples, Error> {
    let folder = path.parent().unwrap_or(Path::new("."));
    let suite: Suite = yaml_serde::from_str(text).map_err(|error| unreadable(path, error))?;
    let mut samples = Vec::new();
    for (k, case) in suite.cases.into_iter().enumerate() {
        let name = case.name.unwrap_or_else(|| (k + 1).to_string());
        samples.push(sample(&name, case.input, case.out));
    }
    for Extend::Text {
        path: extended,
        input,
        out,
    } in suite.extend
    {
        let base = folder.join(extended.trim_start_matches("./"));
        let matching = |pattern: &str| -> Result<Vec<PathBuf>, Error> {
            let pattern = base.join(pattern.trim_start_matches('/'));
            let pattern = pattern.to_string_lossy();
            let paths = glob::glob(&pattern).map_err(|error| unreadable(path, error))?;
            let mut paths: Vec<PathBuf> = paths.flatten().collect();
            paths.sort();
            Ok(paths)
        };
        let outputs = matching(&out)?;
        for case in matching(&input)? {
            let stem = case.file_stem().unwrap_or_default().to_os_string();
            let answer = outputs
                .iter()
                .find(|output| output.file_stem() == Some(stem.as_os_str()))
                .and_then(|output| fs::read_to_string(output).ok());
            let text = fs::read_to_string(&case).map_err(|error| unreadable(path, error))?;
            samples.push(sample(&stem.to_string_lossy(), text, answer));
        }
    }
    let comparison = match &suite.matching {
        Some(matching) => comparison(matching, path)?,
        None => None,
    };
    Ok(Samples {
        samples,
        comparison,
    })
}

/// A problem as Competitive Companion sends it, and as CPH keeps it in a `.prob` file.
#[derive(Deserialize)]
struct Companion {
    tests: Vec<CompanionTest>,
}

#[derive(Deserialize)]
struct CompanionTest {
    input: String,
    output: Option<String>,
}

/// The samples of the Competitive Companion or CPH problem at `path`, whose text is `text`.
fn companion(text: &str, path: &Path) -> Result<Samples, Error> {
    let problem: Companion = serde_json::from_str(text).map_err(|error| unreadable(path, error))?;
    let samples = (problem.tests.into_iter().enumerate())
        .map(|(k, test)| sample(&(k + 1).to_string(), test.input, test.output))
        .collect();
    Ok(Samples {
        samples,
        comparison: None,
    })
}
