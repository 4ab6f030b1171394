/**
 * The report as one HTML file: styles inline, charts as inline SVG drawn in Node (charts.ts), no
 * script, no font, no image fetched; a Content-Security-Policy that forbids loading anything says
 * so to the browser too. Everything read from the store is escaped.
 */
import { type AbReport, tooFew, verdictText } from '../../store/ab.ts'
import { compactionLabel, costSpec, fallbackSpec, makeupSpec, occupancySpec, qualityChartSpec, toSvg } from './charts.ts'
import type { CompactionView, QualityResults, ReportData, SessionView } from './data.ts'

/** Sessions whose occupancy is drawn when the whole store is shown (newest first); the rest are counted. */
export const MAX_OCCUPANCY_CHARTS = 12
/** Compactions drawn in the make-up and cost charts and listed in the tables (newest); the rest are counted. */
export const MAX_COMPACTION_BARS = 60

const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const int = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : Math.round(n).toLocaleString('en-US'))
const usd = (n: number): string => `$${n < 0.01 ? n.toFixed(4) : n.toFixed(2)}`
const pct = (n: number): string => `${(n * 100).toFixed(n < 0.1 ? 1 : 0)} %`
const when = (iso: string): string => (iso ? iso.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC') : '')
const NOT_RECORDED = (what: string, by: string) => `<p class="missing">${esc(what)}: not recorded. <span>${esc(by)}</span></p>`

/** A session's occupancy chart: the figure's id. */
export const occupancyId = (s: Pick<SessionView, 'sessionId'>): string => `chart-occupancy-${s.sessionId}`

/** The middle of sorted numbers; of an even count, the mean of the middle two (rounded). */
export function medianOf(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2)
}

function figure(id: string, title: string, svg: string, caption = ''): string {
  return `<figure id="${esc(id)}" class="chart"><figcaption><strong>${esc(title)}</strong>${caption ? ` <span>${caption}</span>` : ''}</figcaption>${svg}</figure>`
}

function card(label: string, value: string, detail = ''): string {
  return `<div class="card"><div class="label">${esc(label)}</div><div class="value">${value}</div>${detail ? `<div class="detail">${detail}</div>` : ''}</div>`
}

function overview(data: ReportData, all: CompactionView[]): string {
  const by = (o: string) => all.filter((c) => c.outcome === o).length
  const priced = all.filter((c) => c.cost?.usd !== null && c.cost?.usd !== undefined)
  const unpriced = all.filter((c) => c.cost && c.cost.usd === null)
  const totalUsd = priced.reduce((s, c) => s + c.cost!.usd!, 0)
  const chars = all
    .map((c) => c.chars)
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b)
  const median = medianOf(chars)
  const watched = all.filter((c) => c.post).length
  return `<section class="cards">
${card('compactions', int(all.length), compactionsDetail(all, by))}
${card('sessions', int(data.sessions.length), `${data.sessions.filter((s) => s.window).length} with occupancy recorded`)}
${card('median handoff', median === null ? '–' : `${int(median)} <small>chars</small>`, `≈ ${int(median === null ? null : median / 4)} tokens`)}
${card('model cost', usd(totalUsd), `${priced.length} priced${unpriced.length ? ` · <b>${unpriced.length} without a price</b>` : ''} · ${all.reduce((s, c) => s + c.calls, 0)} calls`)}
${card('watched after', int(watched), watched ? `of ${all.length} compactions` : 'no watch recorded')}
</section>`
}

function compactionsDetail(all: CompactionView[], by: (outcome: string) => number): string {
  const asked = all.filter((c) => c.requestedBy).length
  const cold = all.filter((c) => c.fork?.cold).length
  return [
    `${by('replaced')} replaced · ${by('rehearsed')} rehearsed · ${by('fallback')} fell back`,
    by('pending') ? `${by('pending')} pending` : '',
    asked ? `${asked} asked for` : '',
    cold ? `<b>${cold} cold fork${cold === 1 ? '' : 's'}</b>` : '',
  ]
    .filter(Boolean)
    .join(' · ')
}

