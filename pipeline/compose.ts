/**
 * Turns section outcomes into the handoff: config order (never completion order), a size guard
 * that cuts the lowest-priority sections first and says so, the lineage marker on the first
 * line, and a "Left out" note naming every dropped section with its reason.
 */
import { fmt } from './text.ts'
import { parseMarker } from './marker.ts'
import { messageChars } from './text.ts'
import type { ComposeState, PipelineHooks } from './hooks.ts'
import type { Transcript } from './transcript.ts'
import type { Lineage, ResolvedConfig, SectionOutcome } from './types.ts'

const pad = (n: number) => String(n).padStart(3, '0')

/**
 * Lineage read off the transcript: the newest handoff in it (a user message opening with our
 * marker, not a tool result quoting one) is the previous compaction. The store, when present,
 * supplies a better answer and this is not used.
 */
export function lineageFromTranscript(t: Transcript): Lineage {
  for (let i = t.messages.length - 1; i >= 0; i--) {
    const m = t.messages[i]!
    if (m.kind !== 'handoff') continue
    const marker = parseMarker(m.text)
    if (!marker) continue
    const earlier = Array.from({ length: marker.n }, (_, k) => ({ n: k + 1 }))
    return { n: marker.n + 1, prev: marker.n, earlier }
  }
  return { n: 1, prev: null, earlier: [] }
}

/** The size guard's ceiling in chars, and the setting that sets it. */
export function sizeLimit(config: ResolvedConfig, contextWindow?: number): { chars: number; setting: string } {
  // chars/4 ≈ tokens: the same rough estimate everywhere a size is compared with a window.
  const byWindow = contextWindow ? Math.floor(config.maxFraction * contextWindow * 4) : Infinity
  return byWindow < config.maxChars
    ? { chars: byWindow, setting: `maxFraction: ${config.maxFraction} of a ${fmt(contextWindow!)}-token window` }
    : { chars: config.maxChars, setting: `maxChars: ${config.maxChars}` }
}

function renderSection(o: SectionOutcome & { status: 'ok' }): string {
  return `## ${o.title}\n\n${o.body.trimEnd()}`
}

function renderLeftOut(outcomes: SectionOutcome[]): string {
  const rows = outcomes.filter((o) => o.status === 'dropped' && o.code !== 'SECTION_DISABLED')
  if (rows.length === 0) return ''
  return ['## Left out', '', ...rows.map((o) => `- ${o.title}: ${o.status === 'dropped' ? o.message : ''}`)].join('\n')
}

/** One line per earlier compaction, each naming the exact call that reads it back. Only the
 *  newest handoff travels in the window; the rest stay on disk behind the history tools. */
function renderEarlier(lineage: Lineage): string {
  if (lineage.earlier.length === 0) return ''
  const rows = lineage.earlier.map((e) => `- n=${pad(e.n)}${e.at ? ` (${e.at.slice(0, 16).replace('T', ' ')})` : ''}: handoff_lookup {"n": ${e.n}}`)
  return [
    '## Earlier compactions',
    '',
    ...rows,
    '',
    'Each is on disk with the conversation it replaced (add "file": "transcript"); handoff_search {"query": "..."} searches them all.',
  ].join('\n')
}

const PREAMBLE =
  'This conversation was compacted. What follows is a handoff: facts read off the conversation and the repository, in sections. Nothing before it is in this window any more.'

function render(state: Pick<ComposeState, 'marker' | 'outcomes' | 'lineage'>): string {
  const kept = state.outcomes.filter((o): o is SectionOutcome & { status: 'ok' } => o.status === 'ok')
  return [state.marker, PREAMBLE, ...kept.map(renderSection), renderEarlier(state.lineage), renderLeftOut(state.outcomes)]
    .filter((part) => part !== '')
    .join('\n\n')
    .concat('\n')
}

