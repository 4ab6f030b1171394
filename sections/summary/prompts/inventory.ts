/**
 * The default summary prompt: list every fact first, one tagged line each, then read them as
 * prose, then name the files to reopen. Kept as a string here (not a .md beside it) so tsx and
 * the esbuild bundle carry the same text with no loader; other arms are files the `prompt`
 * option names. `{{budgetChars}}` and `{{instructions}}` are filled in by the section.
 */

/** The first line of every summary prompt, so a fake model (or a log reader) can tell it apart. */
export const SUMMARY_MARKER = '[compact-handoff:summary]'

export const INVENTORY_PROMPT = `${SUMMARY_MARKER}
Stop here and write a handoff. This conversation is about to be compacted: everything above
will leave the context window, and a fresh session will carry on from what you write now.
Write it in this one reply. Do not call any tool, do not go on with the task, and do not answer
anything above except through the handoff.

Separately from what you write, the person's messages are handed to the next session word for
word, and a ledger of the tool calls and the repository's live state go with them. Your part is
what those cannot hold: what was asked, decided, ruled out, changed, broken and left open.

Write three parts, in this order.

### Inventory

First list, then explain. One line per fact, covering the whole conversation from its first
message to its last, including what was settled early and never came up again. Each line starts
with one tag:

[ask]         something the person asked for: name it in a few words (do not copy their
              message, it is handed over already) and give its status: done, in progress,
              not started, or dropped (and by whom).
[constraint]  a rule the work must keep: quote the one sentence that sets it, nothing around it.
[rejected]    an approach, tool or change that was ruled out: quote the sentence that ruled it
              out, and say who ruled it out.
[decision]    a choice that was made, and in a few words why.
[file]        an absolute path, and what changed in it (or what was learnt from reading it).
[error]       something that failed: the command or step, the message in brief, and how it was
              resolved, or "unresolved".
[open]        work begun and not finished, a question still waiting, or a check not yet run.

If the conversation opens with an earlier handoff, carry its inventory lines forward as they
stand unless something later changed them; then the status changes.

Be specific: names, paths, numbers, flags, versions. A line that could describe any session
carries nothing. Prefer one more line to one more adjective.

### Reading

A few short paragraphs: what the work is, where it stands now, and what the next step is. Do
not repeat the inventory line by line; read it.

### Files to reopen

End with this block, naming at most 5 files the next session should have open, most useful
first. Only files read or written in this conversation, by absolute path, one per line:

<restore-files>
/absolute/path/to/file | all | why it is needed
/absolute/path/to/other | 120-240 | why these lines
</restore-files>

The middle field is "all" or a line range "from-to". Leave the block empty if no file is worth
reopening.

Keep the whole reply under about {{budgetChars}} characters. Write no <analysis> section and no
preamble: start with "### Inventory".
{{instructions}}`