async function occupancy(data: ReportData): Promise<string> {
  const withWindow = data.sessions.filter((s) => s.window && s.window.length > 0)
  const shown = data.session ? withWindow : withWindow.slice(0, MAX_OCCUPANCY_CHARTS)
  const parts: string[] = []
  for (const s of shown) {
    const w = s.window!
    const measured = w.filter((r) => r.share !== null)
    const peak = Math.max(0, ...measured.map((r) => r.share!))
    const unmeasured = w.length - measured.length
    const caption = [
      `${w.length} turns`,
      measured.length ? `peak ${pct(peak)} of ${int(measured.at(-1)!.window)} tokens` : 'no turn with usage',
      `${s.compactions.length} compaction${s.compactions.length === 1 ? '' : 's'}`,
      unmeasured ? `${unmeasured} turn(s) without usage, not drawn (${w.find((r) => r.share === null)!.reason})` : '',
      s.windowSkipped ? `${s.windowSkipped} line(s) skipped` : '',
    ]
      .filter(Boolean)
      .join(' · ')
    parts.push(figure(occupancyId(s), `Session ${s.sessionId}`, await toSvg(occupancySpec(s)), esc(caption)))
  }
  const without = data.sessions.filter((s) => !s.window || s.window.length === 0)
  const notes = [
    withWindow.length > shown.length
      ? `<p class="note">${withWindow.length - shown.length} older session(s) with occupancy not drawn (report one with --session ID).</p>`
      : '',
    without.length
      ? NOT_RECORDED(
          `Occupancy for ${without.length === data.sessions.length ? (data.session ? 'this session' : 'every session') : `${without.length} session(s)`}`,
          'window.jsonl is written by plugin versions that log each turn; these sessions ran before it.',
        )
      : '',
  ]
  return `<section id="occupancy"><h2>Context occupancy by turn</h2>
<p class="lede">How full the window was at each main-session turn. Dashed red lines are compactions; an orange diamond is the handoff's share of the window on the first turn after one.</p>
${parts.join('\n')}${notes.join('')}</section>`
}

function sectionMatrix(compactions: CompactionView[], across: boolean): string {
  const names: string[] = []
  for (const c of compactions) for (const s of c.sections) if (!names.includes(s.name)) names.push(s.name)
  const head = `<tr><th>compaction</th><th>outcome</th><th class="num">chars</th>${names.map((n) => `<th class="num">${esc(n)}</th>`).join('')}</tr>`
  const rows = compactions.map((c) => {
    const cells = names.map((n) => {
      const s = c.sections.find((x) => x.name === n)
      if (!s) return '<td class="num none">–</td>'
      if (s.status === 'ok') return `<td class="num">${int(s.chars)}<small>${int(s.ms)} ms</small></td>`
      return `<td class="num dropped" title="${esc(s.message)}">${esc(s.code ?? s.status).replaceAll('_', '_<wbr>')}<small>${int(s.ms)} ms</small></td>`
    })
    return `<tr><td><b>${esc(compactionLabel(c, across))}</b><small>${esc(when(c.at))} · ${esc(c.requestedBy ? `asked for by ${c.requestedBy}` : (c.trigger ?? ''))}</small></td><td>${outcomeBadge(c)}</td><td class="num">${int(c.chars)}</td>${cells.join('')}</tr>`
  })
  return `<div class="scroll"><table class="matrix"><thead>${head}</thead><tbody>${rows.join('\n')}</tbody></table></div>`
}

/** The arm's badge; its title says how the session got there (the draw against the share, or live off). */
function armBadge(arm: CompactionView['arm'], ab: CompactionView['ab'], drawn?: boolean): string {
  if (!arm) return ''
  const how = ab ? `drawn ${ab.draw.toFixed(3)} against abStockShare ${ab.share}` : drawn === false ? 'live off: stock by setting, not drawn' : ''
  return ` <span class="badge arm"${how ? ` title="${esc(how)}"` : ''}>${esc(arm)}${drawn === false ? ' · live off' : ''}</span>`
}

