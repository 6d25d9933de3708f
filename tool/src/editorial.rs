//! The editorials of the two problems, `docs/shiritori.md` and `docs/lucky7.md`, built into the
//! tool, so that the section a report cites can be read wherever the tool is installed:
//! `atcoder-games editorial shiritori common-mistakes`.

use crate::input::Builtin;

/// The editorial of `problem`, in Markdown.
pub fn text(problem: Builtin) -> &'static str {
    match problem {
        Builtin::Shiritori => include_str!("../../docs/shiritori.md"),
        Builtin::Lucky7 => include_str!("../../docs/lucky7.md"),
    }
}

/// A heading's anchor, as GitHub makes it: lower case, spaces as hyphens, and no punctuation
/// but hyphens and underscores.
pub fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|character| match character {
            ' ' => Some('-'),
            '-' | '_' => Some(character),
            _ if character.is_alphanumeric() => Some(character),
            _ => None,
        })
        .collect()
}

/// The sections of `problem`'s editorial, each as its anchor and its text, from its `## `
/// heading to the next.
pub fn sections(problem: Builtin) -> Vec<(String, &'static str)> {
    let text = text(problem);
    let starts: Vec<usize> = text
        .match_indices("\n## ")
        .map(|(start, _)| start + 1)
        .collect();
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    starts
        .iter()
        .zip(ends)
        .map(|(&start, end)| {
            let section = &text[start..end];
            let heading = section.lines().next().unwrap_or_default();
            (slug(heading.trim_start_matches('#')), section.trim_end())
        })
        .collect()
}

/// The section of `problem`'s editorial whose anchor is `anchor`.
pub fn section(problem: Builtin, anchor: &str) -> Option<&'static str> {
    sections(problem)
        .into_iter()
        .find(|(name, _)| name == anchor)
        .map(|(_, text)| text)
}

/// The command that prints the section `anchor` of `problem`'s editorial.
pub fn citation(problem: Builtin, anchor: &str) -> String {
    format!("atcoder-games editorial {} {anchor}", problem.name())
}
