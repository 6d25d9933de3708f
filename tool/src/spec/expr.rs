//! The expressions of a spec: the names of its variables (`N`, `A_i`, `A_{i,j}`), the bounds
//! of its constraints (`2 \times 10^5`, `N(N-1)/2`, `\min(1000, N)`, `|S|`), read from a line's
//! tokens ([`Reader`]) and worked out where every name has its value ([`Expr::value`]).

use super::markup::Token;

/// A variable as the spec names it: `A` with its indices, `A_{i,j}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub base: String,
    pub indices: Vec<Expr>,
}

/// The values of a variable's indices, none to two, kept without allocating: a value of an
/// input of 200,000 has its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Index {
    values: [i128; 2],
    length: u8,
}

impl Index {
    /// The index of these values; None past two.
    pub fn of(values: &[i128]) -> Option<Self> {
        let mut index = Self::default();
        for &value in values {
            index.push(value)?;
        }
        Some(index)
    }

    fn push(&mut self, value: i128) -> Option<()> {
        *self.values.get_mut(usize::from(self.length))? = value;
        self.length += 1;
        Some(())
    }
}

impl std::ops::Deref for Index {
    type Target = [i128];

    fn deref(&self) -> &[i128] {
        &self.values[..usize::from(self.length)]
    }
}

/// An expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Number(i128),
    Variable(Name),
    /// The length of a string, `|S|`.
    Length(Name),
    Add(Box<Expr>, Box<Expr>),
    Subtract(Box<Expr>, Box<Expr>),
    Multiply(Box<Expr>, Box<Expr>),
    /// Integer division, rounding down: `N(N-1)/2`.
    Divide(Box<Expr>, Box<Expr>),
    Power(Box<Expr>, Box<Expr>),
    Negate(Box<Expr>),
    Min(Vec<Expr>),
    Max(Vec<Expr>),
}

/// The values an expression's names have, where they have one.
pub trait Values {
    /// The value of the variable `base` at `indices` (none for a scalar), or of an index name
    /// bound by a loop (`i`); None if it has none (yet).
    fn number(&self, base: &str, indices: &[i128]) -> Option<i128>;
    /// The length of the string `base` at `indices`.
    fn length(&self, base: &str, indices: &[i128]) -> Option<i128>;
}

impl Expr {
    /// Its value, None while a name has none or the arithmetic overflows.
    pub fn value(&self, values: &dyn Values) -> Option<i128> {
        let both = |a: &Expr, b: &Expr| Some((a.value(values)?, b.value(values)?));
        match self {
            Self::Number(number) => Some(*number),
            Self::Variable(name) => values.number(&name.base, &name.index_values(values)?),
            Self::Length(name) => values.length(&name.base, &name.index_values(values)?),
            Self::Add(a, b) => both(a, b).and_then(|(a, b)| a.checked_add(b)),
            Self::Subtract(a, b) => both(a, b).and_then(|(a, b)| a.checked_sub(b)),
            Self::Multiply(a, b) => both(a, b).and_then(|(a, b)| a.checked_mul(b)),
            Self::Divide(a, b) => both(a, b).and_then(|(a, b)| a.checked_div_euclid(b)),
            Self::Power(a, b) => {
                both(a, b).and_then(|(a, b)| a.checked_pow(u32::try_from(b).ok()?))
            }
            Self::Negate(a) => a.value(values)?.checked_neg(),
            Self::Min(items) => items.iter().map(|item| item.value(values)).min()?,
            Self::Max(items) => items
                .iter()
                .map(|item| item.value(values))
                .try_fold(i128::MIN, |most, value| Some(most.max(value?))),
        }
    }

    /// Calls `visit` on every name in it, indices too.
    pub fn names<'e>(&'e self, visit: &mut dyn FnMut(&'e Name)) {
        match self {
            Self::Number(_) => {}
            Self::Variable(name) | Self::Length(name) => {
                visit(name);
                name.indices.iter().for_each(|index| index.names(visit));
            }
            Self::Add(a, b)
            | Self::Subtract(a, b)
            | Self::Multiply(a, b)
            | Self::Divide(a, b)
            | Self::Power(a, b) => {
                a.names(visit);
                b.names(visit);
            }
            Self::Negate(a) => a.names(visit),
            Self::Min(items) | Self::Max(items) => items.iter().for_each(|item| item.names(visit)),
        }
    }