function outcomeBadge(c: CompactionView): string {
  const o = c.outcome ?? 'unknown'
  // A cold fork: the summary read a conversation far shorter than the session's (already compacted or cut).
  const cold = c.fork?.cold
    ? ` <span class="badge fallback" title="${esc(`the summary's fork read ${int(c.fork.inputTokens)} tokens of a ${int(c.fork.conversationTokens)}-token conversation`)}">cold fork</span>`
    : ''
  return `<span class="badge ${esc(o)}">${esc(o)}</span>${armBadge(c.arm, c.ab)}${cold}`
}

function droppedList(compactions: CompactionView[], across: boolean): string {
  const items = compactions.flatMap((c) =>
    c.sections
      .filter((s) => s.status !== 'ok')
      .map((s) => `<li><b>${esc(compactionLabel(c, across))} ${esc(s.name)}</b> <code>${esc(s.code ?? s.status)}</code> ${esc(s.message ?? '')}</li>`),
  )
  return items.length ? `<details class="why" open><summary>Sections left out, and why (${items.length})</summary><ul>${items.join('')}</ul></details>` : ''
}

async function makeup(all: CompactionView[], across: boolean): Promise<string> {
  const shown = all.slice(-MAX_COMPACTION_BARS)
  const withSections = shown.filter((c) => c.sections.some((s) => s.status === 'ok' && (s.chars ?? 0) > 0))
  const chart = withSections.length
    ? figure('chart-makeup', 'Characters per section', await toSvg(makeupSpec(withSections, across)), esc(`${withSections.length} handoff(s)`))
    : '<p class="missing">No handoff kept a section.</p>'
  return `<section id="sections"><h2>What each handoff was made of</h2>
<p class="lede">Each bar is one handoff, split by the sections it kept. The table gives every section's characters and time; a red cell was left out (hover for the message, or read the list below).</p>
${all.length > shown.length ? `<p class="note">The ${all.length - shown.length} oldest compaction(s) are not drawn.</p>` : ''}
${chart}
${sectionMatrix(shown, across)}
${droppedList(shown, across)}</section>`
}

async function cost(all: CompactionView[], across: boolean): Promise<string> {
  const shown = all.slice(-MAX_COMPACTION_BARS)
  const drawn = shown.filter((c) => c.cost && c.cost.pricedUsd !== null)
  const unpriced = shown.filter((c) => c.cost && c.cost.usd === null)
  const chart = drawn.length
    ? figure(
        'chart-cost',
        'Model cost per compaction',
        await toSvg(costSpec(drawn, across)),
        esc(`${drawn.length} compaction(s) · the sum of the sections' recorded prices`),
      )
    : NOT_RECORDED('Model cost', 'rows from before costs were recorded carry none.')
  const why = unpriced.length
    ? `<details class="why" open><summary>Without a price (${unpriced.length}), as each row says why; a bar shows only the priced part</summary><ul>${unpriced.map((c) => `<li><b>${esc(compactionLabel(c, across))}</b> ${esc(c.cost!.reason ?? '')}</li>`).join('')}</ul></details>`
    : ''
  return `<section id="cost"><h2>Model cost</h2>${chart}${why}</section>`
}

async function fallbacks(all: CompactionView[], across: boolean): Promise<string> {
  const fell = all.filter((c) => c.outcome === 'fallback')
  if (!fell.length) return `<section id="fallbacks"><h2>Fallbacks</h2><p class="good">No compaction fell back to the engine's own summary.</p></section>`
  return `<section id="fallbacks"><h2>Fallbacks</h2>
<p class="lede">Compactions where the engine's own summary stood instead, by the reason's code.</p>
${figure('chart-fallbacks', 'Fallbacks by reason', await toSvg(fallbackSpec(fell)), esc(`${fell.length} of ${all.length} compactions`))}
<table><thead><tr><th>compaction</th><th>code</th><th>reason</th></tr></thead><tbody>${fell
    .map(
      (c) =>
        `<tr><td><b>${esc(compactionLabel(c, across))}</b><small>${esc(when(c.at))}</small></td><td><code>${esc(c.code ?? '')}</code></td><td>${esc(c.reason ?? '')}</td></tr>`,
    )
    .join('')}</tbody></table></section>`
}

