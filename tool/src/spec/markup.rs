//! A statement's line as the spec reads it: AtCoder's markup (`1 \leq N \leq 2 \times 10^5`,
//! `<var>`, `$`) and plain typing (`1 <= N <= 2*10^5`, `1 ≤ N ≤ 2×10^5`) made one text
//! ([`normalize`]), and that text cut into tokens ([`tokens`]).

/// A token of a normalized line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Number(i128),
    /// A name: `N`, `case`, `min`; or a character in backquotes or quotes, `'#'`.
    Word(String),
    /// A character of its own: `_ { } ( ) , + - * / ^ |`.
    Mark(char),
    /// A comparison: `<=`, `<`, `>=`, `>`, `=`, `!=`.
    Compare(&'static str),
    /// `\ldots`, `...`, `…`.
    Across,
    /// `\vdots`, `⋮`.
    Down,
}

/// The markup's commands and the plain forms, each with what it stands for, longest first
/// where one begins another.
const REPLACED: &[(&str, &str)] = &[
    ("\\leqq", " <= "),
    ("\\leq", " <= "),
    ("\\le", " <= "),
    ("\\geqq", " >= "),
    ("\\geq", " >= "),
    ("\\ge", " >= "),
    ("\\lt", " < "),
    ("\\gt", " > "),
    ("\\neq", " != "),
    ("\\ne", " != "),
    ("\\times", " * "),
    ("\\cdots", " … "),
    ("\\ldots", " … "),
    ("\\dots", " … "),
    ("\\vdots", " ⋮ "),
    ("\\cdot", " * "),
    ("\\lvert", "|"),
    ("\\rvert", "|"),
    ("\\vert", "|"),
    ("\\mid", "|"),
    ("\\left", ""),
    ("\\right", ""),
    ("\\min", " min "),
    ("\\max", " max "),
    ("\\sum", " sum "),
    ("\\{", "{"),
    ("\\}", "}"),
    ("\\,", " "),
    ("\\ ", " "),
    ("\\quad", " "),
    ("&lt;", "<"),
    ("&gt;", ">"),
    ("&le;", " <= "),
    ("&ge;", " >= "),
    ("&amp;", "&"),
    ("&#39;", "'"),
    ("&quot;", "\""),
    ("≦", " <= "),
    ("≤", " <= "),
    ("≧", " >= "),
    ("≥", " >= "),
    ("≠", " != "),
    ("×", " * "),
    ("⋯", " … "),
    ("...", " … "),
    ("︙", " ⋮ "),
    ("⋮", " ⋮ "),
    ("−", "-"),
    ("　", " "),
];

/// The commands whose argument is text: `\mathrm{case}` is `case`.
const TEXT_COMMANDS: &[&str] = &[
    "\\mathrm",
    "\\text",
    "\\textrm",
    "\\mathtt",
    "\\texttt",
    "\\mathbf",
    "\\rm",
    "\\operatorname",
];