    /// The variable it is, if it is one name alone.
    pub fn as_name(&self) -> Option<&Name> {
        match self {
            Self::Variable(name) => Some(name),
            _ => None,
        }
    }
}

impl Name {
    /// The values of its indices; None past two, which no variable has.
    pub fn index_values(&self, values: &dyn Values) -> Option<Index> {
        let mut index = Index::default();
        for expr in &self.indices {
            index.push(expr.value(values)?)?;
        }
        Some(index)
    }

    /// A name without indices.
    pub fn scalar(base: &str) -> Self {
        Self {
            base: base.to_string(),
            indices: Vec::new(),
        }
    }
}

/// Reads expressions from a line's tokens, from the left.
pub struct Reader<'t> {
    tokens: &'t [Token],
    at: usize,
}

impl<'t> Reader<'t> {
    pub fn new(tokens: &'t [Token]) -> Self {
        Self { tokens, at: 0 }
    }

    pub fn peek(&self) -> Option<&'t Token> {
        self.tokens.get(self.at)
    }

    pub fn next(&mut self) -> Option<&'t Token> {
        let token = self.tokens.get(self.at);
        self.at += usize::from(token.is_some());
        token
    }

    pub fn done(&self) -> bool {
        self.at >= self.tokens.len()
    }

    /// Whether the next token is the mark `mark`; if so, it is read.
    pub fn eat(&mut self, mark: char) -> bool {
        let here = self.peek() == Some(&Token::Mark(mark));
        self.at += usize::from(here);
        here
    }

    /// Where it is, to come back to.
    pub fn position(&self) -> usize {
        self.at
    }

    pub fn back_to(&mut self, position: usize) {
        self.at = position;
    }

    /// A name: a word, then its indices after `_`, one token (`A_i`, `A_1`) or a braced list
    /// (`A_{i,j}`, `A_{N-1}`).
    pub fn name(&mut self) -> Option<Name> {
        let Some(Token::Word(base)) = self.peek() else {
            return None;
        };
        self.at += 1;
        let mut indices = Vec::new();
        if self.eat('_') {
            if self.eat('{') {
                loop {
                    indices.push(self.sum()?);
                    if self.eat('}') {
                        break;
                    }
                    if !self.eat(',') {
                        return None;
                    }
                }
            } else {
                indices.push(match self.next()? {
                    Token::Number(number) => Expr::Number(*number),
                    Token::Word(word) => Expr::Variable(Name::scalar(word)),
                    _ => return None,
                });
                // Plain typing's `A_i,j`: a second index right after a comma and one letter.
            }
        }
        Some(Name {
            base: base.clone(),
            indices,
        })
    }

    /// A sum of terms.
    pub fn sum(&mut self) -> Option<Expr> {
        let mut sum = match self.eat('-') {
            true => Expr::Negate(Box::new(self.product()?)),
            false => self.product()?,
        };
        loop {
            if self.eat('+') {
                sum = Expr::Add(Box::new(sum), Box::new(self.product()?));
            } else if self.eat('-') {
                sum = Expr::Subtract(Box::new(sum), Box::new(self.product()?));
            } else {
                return Some(sum);
            }
        }
    }

    /// A product of powers, `*` and `/` or side by side: `2N`, `N(N-1)/2`.
    fn product(&mut self) -> Option<Expr> {
        let mut product = self.power()?;
        loop {
            if self.eat('*') {
                product = Expr::Multiply(Box::new(product), Box::new(self.power()?));
            } else if self.eat('/') {
                product = Expr::Divide(Box::new(product), Box::new(self.power()?));
            } else if matches!(self.peek(), Some(Token::Mark('(') | Token::Word(_)))
                && !self.at_keyword()
            {
                product = Expr::Multiply(Box::new(product), Box::new(self.power()?));
            } else {
                return Some(product);
            }
        }
    }

    /// Whether the next word ends an expression: prose after it (`N is even`).
    fn at_keyword(&self) -> bool {
        match self.peek() {
            Some(Token::Word(word)) => {
                word.len() > 1 && !matches!(word.as_str(), "min" | "max" | "frac")
            }
            _ => false,
        }
    }

    /// An atom, to a power: `10^5`, `10^{18}`, `2^{N}`.
    fn power(&mut self) -> Option<Expr> {
        let base = self.atom()?;
        if !self.eat('^') {
            return Some(base);
        }
        let exponent = match self.eat('{') {
            true => {
                let exponent = self.sum()?;
                self.eat('}').then_some(exponent)?
            }
            false => self.atom()?,
        };
        Some(Expr::Power(Box::new(base), Box::new(exponent)))
    }

    fn atom(&mut self) -> Option<Expr> {
        match self.peek()? {
            Token::Number(number) => {
                self.at += 1;
                Some(Expr::Number(*number))
            }
            Token::Mark('(') => {
                self.at += 1;
                let inner = self.sum()?;
                self.eat(')').then_some(inner)
            }
            Token::Mark('{') => {
                self.at += 1;
                let inner = self.sum()?;
                self.eat('}').then_some(inner)
            }
            Token::Mark('|') => {
                self.at += 1;
                let name = self.name()?;
                self.eat('|').then_some(Expr::Length(name))
            }
            Token::Word(word) if word == "min" || word == "max" => {
                let is_min = word == "min";
                self.at += 1;
                let open = self.eat('(') || self.eat('{');
                let mut items = vec![self.sum()?];
                while self.eat(',') {
                    items.push(self.sum()?);
                }
                if open && !(self.eat(')') || self.eat('}')) {
                    return None;
                }
                Some(match is_min {
                    true => Expr::Min(items),
                    false => Expr::Max(items),
                })
            }
            Token::Word(word) if word == "frac" => {
                self.at += 1;
                let top = self.atom()?;
                let bottom = self.atom()?;
                Some(Expr::Divide(Box::new(top), Box::new(bottom)))
            }
            Token::Word(_) => self.name().map(Expr::Variable),
            _ => None,
        }
    }
}

