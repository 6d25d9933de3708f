//! `atcoder-games editorial`: a problem's editorial, or one of its sections, as the tool carries
//! it; the sections a report cites.

use atcoder_games_tool::editorial;
use atcoder_games_tool::error::Error;
use atcoder_games_tool::input::Builtin;

/// Prints the section `anchor` of `problem`'s editorial, or all of it without one.
pub fn editorial(problem: Builtin, anchor: Option<&str>) -> Result<(), Error> {
    let Some(anchor) = anchor else {
        println!("{}", editorial::text(problem).trim_end());
        return Ok(());
    };
    match editorial::section(problem, anchor) {
        Some(section) => {
            println!("{section}");
            Ok(())
        }
        None => {
            let anchors: Vec<String> = editorial::sections(problem)
                .into_iter()
                .map(|(anchor, _)| anchor)
                .collect();
            Err(Error::Usage(format!(
                "no section '{anchor}' in the editorial of {}: its sections are {}",
                problem.name(),
                anchors.join(", ")
            )))
        }
    }
}