/// `line` as a person reads it in a message: its HTML tags and `$` gone, spaces made one.
pub fn shown(line: &str) -> String {
    let mut text = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(character) = rest.chars().next() {
        if let Some(length) = tag_length(rest) {
            rest = &rest[length..];
            continue;
        }
        if character != '$' {
            text.push(character);
        }
        rest = &rest[character.len_utf8()..];
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `line` with its HTML tags and `$` gone, and its markup and symbols made the plain forms:
/// `- <var>1 \leq N \leq 10^5</var>` is `- 1  <=  N  <=  10^5`.
pub fn normalize(line: &str) -> String {
    let mut text = shown(line);
    for command in TEXT_COMMANDS {
        text = unbraced(&text, command);
    }
    for (from, to) in REPLACED {
        if text.contains(from) {
            text = text.replace(from, to);
        }
    }
    text
}

/// `text` with each `command{word}` made `word`: `\mathrm{case}_i` is `case_i`.
fn unbraced(text: &str, command: &str) -> String {
    let mut text = text.to_string();
    let opening = format!("{command}{{");
    while let Some(at) = text.find(&opening) {
        let inside = at + opening.len();
        let Some(length) = text[inside..].find('}') else {
            break;
        };
        let word = text[inside..inside + length].to_string();
        text.replace_range(at..inside + length + 1, &word);
    }
    text
}

/// The HTML tags a statement's page holds around its Input and Constraints.
const TAGS: &[&str] = &[
    "var", "pre", "li", "ul", "ol", "p", "code", "section", "h3", "h2", "div", "span", "br",
    "strong", "em", "b", "i", "sub", "sup",
];

/// The length of the HTML tag that `text` starts with (`<var>`, `</li>`), if it does: a `<`
/// that opens none is a comparison.
fn tag_length(text: &str) -> Option<usize> {
    let inside = text.strip_prefix('<')?;
    let inside = inside.strip_prefix('/').unwrap_or(inside);
    let name_length = inside.find(|c: char| !c.is_ascii_alphanumeric())?;
    let name = &inside[..name_length];
    let after = &inside[name_length..];
    if !TAGS.contains(&name) || !after.starts_with(['>', ' ', '/']) {
        return None;
    }
    let close = text.find('>')?;
    Some(close + 1)
}

/// The tokens of a normalized line; else the first character the spec does not read.
pub fn tokens(line: &str) -> Result<Vec<Token>, char> {
    let characters: Vec<char> = line.chars().collect();
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < characters.len() {
        let character = characters[at];
        at += 1;
        match character {
            _ if character.is_whitespace() || character == '\\' => {}
            '0'..='9' => {
                let mut number = i128::from(character.to_digit(10).expect("a digit"));
                let digits = |at: &mut usize, number: &mut i128| {
                    while let Some(digit) = characters.get(*at).and_then(|c| c.to_digit(10)) {
                        *number = number.saturating_mul(10).saturating_add(i128::from(digit));
                        *at += 1;
                    }
                };
                digits(&mut at, &mut number);
                // A thousands separator, as in `200,000`.
                while characters.get(at) == Some(&',')
                    && (1..=3).all(|k| characters.get(at + k).is_some_and(char::is_ascii_digit))
                    && !characters.get(at + 4).is_some_and(char::is_ascii_digit)
                {
                    at += 1;
                    digits(&mut at, &mut number);
                }
                tokens.push(Token::Number(number));
            }
            'a'..='z' | 'A'..='Z' => {
                let mut word = character.to_string();
                while let Some(&next) = characters.get(at).filter(|c| c.is_ascii_alphabetic()) {
                    word.push(next);
                    at += 1;
                }
                tokens.push(Token::Word(word));
            }
            _ if is_quote(character) => {
                // A quoted character, `` `#` `` or `'.'`; a quote around more is only emphasis.
                if let (Some(&quoted), Some(&close)) = (characters.get(at), characters.get(at + 1))
                    && is_quote(close)
                {
                    at += 2;
                    tokens.push(Token::Word(format!("'{quoted}'")));
                }
            }
            '<' | '>' | '=' | '!' => {
                let equals = characters.get(at) == Some(&'=');
                at += usize::from(equals);
                let compare = match (character, equals) {
                    ('<', true) => "<=",
                    ('<', false) => "<",
                    ('>', true) => ">=",
                    ('>', false) => ">",
                    ('=', _) => "=",
                    ('!', true) => "!=",
                    _ => return Err(character),
                };
                tokens.push(Token::Compare(compare));
            }
            '…' => tokens.push(Token::Across),
            '⋮' => tokens.push(Token::Down),
            '_' | '{' | '}' | '(' | ')' | ',' | '+' | '-' | '*' | '/' | '^' | '|' | '.' | '#' => {
                tokens.push(Token::Mark(character))
            }
            '[' => tokens.push(Token::Mark('(')),
            ']' => tokens.push(Token::Mark(')')),
            ':' | ';' | '、' | '。' | '&' => {}
            _ => return Err(character),
        }
    }
    Ok(tokens)
}

fn is_quote(character: char) -> bool {
    matches!(character, '`' | '\'' | '"' | '‘' | '’' | '“' | '”')
}
