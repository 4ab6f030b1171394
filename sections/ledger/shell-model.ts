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

/**
 * The directory a command runs in, as far as the text's own `cd` says: absent when it has not
 * changed directory (it runs where the shell started), a path as written (relative to where the
 * shell started, or absolute, or `~…`) after a `cd`, or null when a `cd` went somewhere only known
 * at run time or only maybe (`cd "$D"`, `cd -`, a `cd` inside an `if`).
 */
export type Dir = string | null | undefined

export interface Redirect {
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `>&`, `<`, `<&`, `<>`, … */
  op: string
  /** The explicit descriptor (`2` in `2>`), when one is written. */
  fd: string | null
  target: Word
  dir?: Dir
  /** Where it starts in the source, so that writes keep the order the shell makes them in. */
  pos?: number
}

export interface SimpleCommand {
  /** Name first, then the arguments; leading `VAR=value` assignments are not words. */
  words: Word[]
  /** Text fed to its standard input by a heredoc or a here-string (a `cat <<EOF |` pipe counts). */
  stdin: string[]
  dir?: Dir
  pos?: number
}

/**
 * The simple command whose status is the script's when the script exits non-zero, set only when
 * the text leaves no doubt which one that is: the last in the last pipeline, after `||`, or after
 * `&&` when nothing before it could have failed without a word (no silenced output, no test).
 */
export interface ExitSource {
  command: SimpleCommand
  /** Its error output may have gone elsewhere (`2>/dev/null`, `&> log`), so silence proves less. */
  quiet: boolean
}

export interface ShellScript {
  /** Every simple command, nested ones (`$(…)`, `( … )`, loop bodies) included, in source order. */
  commands: SimpleCommand[]
  /** Every redirection, wherever it sits. */
  redirects: Redirect[]
  /** Only the parser's walk sets it: a command the tokenizer read keeps any failure it had. */
  exit?: ExitSource
  /** Where the script leaves the shell, when it `cd`s (a later command starts there). */
  endDir?: Dir
}

export const literal = (value: string): Word => ({ value, loose: value })