function watch(all: CompactionView[], across: boolean): string {
  const everyWatched = all.filter((c) => c.post)
  const watched = everyWatched.slice(-MAX_COMPACTION_BARS)
  if (!watched.length)
    return `<section id="watch"><h2>After each compaction</h2>${NOT_RECORDED(
      'The post-compaction watch',
      'NNN.post.json is written by plugin versions that watch the turns after a compaction; these compactions ran before it.',
    )}</section>`
  // Paths by their file name (the whole path on hover): the session's folder is the same for all of them.
  const list = (xs: string[], paths: boolean) =>
    xs.length
      ? `${xs.length}<small title="${esc(xs.join('\n'))}">${esc(
          xs
            .slice(0, 2)
            .map((x) => (paths ? (x.split('/').at(-1) ?? x) : x))
            .join(', '),
        )}${xs.length > 2 ? ', …' : ''}</small>`
      : '0'
  const rows = watched.map((c) => {
    const p = c.post!
    const history = p.historyCalls.length
      ? `${p.historyCalls.length}<small>${esc(p.historyCalls.map((h) => `${h.tool.replace(/^mcp__compact-handoff__/, '')} → ${h.results}`).join(', '))}</small>`
      : '0'
    // Until the compaction's row is complete the watch does not know what the handoff restored, named or listed.
    const refs = p.refsKnown
      ? `<td class="num">${list(p.reReadRestored, true)}</td><td class="num">${list(p.reReadNamed, true)}</td><td class="num">${list(p.reRunCommands, false)}</td>`
      : `<td class="num muted" colspan="3">not known yet<small>the compaction's row was not complete</small></td>`
    return `<tr><td><b>${esc(compactionLabel(c, across))}</b>${armBadge(c.arm ?? p.arm, c.ab, p.drawn)}</td><td class="num">${p.turnsSeen}/${p.watchTurns}${p.complete ? '' : ' <small>watching</small>'}</td>${refs}<td class="num">${p.notReadRefusals}</td><td class="num">${history}</td><td class="num">${p.turnsToFirstToolCall ?? '–'}</td><td class="num">${p.compactedAgain ? '<b class="bad">yes</b>' : 'no'}</td></tr>`
  })
  const missing = all.length - everyWatched.length
  return `<section id="watch"><h2>After each compaction</h2>
<p class="lede">What the turns after each compaction did: files read again that the handoff had restored or named, commands the ledger listed run again, "File has not been read yet" refusals, history-tool calls (and what they returned).</p>
<div class="scroll"><table class="watch"><thead><tr><th>compaction</th><th class="num">turns seen</th><th class="num">restored re-read</th><th class="num">named re-read</th><th class="num">commands re-run</th><th class="num">not-read refusals</th><th class="num">history calls</th><th class="num">turns to first tool call</th><th class="num">compacted again</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></div>${everyWatched.length > watched.length ? `<p class="note">The ${everyWatched.length - watched.length} oldest watched compaction(s) are not listed (the A/B table counts them).</p>` : ''}${missing ? `<p class="note">${missing} compaction(s) have no watch recorded.</p>` : ''}</section>`
}

const fmtFigure = (v: number | null, key: string) => (v === null ? '–' : key === 'compactedAgain' ? pct(v) : v.toFixed(2))

