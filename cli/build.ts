/**
 * `compact-handoff build <transcript.jsonl>`: the handoff a compaction would hand up for a
 * transcript on disk, by default for the conversation as it stood before its last compaction.
 */
import { existsSync, statSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { HandoffError } from '../pipeline/codes.ts'
import { fmt } from '../pipeline/text.ts'
import { beforeBoundary, readJsonlTranscript } from '../pipeline/transcript.ts'
import type { HandoffResult, PipelineInput } from '../pipeline/types.ts'
import { buildHandoff, configFiles, prepareSections } from '../pipeline/build.ts'
import { builtinSections } from '../sections/index.ts'
import { cliCapabilities } from './capabilities.ts'
import { readPolicy } from '../pipeline/read-policy.ts'
import { cliModel } from './model.ts'
import { type Command, usageError } from './command.ts'
import { checkOutPath, writeOut } from './output.ts'
import { forTerminal, jsonForTerminal } from './terminal.ts'

const usage = `Usage: compact-handoff build <transcript.jsonl> [options]

Builds the handoff for a Claude Code transcript and prints what the next window would receive
(the handoff, then the Read results it hands up), then a report of each section. By default the
conversation is taken as it stood before the file's last compaction (the whole file when it holds
none). A preview: no handoff, row or log is stored.

Options:
  --config FILE       extend the default pipeline with FILE (repeatable)
  --out FILE          write the handoff to FILE instead of stdout
  --json              print one JSON object: { handoff, sections, totalChars, marker, ... }
  --at-boundary N     the conversation as it stood before the N-th compaction (1 = oldest)
  --end               the whole file, every message after the last compaction included
  --window TOKENS     the context window, for the size guard's maxFraction
  --session ID        the session id for the marker (default: from the transcript)
  --model-replies FILE  answer the model calls (summary, commitments) with replies recorded in
                      FILE (JSON or JSONL; see cli/model.ts). Without it, the Anthropic API
                      answers when ANTHROPIC_API_KEY is set (ANTHROPIC_BASE_URL is honoured);
                      with neither, those sections are dropped (SECTION_NO_MODEL)
  --verbose           stack traces on errors

Exit codes: 0 ok, 1 invalid config or transcript, or an --out that could not be written, 2 usage
error (an --out folder that does not exist included), 3 internal error.`

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        config: { type: 'string', multiple: true },
        out: { type: 'string' },
        json: { type: 'boolean' },
        'at-boundary': { type: 'string' },
        end: { type: 'boolean' },
        window: { type: 'string' },
        session: { type: 'string' },
        'model-replies': { type: 'string' },
      },
    })
  } catch (err) {
    throw usageError(usage, err)
  }
}

/** Whether two paths name one file (a link to it included); false when either is missing. */
function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [statSync(a), statSync(b)]
    return x.dev === y.dev && x.ino === y.ino
  } catch {
    return false
  }
}

function positiveInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new HandoffError('USAGE', `${flag} takes a whole number from 1 (got "${value}")`)
  return n
}

/**
 * The handoff as the next window receives it: the text, then each message it hands up after it
 * (`restore`'s Read calls and their results), each marked for what it is. The sizes the report
 * gives count both.
 */
export function windowText(result: Pick<HandoffResult, 'handoff' | 'messages'>): string {
  if (result.messages.length === 0) return result.handoff
  const parts = [
    result.handoff.trimEnd(),
    `<!-- then ${fmt(result.messages.length)} message${result.messages.length === 1 ? '' : 's'} after the handoff, as the engine hands them on -->`,
  ]
  for (const m of result.messages) {
    if (m.text) parts.push(`[${m.role}] ${m.text}`)
    for (const u of m.toolUses ?? []) parts.push(`[${m.role}] → ${u.name} ${JSON.stringify(u.input)}`)
    for (const r of m.toolResults ?? []) parts.push(`[${m.role}] ← ${r.isError ? 'error' : 'result'}:\n${r.text}`)
  }
  return `${parts.join('\n\n')}\n`
}

