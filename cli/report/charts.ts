/**
 * The report's charts: Vega-Lite specs, compiled to Vega and drawn to SVG here in Node, so the
 * page carries finished SVG and runs no script. Each layer is named, and Vega writes the name
 * into the SVG as the class `<name>_marks` with one element per data point, each labelled with
 * its values (`aria-label`): that is how the test counts a chart's points against the store.
 */
import * as vega from 'vega'
import { compile, type TopLevelSpec } from 'vega-lite'
import { chartSpec as qualitySpec, type ChartPoint } from '../../bench/quality/chart.ts'
import type { CompactionView, QualityResults, SessionView } from './data.ts'

/** The built-in sections in handoff order: one colour each in every chart. */
const SECTION_ORDER = ['summary', 'ledger', 'state', 'commitments', 'turns', 'outline', 'recent', 'restore']
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
const WIDTH = 820

const CONFIG = {
  font: FONT,
  background: 'white',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 600, labelColor: '#444', titleColor: '#222', gridColor: '#eee', domainColor: '#999' },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 600, orient: 'top' },
  title: { fontSize: 14, fontWeight: 600, anchor: 'start', color: '#222', offset: 12 },
} as const

/** A compaction's short label: its number, with the session's first characters across sessions. */
export function compactionLabel(c: Pick<CompactionView, 'sessionId' | 'n'>, acrossSessions: boolean): string {
  const n = `n=${String(c.n).padStart(3, '0')}`
  return acrossSessions ? `${c.sessionId.slice(0, 8)} ${n}` : n
}

/** Context occupancy by turn, a rule at each compaction, and the handoff's share on the turn after. */
export function occupancySpec(s: SessionView): TopLevelSpec {
  const rows = (s.window ?? []).map((w) => ({
    turn: w.turn,
    share: w.share,
    tokens: w.tokens,
    window: w.window,
    phase: w.phase === 0 ? 'before' : `after n=${w.phase}`,
  }))
  // A compaction is marked where its phase begins: between the last turn before it and the first after.
  const marks: Array<{ at: number; compaction: string }> = []
  const ws = s.window ?? []
  for (let i = 0; i < ws.length; i++) {
    if (ws[i]!.phase > 0 && (i === 0 || ws[i - 1]!.phase !== ws[i]!.phase)) {
      marks.push({ at: i === 0 ? ws[i]!.turn - 0.5 : (ws[i - 1]!.turn + ws[i]!.turn) / 2, compaction: `n=${String(ws[i]!.phase).padStart(3, '0')}` })
    }
  }
  const handoff = ws.filter((w) => w.handoffShare !== undefined).map((w) => ({ turn: w.turn, handoffShare: w.handoffShare }))
  const x = { field: 'turn', type: 'quantitative' as const, title: 'turn', axis: { tickMinStep: 1, format: 'd' } }
  // Up to the whole window once a session comes near it; below that, to a little over its peak,
  // so a session that never filled a quarter still shows its rises and falls.
  const peak = Math.max(0, ...ws.map((w) => Math.max(w.share, w.handoffShare ?? 0)))
  const top = peak > 0.6 ? 1 : Math.max(0.05, Math.ceil(peak * 12) / 10)
  const y = { type: 'quantitative' as const, title: 'share of the context window', scale: { domain: [0, top] }, axis: { format: '%' } }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTH,
    height: 220,
    config: CONFIG,
    layer: [
      {
        name: 'occupancy_line',
        data: { values: rows },
        mark: { type: 'line', color: '#4c78a8', strokeWidth: 2 },
        encoding: { x, y: { ...y, field: 'share' } },
      },
      {
        name: 'occupancy_turn',
        data: { values: rows },
        mark: { type: 'point', filled: true, size: 40, color: '#4c78a8' },
        encoding: {
          x,
          y: { ...y, field: 'share' },
          tooltip: [
            { field: 'turn', type: 'quantitative' },
            { field: 'share', type: 'quantitative', format: '.1%' },
            { field: 'tokens', type: 'quantitative', format: ',' },
            { field: 'phase', type: 'nominal' },
          ],
        },
      },
      {
        name: 'compaction_rule',
        data: { values: marks },
        mark: { type: 'rule', color: '#e45756', strokeWidth: 2, strokeDash: [5, 3] },
        encoding: { x: { field: 'at', type: 'quantitative' }, tooltip: [{ field: 'compaction', type: 'nominal' }] },
      },
      {
        name: 'compaction_label',
        data: { values: marks },
        mark: { type: 'text', color: '#c03a39', align: 'left', dx: 4, dy: -2, baseline: 'top', fontSize: 11, fontWeight: 600 },
        encoding: { x: { field: 'at', type: 'quantitative' }, y: { datum: top, type: 'quantitative' }, text: { field: 'compaction' } },
      },
      {
        name: 'handoff_share',
        data: { values: handoff },
        mark: { type: 'point', shape: 'diamond', filled: true, size: 110, color: '#f58518' },
        encoding: { x, y: { ...y, field: 'handoffShare' }, tooltip: [{ field: 'handoffShare', type: 'quantitative', format: '.1%', title: 'handoff share' }] },
      },
    ],
  } as TopLevelSpec
}

