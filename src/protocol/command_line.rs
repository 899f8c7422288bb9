//! Splitting a command line into a program and its arguments the way a POSIX
//! shell splits words, without running a shell: no variables, globs, pipes or
//! redirections are interpreted, so `cmd:` players cannot run anything but
//! the program they name.
//!
//! Rules: blanks separate words; `'…'` keeps everything inside as it is;
//! `"…"` keeps everything but `\"`, `\\`, `\$` and `` \` ``, which lose their
//! backslash; outside quotes a backslash keeps the next character as it is.
//! Adjacent quoted and plain parts join into one word (`a'b c'` is `ab c`),
//! and `''` is an empty word.

use super::error::CommandLineError;

/// Splits `line` into words (see the module docs); the first is the program.
pub fn split_command_line(line: &str) -> Result<Vec<String>, CommandLineError> {
    let mut words = Vec::new();
    let mut word = String::new();
    // Whether a word has started (so that '' gives an empty word).
    let mut started = false;
    let mut chars = line.chars().enumerate();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if std::mem::take(&mut started) {
                    words.push(std::mem::take(&mut word));
                }
            }
            '\'' => {
                started = true;
                loop {
                    match chars.next() {
                        Some((_, '\'')) => break,
                        Some((_, c)) => word.push(c),
                        None => {
                            return Err(CommandLineError::Unclosed {
                                quote: c,
                                at: i + 1,
                            });
                        }
                    }
                }
            }
            '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.next() {
                            Some((_, e @ ('"' | '\\' | '$' | '`'))) => word.push(e),
                            Some((_, e)) => {
                                word.push('\\');
                                word.push(e);
                            }
                            None => {
                                return Err(CommandLineError::Unclosed {
                                    quote: c,
                                    at: i + 1,
                                });
                            }
                        },
                        Some((_, c)) => word.push(c),
                        None => {
                            return Err(CommandLineError::Unclosed {
                                quote: c,
                                at: i + 1,
                            });
                        }
                    }
                }
            }
            '\\' => {
                started = true;
                match chars.next() {
                    Some((_, e)) => word.push(e),
                    None => return Err(CommandLineError::TrailingBackslash),
                }
            }
            c => {
                started = true;
                word.push(c);
            }
        }
    }
    if started {
        words.push(word);
    }
    if words.is_empty() {
        return Err(CommandLineError::Empty);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(line: &str) -> Vec<String> {
        split_command_line(line).unwrap()
    }

    #[test]
    fn words_split_like_a_shell() {
        assert_eq!(split("python3 bot.py"), ["python3", "bot.py"]);
        assert_eq!(split("  a\t b  "), ["a", "b"]);
        assert_eq!(split("'my bot' \"x y\" z\\ w"), ["my bot", "x y", "z w"]);
        assert_eq!(split("a'b c'd"), ["ab cd"]);
        assert_eq!(split("'' x"), ["", "x"]);
        assert_eq!(split(r#""a\"b\\c\n""#), [r#"a"b\c\n"#]);
        assert_eq!(split("'$HOME' ; | > *"), ["$HOME", ";", "|", ">", "*"]);
    }

    #[test]
    fn bad_lines_say_why() {
        assert_eq!(split_command_line("  "), Err(CommandLineError::Empty));
        assert_eq!(
            split_command_line("a 'b"),
            Err(CommandLineError::Unclosed { quote: '\'', at: 3 })
        );
        assert_eq!(
            split_command_line("\"a"),
            Err(CommandLineError::Unclosed { quote: '"', at: 1 })
        );
        assert_eq!(
            split_command_line("a\\"),
            Err(CommandLineError::TrailingBackslash)
        );
    }
}