/** One row per section, then the run's one-line summary. */
export function formatReport(result: HandoffResult): string {
  const rows = result.sections.map((s) => {
    const status = s.status === 'ok' ? 'kept   ' : 'dropped'
    const chars = s.status === 'ok' ? s.chars : s.chars
    // How this command gets a model is said here, for the person reading the report, not in the
    // handoff's own "Left out" line, which a model reads.
    const hint = s.status === 'dropped' && s.code === 'SECTION_NO_MODEL' ? ' (--model-replies FILE, or ANTHROPIC_API_KEY)' : ''
    const why = s.status === 'dropped' ? `  ${s.code}: ${s.message}${hint}` : ''
    // A section that produced nothing has no size: shown as '-', not as 0.
    return `  ${status} ${s.name.padEnd(12)} ${(chars === undefined ? '-' : fmt(chars)).padStart(8)} chars ${fmt(s.ms).padStart(6)} ms${why}`
  })
  // Every subscriber is listed, so a user can see that theirs ran; only a failure has a message.
  const seam = result.seam.map((s) => `  subscriber ${s.name.padEnd(12)} ${s.hook} ${s.status} ${fmt(s.ms)} ms${s.message ? `: ${s.message}` : ''}`)
  return ['sections:', ...rows, ...seam, ...result.notes.map((n) => `  note: ${n}`), result.summaryLine].join('\n')
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv)
  if (positionals.length !== 1) throw new HandoffError('USAGE', 'expected one transcript path (compact-handoff build --help)')
  const file = positionals[0]!
  if (values.end && values['at-boundary']) throw new HandoffError('USAGE', '--end and --at-boundary go one at a time')
  // Flags are checked before any file is read, so a usage error is always exit 2.
  if (values.out !== undefined && sameFile(values.out, file)) {
    throw new HandoffError('USAGE', `--out ${values.out} is the transcript being read: the handoff would overwrite it`)
  }
  if (values.out !== undefined) checkOutPath('--out', values.out)
  const boundary = positiveInt('--at-boundary', values['at-boundary'])
  const window = positiveInt('--window', values.window)

  // What the sections load ahead (the ledger's shell grammar, compiled off the main thread) loads
  // while the transcript is read; a section meets its own failure again when it runs.
  void prepareSections({ configFiles: configFiles(values.config ?? []), builtins: builtinSections })
  let transcript
  try {
    transcript = await readJsonlTranscript(file)
  } catch (err) {
    if (err instanceof HandoffError) throw err
    const e = err as NodeJS.ErrnoException
    throw new HandoffError('TRANSCRIPT_UNREADABLE', `cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`)
  }
  const conversation = beforeBoundary(transcript, values.end ? 'end' : (boundary ?? 'last'))
  if (transcript.malformed.count > 0) {
    const shown = transcript.malformed.lines.slice(0, 10).join(', ')
    process.stderr.write(
      `compact-handoff build: ${fmt(transcript.malformed.count)} malformed line(s) skipped in ${file} (line ${shown}${transcript.malformed.count > 10 ? ', …' : ''})\n`,
    )
  }
  if (conversation.messages.length === 0) {
    const why =
      transcript.messages.length === 0 ? 'it holds no conversation (no user or assistant line could be read)' : 'the range asked for holds no messages'
    throw new HandoffError('TRANSCRIPT_EMPTY', `nothing to build a handoff from in ${file}: ${why}`)
  }

  const input: PipelineInput = {
    trigger: 'cli',
    sessionId: values.session ?? transcript.sessionId ?? basename(file, '.jsonl'),
    cwd: conversation.cwd ?? process.cwd(),
    contextWindow: window,
    model: conversation.model,
    transcript: conversation,
  }
  const { model, source: modelSource } = await cliModel({ repliesFile: values['model-replies'] })
  // The layers the pipeline was read from, as the report names them: the default, then the
  // user's override when it exists, then each --config.
  const layers = configFiles(values.config ?? [])
    .map((f) => (typeof f === 'string' ? f : f.optional && !existsSync(f.path) ? null : f.path))
    .filter((f): f is string => f !== null)
  const { result } = await buildHandoff({
    input,
    // A section reading without a policy of its own reads under the run's: the transcript's project.
    capabilities: cliCapabilities(model, readPolicy(conversation.cwd)),
    configFiles: configFiles(values.config ?? []),
    lenient: false,
    builtins: builtinSections,
  })

  if (values.json) {
    const out = {
      handoff: result.handoff,
      marker: result.marker,
      totalChars: result.totalChars,
      summary: result.summaryLine,
      messages: result.messages,
      sections: result.sections.map((s) => ({
        name: s.name,
        status: s.status,
        ...(s.status === 'dropped' ? { code: s.code, message: s.message } : {}),
        chars: s.status === 'ok' ? s.chars : (s.chars ?? null),
        ms: s.ms,
        ...(s.body !== undefined ? { body: s.body } : {}),
        ...(s.record ? { record: s.record } : {}),
      })),
      seam: result.seam,
      transcript: { file, messages: conversation.messages.length, malformed: transcript.malformed.count },
      model: modelSource,
      config: layers,
    }
    const text = jsonForTerminal(out) + '\n'
    if (values.out) await writeOut(values.out, text)
    else process.stdout.write(text)
  } else if (values.out) {
    await writeOut(values.out, windowText(result))
    // The report is diagnostics, on stderr either way: stdout stays for what the build produces.
    process.stderr.write(forTerminal(`${formatReport(result)}\nconfig: ${layers.join(', ')}\nhandoff written to ${values.out}\n`))
  } else {
    process.stdout.write(forTerminal(windowText(result)))
    process.stderr.write(forTerminal(`\n${formatReport(result)}\nconfig: ${layers.join(', ')}\n`))
  }
  await endIfLingering(result)
  return 0
}

/**
 * A subscriber tap that timed out was let go, not stopped: a timer or a socket it left behind
 * would keep this process alive after its answer. Once the output is written out, the process
 * ends (exitCode alone would wait for them).
 */
async function endIfLingering(result: HandoffResult): Promise<void> {
  if (!result.seam.some((s) => s.status === 'timedOut')) return
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))))
  process.exit(0)
}

export const buildCommand: Command = { summary: 'build the handoff for a transcript on disk', usage, run }