/**
 * What the handoff takes besides its kept sections' bodies, as things stand: the marker, the
 * preamble, a heading for each kept section and for each `toCome` (a section yet to run, counted
 * as kept), the earlier compactions and the "Left out" list. A section sized last is sized by
 * this, so a long "Left out" list or a long lineage cannot push the handoff over its ceiling
 * and have the size guard cut a whole section for it.
 */
export function frameChars(marker: string, lineage: Lineage, outcomes: SectionOutcome[], toCome: Array<{ name: string; title: string }>): number {
  const empty = (o: { name: string; title: string }): SectionOutcome => ({
    name: o.name,
    title: o.title,
    status: 'ok',
    body: '',
    messages: [],
    chars: 0,
    ms: 0,
    notes: [],
  })
  const framed = [...outcomes.map((o) => (o.status === 'ok' ? empty(o) : o)), ...toCome.map(empty)]
  return render({ marker, lineage, outcomes: framed }).length
}

/** The handoff's size as the next window receives it: its text and every message handed up
 *  after it. The one way the size guard, the result and the row count it. */
export function handoffChars(handoff: string, outcomes: SectionOutcome[]): number {
  return handoff.length + outcomes.reduce((n, o) => n + (o.status === 'ok' ? o.messages.reduce((k, m) => k + messageChars(m), 0) : 0), 0)
}

const totalChars = (state: ComposeState): number => handoffChars(render(state), state.outcomes)

/** Size guard: while the whole handoff is over its ceiling, cut the kept section with the lowest
 *  priority (the later one in config order on a tie) whose cut makes the handoff smaller: a
 *  section shorter than its own "Left out" line is never cut. Each cut is said in "Left out";
 *  when nothing left can bring the total down, the run says so (`overCeiling`). */
export function applySizeGuard(state: ComposeState): ComposeState {
  const limit = sizeLimit(state.config, state.input.contextWindow)
  const priority = new Map(state.config.sections.map((s) => [s.name, s.priority]))
  const cut = (outcomes: SectionOutcome[], at: number, total: number): SectionOutcome[] =>
    outcomes.map((x, i) => {
      if (i !== at || x.status !== 'ok') return x
      return {
        name: x.name,
        title: x.title,
        status: 'dropped' as const,
        code: 'SECTION_SIZE_GUARD' as const,
        message: `[section ${x.name}] cut: the handoff was ${fmt(total)} chars, over its ceiling of ${fmt(limit.chars)} (${limit.setting}); this section has the lowest priority left (priority: ${priority.get(x.name) ?? 0})`,
        chars: x.chars,
        body: x.body,
        ms: x.ms,
        notes: x.notes,
        record: x.record,
      }
    })
  let total = totalChars(state)
  while (total > limit.chars) {
    const victims = state.outcomes
      .map((o, i) => ({ o, i }))
      .filter(({ o }) => o.status === 'ok')
      .sort((a, b) => (priority.get(a.o.name) ?? 0) - (priority.get(b.o.name) ?? 0) || b.i - a.i)
    let next: ComposeState | null = null
    for (const v of victims) {
      const tried = { ...state, outcomes: cut(state.outcomes, v.i, total) }
      if (totalChars(tried) < total) {
        next = tried
        break
      }
    }
    if (!next) return { ...state, overCeiling: { chars: total, ceiling: limit.chars, setting: limit.setting } }
    state = next
    total = totalChars(state)
  }
  return state
}

export function composeHandoff(state: ComposeState): ComposeState {
  const kept = state.outcomes.filter((o) => o.status === 'ok')
  return { ...state, handoff: render(state), messages: kept.flatMap((o) => o.messages) }
}

/** Core's own composition, as named taps so others can order around them. */
export function tapCoreCompose(hooks: PipelineHooks): void {
  hooks.compose.tap({ name: 'core:size-guard', stage: -10 }, applySizeGuard)
  hooks.compose.tap({ name: 'core:compose', stage: 0 }, composeHandoff)
}