/** Each compaction's handoff, one bar, split by the sections it kept (characters). */
export function makeupSpec(compactions: CompactionView[], acrossSessions: boolean): TopLevelSpec {
  const values = compactions.flatMap((c) =>
    c.sections
      .filter((s) => s.status === 'ok' && (s.chars ?? 0) > 0)
      .map((s) => ({ compaction: compactionLabel(c, acrossSessions), section: s.name, chars: s.chars, ms: s.ms, order: sectionRank(s.name) })),
  )
  const names = [...new Set([...SECTION_ORDER, ...values.map((v) => v.section)])]
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTH - 60,
    height: { step: 26 },
    config: CONFIG,
    data: { values },
    layer: [
      {
        name: 'section_bar',
        mark: { type: 'bar', stroke: 'white', strokeWidth: 1 },
        encoding: {
          y: { field: 'compaction', type: 'nominal', title: null, sort: null },
          x: { field: 'chars', type: 'quantitative', stack: 'zero', title: 'characters in the handoff', axis: { format: '~s' } },
          color: { field: 'section', type: 'nominal', title: 'section', scale: { domain: names, scheme: 'tableau10' }, sort: names },
          order: { field: 'order', type: 'quantitative' },
          tooltip: [
            { field: 'compaction', type: 'nominal' },
            { field: 'section', type: 'nominal' },
            { field: 'chars', type: 'quantitative', format: ',' },
            { field: 'ms', type: 'quantitative', title: 'ms' },
          ],
        },
      },
    ],
  } as TopLevelSpec
}

function sectionRank(name: string): number {
  const i = SECTION_ORDER.indexOf(name)
  return i === -1 ? SECTION_ORDER.length : i
}

/** What each compaction's model calls cost; an unpriced one shows what was priced, marked so. */
export function costSpec(compactions: CompactionView[], acrossSessions: boolean): TopLevelSpec {
  const values = compactions
    .filter((c) => c.cost && c.cost.pricedUsd !== null)
    .map((c) => ({
      compaction: compactionLabel(c, acrossSessions),
      usd: c.cost!.pricedUsd,
      priced: c.cost!.usd !== null ? 'priced' : 'partly unpriced',
      calls: c.calls,
    }))
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTH - 60,
    height: { step: 22 },
    config: CONFIG,
    data: { values },
    layer: [
      {
        name: 'cost_bar',
        mark: { type: 'bar', cornerRadiusEnd: 2 },
        encoding: {
          y: { field: 'compaction', type: 'nominal', title: null, sort: null },
          x: { field: 'usd', type: 'quantitative', title: 'model cost (USD)', axis: { format: '$.4~f' } },
          color: { field: 'priced', type: 'nominal', title: null, scale: { domain: ['priced', 'partly unpriced'], range: ['#54a24b', '#bab0ac'] } },
          tooltip: [
            { field: 'compaction', type: 'nominal' },
            { field: 'usd', type: 'quantitative', format: '$.6f' },
            { field: 'calls', type: 'quantitative', title: 'calls answered' },
            { field: 'priced', type: 'nominal' },
          ],
        },
      },
      {
        name: 'cost_label',
        mark: { type: 'text', align: 'left', dx: 4, fontSize: 11, color: '#333' },
        encoding: {
          y: { field: 'compaction', type: 'nominal', sort: null },
          x: { field: 'usd', type: 'quantitative' },
          text: { field: 'usd', format: '$.4f' },
        },
      },
    ],
  } as TopLevelSpec
}

/** Fallbacks counted by the catalogue's code. */
export function fallbackSpec(compactions: CompactionView[]): TopLevelSpec {
  const counts = new Map<string, number>()
  for (const c of compactions) if (c.outcome === 'fallback') counts.set(c.code ?? 'unknown', (counts.get(c.code ?? 'unknown') ?? 0) + 1)
  const values = [...counts].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count)
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTH - 160,
    height: { step: 24 },
    config: CONFIG,
    data: { values },
    layer: [
      {
        name: 'fallback_bar',
        mark: { type: 'bar', color: '#e45756', cornerRadiusEnd: 2 },
        encoding: {
          y: { field: 'code', type: 'nominal', title: null, sort: null },
          x: { field: 'count', type: 'quantitative', title: 'compactions that fell back', axis: { tickMinStep: 1, format: 'd' } },
          tooltip: [
            { field: 'code', type: 'nominal' },
            { field: 'count', type: 'quantitative' },
          ],
        },
      },
    ],
  } as TopLevelSpec
}

/** The quality bench's recall-versus-size chart, from its results file (the bench's own spec). */
export function qualityChartSpec(q: QualityResults): TopLevelSpec {
  const points: ChartPoint[] = [
    ...q.curve.flatMap((c) =>
      c.points.filter((p) => p.recall !== null && p.chars !== null).map((p) => ({ arm: c.arm, ceiling: p.ceiling, chars: p.chars!, recall: p.recall! })),
    ),
    ...Object.entries(q.means)
      .filter(([arm, m]) => !q.curve.some((c) => c.arm === arm) && m.recall !== null && m.chars !== null)
      .map(([arm, m]) => ({ arm, chars: m.chars!, recall: m.recall! })),
  ]
  return { ...qualitySpec(points), config: CONFIG, width: WIDTH - 160, height: 300, title: undefined } as TopLevelSpec
}

/** A spec drawn to SVG, headless (no canvas, no DOM). */
export async function toSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' })
  try {
    return await view.toSVG()
  } finally {
    view.finalize()
  }
}