/** The arms compared as `report --ab` compares them (store/ab.ts): each arm's mean of its sessions' means, the difference and its interval. */
function abSection(ab: AbReport): string {
  const title = '<h2>A/B: handoff against the stock compaction</h2>'
  if (ab.arms.handoff.compactions + ab.arms.stock.compactions + ab.notDrawn.compactions === 0)
    return `<section id="ab">${title}${NOT_RECORDED(
      'Arms',
      'The watch says its arm from plugin versions with the abStockShare setting; no watched compaction here says one.',
    )}</section>`
  const level = Math.round(ab.level * 100)
  const few = tooFew(ab)
  const rows = ab.metrics.map((m) => {
    const fmt = (v: number | null) => fmtFigure(v, m.key)
    const diff =
      m.diff === null ? '–' : `${m.diff > 0 ? '+' : ''}${fmt(m.diff)}${m.ci ? `<small>${level} % CI ${fmt(m.ci[0])} to ${fmt(m.ci[1])}</small>` : ''}`
    const good = (m.verdict === 'handoff-lower' && m.better === 'lower') || (m.verdict === 'handoff-higher' && m.better === 'higher')
    const bad = (m.verdict === 'handoff-higher' && m.better === 'lower') || (m.verdict === 'handoff-lower' && m.better === 'higher')
    return `<tr><td>${esc(m.label)}${m.better ? `<small>${m.better} is better</small>` : ''}</td><td class="num">${fmt(m.handoff.mean)}</td><td class="num">${fmt(m.stock.mean)}</td><td class="num">${diff}</td><td class="verdict ${good ? 'good' : bad ? 'bad' : 'muted'}">${esc(verdictText(m.verdict))}</td></tr>`
  })
  const arm = (a: 'handoff' | 'stock') => `<th class="num">${a}<small>${ab.arms[a].sessions} session(s), ${ab.arms[a].compactions} compaction(s)</small></th>`
  return `<section id="ab">${title}
<p class="lede">Each figure is a session's mean over its watched compactions; an arm's value is the mean over its sessions. The difference (handoff − stock) has a percentile bootstrap interval over sessions (${ab.resamples.toLocaleString('en-US')} resamples): the same figures as <code>compact-handoff report --ab</code>.${ab.notDrawn.sessions ? ` ${ab.notDrawn.sessions} session(s) rehearsing with live off are left out: stock by setting, not by the draw.` : ''}</p>
${few ? `<p class="missing">${esc(few)}</p>` : ''}
<table class="ab"><thead><tr><th>per watched compaction</th>${arm('handoff')}${arm('stock')}<th class="num">difference</th><th></th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></section>`
}

