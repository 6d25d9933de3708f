//! The subcommands' standard streams: the input on stdin, read whole, and the output on stdout,
//! written through a buffer.

use atcoder_games_tool::error::Error;
use std::io::{self, BufWriter, Read, Write};

/// All of stdin.
pub fn read_stdin() -> Result<Vec<u8>, Error> {
    let mut input = Vec::new();
    match io::stdin().lock().read_to_end(&mut input) {
        Ok(_) => Ok(input),
        Err(error) => Err(Error::Fatal(format!("cannot read the input: {error}"))),
    }
}

/// Writes to stdout, through a buffer, what `write` produces. A reader that closed the pipe
/// early (say, `head`) has what it wanted; any other failure is an error.
pub fn write_stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Error> {
    let mut stdout = BufWriter::new(io::stdout().lock());
    match write(&mut stdout).and_then(|()| stdout.flush()) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            Err(Error::Fatal(format!("cannot write the output: {error}")))
        }
        _ => Ok(()),
    }
}