/// `expr` as a message shows it: `N`, `N-1`, `2*10^5`.
pub fn shown(expr: &Expr) -> String {
    let pair = |a: &Expr, mark: &str, b: &Expr| format!("{}{mark}{}", grouped(a), grouped(b));
    match expr {
        Expr::Number(number) => number.to_string(),
        Expr::Variable(name) => shown_name(name),
        Expr::Length(name) => format!("|{}|", shown_name(name)),
        Expr::Add(a, b) => format!("{}+{}", shown(a), shown(b)),
        Expr::Subtract(a, b) => format!("{}-{}", shown(a), grouped(b)),
        Expr::Multiply(a, b) => pair(a, "*", b),
        Expr::Divide(a, b) => pair(a, "/", b),
        Expr::Power(a, b) => pair(a, "^", b),
        Expr::Negate(a) => format!("-{}", grouped(a)),
        Expr::Min(items) | Expr::Max(items) => format!(
            "{}({})",
            if matches!(expr, Expr::Min(_)) {
                "min"
            } else {
                "max"
            },
            items.iter().map(shown).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// `expr` shown, in parentheses if it is a sum.
fn grouped(expr: &Expr) -> String {
    match expr {
        Expr::Add(..) | Expr::Subtract(..) => format!("({})", shown(expr)),
        _ => shown(expr),
    }
}

/// `A_i`, `A_{i,j}`, `N`. The indices the spec names itself (`#1` of a whole array, a format's
/// `#row` and `#column`) are shown by their place, as `i`, `j`.
pub fn shown_name(name: &Name) -> String {
    let shown_index = |(place, index): (usize, &Expr)| match index {
        Expr::Variable(index) if index.base.starts_with('#') => {
            char::from(b'i' + place as u8).to_string()
        }
        _ => shown(index),
    };
    match name.indices.as_slice() {
        [] => name.base.clone(),
        [index @ (Expr::Number(_) | Expr::Variable(_))] => {
            format!("{}_{}", name.base, shown_index((0, index)))
        }
        indices => format!(
            "{}_{{{}}}",
            name.base,
            indices
                .iter()
                .enumerate()
                .map(shown_index)
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}
