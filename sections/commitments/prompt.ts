/**
 * The commitments prompt: find what the assistant left open — said it would do and never did,
 * corrections it accepted, questions left unanswered — as one JSON row per line, so a reply cut
 * by the output cap shows exactly where it was cut.
 */

/** The first line of the commitments prompt, so a fake model (or a log reader) can tell it apart. */
export const COMMITMENTS_MARKER = '[compact-handoff:commitments]'

export const KINDS = ['correction', 'question', 'unkept'] as const
export type CommitmentKind = (typeof KINDS)[number]

/** The instructions; they follow the conversation (see `commitmentsPrompt`). */
export const COMMITMENTS_PROMPT = `Above, between the <conversation> tags, is a conversation between a person and an AI coding
assistant, written out as a transcript. Messages are numbered [#N role]. The assistant's tool
calls appear under its messages as "→ Tool {input}", with "← ok/error: …" for what came back.

Find what the assistant left open. Read what the assistant said, then check it against
everything that happened after it. Report three kinds of thing:

unkept      The assistant said it would do something ("let me check X", "I'll fix Y next",
            "once that passes I will Z") and nothing after it did: no tool call that does it,
            no later message that shows it done or explains why it was given up. If it was
            done later in other words, it is not unkept.
correction  The person corrected the assistant and the assistant accepted it. Report it when a
            successor must keep honouring it, whether or not it has been acted on yet.
question    A question the person asked that the assistant never answered, or a question the
            assistant asked the person that is still waiting for an answer.

Rules:
- A step the assistant handed to the person ("you'll need to restart the server", "please run
  the migration") is the person's, not the assistant's: leave it out.
- Report each sentence once, under the most specific kind that fits: correction first, then
  question, then unkept.
- Quote the one sentence, exactly as written; do not quote around it.
- Only what is still open when the transcript ends.
- Answer in this one reply. Call no tools and do not carry on with the work.

Answer with this block and nothing before or after it, one JSON object per line:

<commitments>
{"kind":"unkept","at":41,"quote":"Let me check whether the tests pass on Node 18.","open":"no later call ran the tests on Node 18"}
{"kind":"question","at":57,"quote":"Should the cache key include the branch name?","open":"the person asked; no answer followed"}
</commitments>

"at" is the number N of the message the quote is in; "open" says in a few words what is still
missing. If nothing is open, answer <commitments></commitments>.
`

/** Marker, conversation, instructions: the long part first, the question after it. */
export function commitmentsPrompt(conversation: { text: string; leftOut: number }): string {
  const cut = conversation.leftOut > 0 ? 'Only the newest part of the conversation fits here; judge only what is shown.\n' : ''
  return `${COMMITMENTS_MARKER}\n<conversation>\n${conversation.text}\n</conversation>\n\n${cut}${COMMITMENTS_PROMPT}`
}
