/**
 * One transcript through every arm of the quality bench: cut at its first compaction, the
 * needed items read off the work after it, and the recall and size of what each arm hands the
 * next window. Ours runs the real pipeline in-process with the CLI's host (files from disk, or
 * the transcript's last copy when the session's machine is not this one).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { buildHandoff, defaultConfigFile } from '../../pipeline/build.ts'
import { builtinSections } from '../../sections/index.ts'
import { cliCapabilities } from '../../cli/capabilities.ts'
import type { ModelCapability, Transcript } from '../../pipeline/index.ts'
import { beforeBoundary, readJsonlTranscript } from '../../pipeline/transcript.ts'
import { handoffWindow, maskingWindow, stockRestore, stockWindow } from './arms.ts'
import { type Needed, neededAfter, type Recall, recallOf } from './needed.ts'

export const ARMS = ['summary', 'stock', 'ours', 'ours+summary', 'masking'] as const
export type Arm = (typeof ARMS)[number]
export const CEILINGS = [10_000, 20_000, 34_000, 50_000, 80_000] as const

export interface ArmScore {
  chars: number
  recall: number | null
  tokens: number | null
  files: number | null
  /** What ours kept and dropped, by section (ours only). */
  sections?: Array<{ name: string; status: string; chars: number | null; code?: string; recall?: number | null }>
}

export interface TranscriptScore {
  name: string
  /** 1-based line of the compaction the transcript was cut at. */
  line: number
  needed: { items: number; tokens: number; files: number; calls: number }
  arms: Record<Arm, ArmScore>
  /** ours+summary built under the stock arm's size. */
  atStockSize: ArmScore
  curve: Record<'ours' | 'ours+summary', Array<{ ceiling: number } & ArmScore>>
  /** What the arms missed, for reading where a loss comes from (ours, ours+summary, stock). */
  missed: { ours: string[]; oursSummary: string[]; stock: string[] }
}

/** A host whose fork answers with the engine's own recorded summary; nothing else is answered. */
export function recordedSummaryModel(summary: string): ModelCapability {
  return {
    fork: async () => ({ isAnswered: true, text: summary, via: 'fork' }),
    complete: async () => ({ isAnswered: false, reason: 'the bench records no reply for this call' }),
  }
}

const score = (received: string, needed: Needed): ArmScore & { recallDetail: Recall } => {
  const r = recallOf(received, needed)
  return { chars: received.length, recall: r.recall, tokens: r.tokens, files: r.files, recallDetail: r }
}

const strip = ({ recallDetail: _, ...rest }: ArmScore & { recallDetail: Recall }): ArmScore => rest

let scratch: string | undefined
/** A config file that only sets the handoff's ceiling. */
function ceilingFile(chars: number): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'quality-bench-'))
  const file = join(scratch, `ceiling-${chars}.yaml`)
  writeFileSync(file, `handoff:\n  maxChars: ${chars}\n`)
  return file
}

async function ours(conversation: Transcript, model: ModelCapability | null, configs: string[], needed: Needed, ceiling?: number) {
  const files = [defaultConfigFile(), ...configs, ...(ceiling ? [ceilingFile(ceiling)] : [])]
  const { result } = await buildHandoff({
    input: {
      trigger: 'cli',
      sessionId: conversation.sessionId ?? 'bench',
      cwd: conversation.cwd ?? '/nonexistent',
      ...(conversation.model ? { model: conversation.model } : {}),
      transcript: conversation,
    },
    capabilities: cliCapabilities(model),
    configFiles: files,
    lenient: false,
    builtins: builtinSections,
  })
  const s = score(handoffWindow(result), needed)
  // Each kept section scored alone: what it carries by itself of what was needed.
  s.sections = result.sections.map((o) => ({
    name: o.name,
    status: o.status,
    chars: o.status === 'ok' ? o.chars : (o.chars ?? null),
    ...(o.status === 'dropped' ? { code: o.code } : { recall: recallOf(handoffWindow({ handoff: o.body, messages: o.messages }), needed).recall }),
  }))
  return s
}

/** Scores one transcript; null when it holds no compaction with work after it. */
export async function scoreTranscript(file: string, opts: { configs?: string[]; calls?: number } = {}): Promise<TranscriptScore | null> {
  const full = await readJsonlTranscript(file)
  const boundary = full.boundaries[0]
  if (!boundary) return null
  const at = full.messages.findIndex((m, i) => i >= boundary.messageIndex && m.kind === 'compact-summary')
  if (at < 0) return null
  const until = full.boundaries[1]?.messageIndex ?? full.messages.length
  const needed = neededAfter(full, at, { calls: opts.calls ?? 40, until })
  const conversation = beforeBoundary(full, 1)
  const summary = full.messages[at]!.text
  const configs = opts.configs ?? []
  const model = recordedSummaryModel(summary)

  const a = score(summary, needed)
  const b = score(stockWindow(summary, stockRestore(conversation, { count: 5, chars: 20_000 })), needed)
  const c = await ours(conversation, null, configs, needed)
  const d = await ours(conversation, model, configs, needed)
  const e = score(maskingWindow(conversation, c.chars), needed)
  // The window is measured as the bench renders it (separators, each call's input), a little
  // more than the pipeline counts under its ceiling: lower the ceiling by the excess until ours
  // is no larger than stock, measured the same way. Sections fill their room in whole lines, so a
  // cut by the excess alone can leave the window where it was: each further try cuts more.
  let atStock = await ours(conversation, model, configs, needed, b.chars)
  for (let ceiling = b.chars, tries = 1; atStock.chars > b.chars && tries <= 6; tries++) {
    ceiling -= (atStock.chars - b.chars) * tries
    atStock = await ours(conversation, model, configs, needed, ceiling)
  }

  const curve: TranscriptScore['curve'] = { ours: [], 'ours+summary': [] }
  for (const ceiling of CEILINGS) {
    curve.ours.push({ ceiling, ...strip(await ours(conversation, null, configs, needed, ceiling)) })
    curve['ours+summary'].push({ ceiling, ...strip(await ours(conversation, model, configs, needed, ceiling)) })
  }
  return {
    name: basename(file, '.jsonl'),
    line: boundary.line,
    needed: { items: a.recallDetail.needed, tokens: needed.tokens.length, files: needed.files.length, calls: needed.callsRead },
    arms: { summary: strip(a), stock: strip(b), ours: strip(c), 'ours+summary': strip(d), masking: strip(e) },
    atStockSize: strip(atStock),
    curve,
    missed: { ours: c.recallDetail.missed, oursSummary: d.recallDetail.missed, stock: b.recallDetail.missed },
  }
}
