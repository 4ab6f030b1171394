/**
 * The small shape both shell front ends produce (the tree-sitter walk and the fallback
 * tokenizer), so that what counts as a write is decided in one place whichever read the command.
 */

export interface Word {
  /** The word after quote removal, or null when part of it is only known at run time
   *  ($VAR, $(…), an unquoted glob, a brace expansion). */
  value: string | null
  /** Quote removal with the run-time parts kept as written: the text an interpreter would see,
   *  near enough to look for calls in. */
  loose: string
}

export interface Redirect {
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `>&`, `<`, `<&`, `<>`, … */
  op: string
  /** The explicit descriptor (`2` in `2>`), when one is written. */
  fd: string | null
  target: Word
}

export interface SimpleCommand {
  /** Name first, then the arguments; leading `VAR=value` assignments are not words. */
  words: Word[]
  /** Text fed to its standard input by a heredoc or a here-string (a `cat <<EOF |` pipe counts). */
  stdin: string[]
}

export interface ShellScript {
  /** Every simple command, nested ones (`$(…)`, `( … )`, loop bodies) included, in source order. */
  commands: SimpleCommand[]
  /** Every redirection, wherever it sits. */
  redirects: Redirect[]
}

export const literal = (value: string): Word => ({ value, loose: value })