async function quality(q: ReportData['quality']): Promise<string> {
  if ('missing' in q) return `<section id="quality"><h2>Quality bench</h2>${NOT_RECORDED('Quality results', q.missing)}</section>`
  const r: QualityResults = q
  const means = Object.entries(r.means)
    .map(([arm, m]) => `<tr><td>${esc(arm)}</td><td class="num">${m.recall === null ? '–' : m.recall.toFixed(2)}</td><td class="num">${int(m.chars)}</td></tr>`)
    .join('')
  const sections = r.perSection
    .map(
      (p) =>
        `<tr><td>${esc(p.name)}</td><td class="num">${p.kept}/${r.sessions ?? '?'}</td><td class="num">${int(p.chars)}</td><td class="num">${p.recall === null ? '–' : p.recall.toFixed(2)}</td></tr>`,
    )
    .join('')
  return `<section id="quality"><h2>Quality bench</h2>
<p class="lede">The latest results of <code>npm run bench -- quality</code>: how much of what the work after a compaction used each arm carried, over ${r.sessions ?? '?'} real sessions (${esc(when(r.date ?? ''))}).${r.winsAtStockSize !== null ? ` Ours with the summary beats stock at no more than stock's size on ${r.winsAtStockSize} of ${r.sessions}.` : ''}</p>
${figure('chart-quality', 'Recall versus size', await toSvg(qualityChartSpec(r)), esc(r.file))}
<div class="two"><table><thead><tr><th>arm</th><th class="num">mean recall</th><th class="num">mean chars</th></tr></thead><tbody>${means}</tbody></table>
<table><thead><tr><th>section alone</th><th class="num">kept</th><th class="num">mean chars</th><th class="num">recall</th></tr></thead><tbody>${sections}</tbody></table></div></section>`
}

const STYLE = `
:root{--ink:#1d2330;--muted:#5c6475;--line:#e4e7ee;--bg:#f6f7fa;--card:#fff;--red:#c03a39;--green:#2f7d32;--blue:#2f5f8f}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:980px;margin:0 auto;padding:28px 24px 48px}
header h1{margin:0;font-size:24px;letter-spacing:-.01em}
header p{margin:4px 0 0;color:var(--muted)}
h2{font-size:17px;margin:0 0 6px}
section{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin-top:18px}
section.cards{display:grid;grid-template-columns:repeat(5,1fr);gap:12px;background:none;border:0;padding:0}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px}
.card .label{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.card .value{font-size:24px;font-weight:650;margin-top:2px}
.card .value small{font-size:13px;font-weight:500;color:var(--muted)}
.card .detail{color:var(--muted);font-size:12px}
.lede{color:var(--muted);margin:0 0 12px}
.note{color:var(--muted);font-size:13px}
.missing{background:#fff8e6;border:1px solid #f1dca4;border-radius:6px;padding:8px 12px;color:#6b5312}
.missing span{color:#8a7640}
.good{color:var(--green)}
.muted{color:var(--muted)}
.watch td small{white-space:normal}
td.verdict{white-space:nowrap}
figure{margin:10px 0 14px}
figcaption{margin-bottom:4px}
figcaption span{color:var(--muted);font-size:13px}
figure svg{max-width:100%;height:auto}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:13px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600;color:var(--muted);font-size:12px;background:#fafbfc}
td small,th small{display:block;color:var(--muted);font-size:11px;font-weight:400;white-space:nowrap}
.num{text-align:right}
td.dropped{color:var(--red);font-size:11px}
.scroll{overflow-x:auto}
.matrix th,.matrix td{padding:6px 6px}
td.none{color:#bbb}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:11px;background:#eef1f6;color:var(--blue)}
.badge.fallback{background:#fdecec;color:var(--red)}
.badge.replaced{background:#e8f4ea;color:var(--green)}
.badge.arm{background:#f3ecfb;color:#6a3d9a}
.bad{color:var(--red)}
code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f1f3f7;padding:1px 4px;border-radius:4px}
details.why{margin-top:6px;font-size:13px}
details.why summary{cursor:pointer;color:var(--muted)}
details.why li{margin:3px 0}
.two{display:grid;grid-template-columns:1fr 1fr;gap:18px;align-items:start}
footer{color:var(--muted);font-size:12px;margin-top:18px}
`

/** The whole page. */
export async function renderPage(data: ReportData): Promise<string> {
  const all = data.sessions.flatMap((s) => s.compactions).sort((a, b) => a.at.localeCompare(b.at) || a.n - b.n)
  const across = data.session === null && new Set(all.map((c) => c.sessionId)).size > 1
  const scope = data.session ? `session ${data.session}` : `the whole store: ${data.sessions.length} session(s)`
  const problems = all.flatMap((c) => c.problems.map((p) => `${compactionLabel(c, true)}: ${p}`))
  const body = [
    `<header><h1>compact-handoff report</h1><p>${esc(scope)} · ${int(all.length)} compaction(s) · ${esc(data.dataDir)} · made ${esc(when(data.generatedAt))}</p></header>`,
    overview(data, all),
    await occupancy(data),
    await makeup(all, across),
    await cost(all, across),
    await fallbacks(all, across),
    watch(all, across),
    abSection(data.ab),
    await quality(data.quality),
    problems.length
      ? `<section id="problems"><h2>Files that could not be read</h2><ul>${problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul></section>`
      : '',
    `<footer>Charts drawn with Vega-Lite. Every figure comes from the store's files; nothing on this page was fetched.</footer>`,
  ]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>compact-handoff report: ${esc(scope)}</title><style>${STYLE}</style></head>
<body><main>
${body.filter(Boolean).join('\n')}
</main></body></html>
`
}
