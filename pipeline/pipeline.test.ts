/**
 * The runner and the composer, one test per outcome: good, empty, throws, slow, huge, disabled,
 * not loaded; the concurrency cap; config order over completion order; the size guard; the seam.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Capabilities } from './capabilities.ts'
import { applySizeGuard, composeHandoff } from './compose.ts'
import { parseMarker } from './marker.ts'
import { defineSection, type SectionDefinition, SectionDropError } from './index.ts'
import { createPipeline } from './pipeline.ts'
import type { Transcript } from './transcript.ts'
import { FRAME_CHARS } from './run-sections.ts'
import type { PipelineInput, ResolvedConfig, SectionOutcome, SectionPlan } from './types.ts'

const caps: Capabilities = { host: 'cli', model: null, files: null, now: Date.now }

const transcript: Transcript = {
  source: 'jsonl',
  messages: [
    { index: 0, role: 'user', kind: 'typed', text: 'hello', toolUses: [], toolResults: [] },
    { index: 1, role: 'assistant', kind: 'assistant', text: 'hi', toolUses: [], toolResults: [] },
  ],
  boundaries: [],
  malformed: { count: 0, lines: [] },
}

const input = (over: Partial<PipelineInput> = {}): PipelineInput => ({
  trigger: 'manual',
  sessionId: 'sess-1',
  cwd: '/tmp',
  transcript,
  ...over,
})

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(t)
      reject(signal.reason)
    })
  })

function section(name: string, run: SectionDefinition['run'], over: Partial<SectionDefinition> = {}) {
  return defineSection({
    name,
    title: name.toUpperCase(),
    description: name,
    defaults: { timeoutMs: 1000, budgetChars: 1000, priority: 50 },
    run,
    ...over,
  })
}

function plan(def: SectionDefinition<any> | null, over: Partial<SectionPlan> = {}): SectionPlan {
  return {
    name: def?.name ?? 'missing',
    enabled: true,
    timeoutMs: def?.defaults.timeoutMs ?? 1000,
    budgetChars: def?.defaults.budgetChars ?? 1000,
    priority: def?.defaults.priority ?? 50,
    options: {},
    definition: def,
    ...over,
  }
}

function config(sections: SectionPlan[], over: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return { files: ['test'], concurrency: 4, maxChars: 100_000, maxFraction: 1, sections, ...over }
}

describe('run-sections outcomes', () => {
  test('good: kept with its body, chars and time', async () => {
    const r = await createPipeline(config([plan(section('good', async () => 'all is well'))])).run(input(), caps)
    const s = r.sections[0]!
    assert.equal(s.status, 'ok')
    assert.equal(s.status === 'ok' && s.body, 'all is well')
    assert.equal(s.status === 'ok' && s.chars, 11)
    assert.match(r.handoff, /## GOOD\n\nall is well/)
  })

  test('empty: null, whitespace, and an empty result object each drop as SECTION_EMPTY', async () => {
    const r = await createPipeline(
      config([plan(section('a', async () => null)), plan(section('b', async () => '  \n ')), plan(section('c', async () => ({ body: '' })))]),
    ).run(input(), caps)
    assert.deepEqual(
      r.sections.map((s) => s.status === 'dropped' && s.code),
      ['SECTION_EMPTY', 'SECTION_EMPTY', 'SECTION_EMPTY'],
    )
  })

  test('throws: a sync throw and a rejection both drop as SECTION_THREW with the message', async () => {
    const r = await createPipeline(
      config([
        plan(
          section('sync', () => {
            throw new Error('boom sync')
          }),
        ),
        plan(section('async', async () => Promise.reject(new Error('boom async')))),
        plan(section('fine', async () => 'still here')),
      ]),
    ).run(input(), caps)
    const [a, b, c] = r.sections
    assert.equal(a!.status === 'dropped' && a!.code, 'SECTION_THREW')
    assert.match(a!.status === 'dropped' ? a!.message : '', /\[section sync\] threw: boom sync/)
    assert.match(b!.status === 'dropped' ? b!.message : '', /boom async/)
    assert.equal(c!.status, 'ok')
    assert.match(r.handoff, /## Left out\n\n- SYNC: \[section sync\] threw: boom sync/)
  })

  test('slow: dropped as SECTION_TIMEOUT naming timeoutMs, and its signal fires', async () => {
    let aborted = false
    const slow = section('slow', async (ctx) => {
      ctx.signal.addEventListener('abort', () => (aborted = true))
      await sleep(5_000, ctx.signal)
      return 'too late'
    })
    const started = Date.now()
    const r = await createPipeline(config([plan(slow, { timeoutMs: 50 }), plan(section('quick', async () => 'q'))])).run(input(), caps)
    assert.ok(Date.now() - started < 2_000, 'the run did not wait for the slow section')
    const s = r.sections[0]!
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_TIMEOUT')
    assert.equal(s.status === 'dropped' && s.message, '[section slow] timed out after 50 ms (timeoutMs: 50)')
    assert.equal(aborted, true)
    assert.equal(r.sections[1]!.status, 'ok')
  })

  test('huge: over budgetChars drops as SECTION_OVER_BUDGET naming both numbers', async () => {
    const r = await createPipeline(
      config([
        plan(
          section('huge', async () => 'x'.repeat(9_120)),
          { budgetChars: 6_000 },
        ),
      ]),
    ).run(input(), caps)
    const s = r.sections[0]!
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_OVER_BUDGET')
    assert.equal(s.status === 'dropped' && s.message, '[section huge] 9,120 chars exceeds budget of 6,000 (budgetChars)')
    assert.equal(s.status === 'dropped' && s.chars, 9_120)
  })

  test('a budget past the size guard is held to its share of the ceiling, and the message says so', async () => {
    let seen = 0
    const r = await createPipeline(
      config(
        [
          plan(
            section('big', async (ctx) => ((seen = ctx.budgetChars), 'x'.repeat(5_000))),
            { budgetChars: 50_000 },
          ),
        ],
        {
          maxChars: 4_000,
        },
      ),
    ).run(input(), caps)
    assert.equal(seen, 4_000 - FRAME_CHARS)
    const s = r.sections[0]!
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_OVER_BUDGET')
    assert.match(s.status === 'dropped' ? s.message : '', /exceeds budget of 2,500 \(budgetChars: 50000, its share of the handoff's ceiling, maxChars: 4000\)/)
  })

  test('budgets that add up past the ceiling are shared in proportion; a section that waits takes what the others left', async () => {
    const seen: Record<string, number> = {}
    const fill = (name: string, use: number) => section(name, async (ctx) => ((seen[name] = ctx.budgetChars), name[0]!.repeat(Math.min(use, ctx.budgetChars))))
    const plans = [
      plan(fill('alpha', 1_000), { budgetChars: 6_000 }),
      plan(fill('beta', 99_999), { budgetChars: 3_000 }),
      plan({ ...fill('late', 99_999), needs: ['alpha', 'beta'] }, { budgetChars: 50_000 }),
    ]
    const r = await createPipeline(config(plans, { maxChars: 10_500 })).run(input(), caps)
    // 9,000 left after the frame, asked 9,000 by the two that start at once: no cut needed.
    assert.deepEqual([seen.alpha, seen.beta], [6_000, 3_000])
    // alpha used 1,000 of its 6,000: the section that waited gets the rest, sized by the frame as
    // it stands, so the handoff comes out at exactly its ceiling.
    assert.ok(seen.late! > 10_500 - FRAME_CHARS - 1_000 - 3_000, `${seen.late}`)
    assert.equal(r.totalChars, 10_500)
    assert.deepEqual(
      r.sections.map((s) => s.status),
      ['ok', 'ok', 'ok'],
    )
    assert.ok(r.totalChars <= 10_500, `${r.totalChars}`)

    const tight = await createPipeline(config(plans, { maxChars: 6_000 })).run(input(), caps)
    assert.deepEqual([seen.alpha, seen.beta], [3_000, 1_500])
    assert.ok(tight.totalChars <= 6_000, `${tight.totalChars}`)
  })

  test('lateShare keeps that share of the room for the sections that wait, and only when one runs', async () => {
    const seen: Record<string, number> = {}
    const fill = (name: string) => section(name, async (ctx) => ((seen[name] = ctx.budgetChars), name[0]!.repeat(ctx.budgetChars)))
    const first = [plan(fill('alpha'), { budgetChars: 6_000 }), plan(fill('beta'), { budgetChars: 3_000 })]
    const late = plan({ ...fill('late'), needs: ['alpha', 'beta'] }, { budgetChars: 50_000 })
    // 9,000 of room asked 9,000: with nothing kept back both would get their whole budgets.
    const r = await createPipeline(config([...first, late], { maxChars: 10_500, lateShare: 0.5 })).run(input(), caps)
    assert.deepEqual([seen.alpha, seen.beta], [3_000, 1_500])
    // The one that waits gets the half kept for it, and fills the handoff to its ceiling.
    assert.ok(seen.late! >= 4_500, `${seen.late}`)
    assert.equal(r.totalChars, 10_500)
    const message = (s: SectionOutcome) => (s.status === 'ok' ? '' : s.message)
    assert.deepEqual(
      r.sections.map((s) => [s.status, message(s)]),
      [
        ['ok', ''],
        ['ok', ''],
        ['ok', ''],
      ],
    )
    // The share named when a section overruns it.
    const over = await createPipeline(
      config(
        [
          plan(
            section('alpha', async () => 'a'.repeat(4_000)),
            { budgetChars: 6_000 },
          ),
          plan(fill('beta'), { budgetChars: 3_000 }),
          late,
        ],
        { maxChars: 10_500, lateShare: 0.5 },
      ),
    ).run(input(), caps)
    assert.match(
      message(over.sections[0]!),
      /exceeds budget of 3,000 \(budgetChars: 6000, its share of the handoff's ceiling less the lateShare of 0.5 kept for the sections that wait for others, maxChars: 10500\)/,
    )
    // No section waits: nothing is kept back.
    await createPipeline(config(first, { maxChars: 10_500, lateShare: 0.5 })).run(input(), caps)
    assert.deepEqual([seen.alpha, seen.beta], [6_000, 3_000])
  })

  test('sections that wait in a chain share the room in proportion; the last takes what the first left unused', async () => {
    const seen: Record<string, number> = {}
    const fill = (name: string, use: number) => section(name, async (ctx) => ((seen[name] = ctx.budgetChars), name[0]!.repeat(Math.min(use, ctx.budgetChars))))
    const plans = [
      plan(fill('alpha', 2_000), { budgetChars: 2_000 }),
      plan({ ...fill('files', 1_000), needs: ['alpha'] }, { budgetChars: 8_000 }),
      plan({ ...fill('lines', 99_999), needs: ['alpha', 'files'] }, { budgetChars: 24_000 }),
    ]
    const r = await createPipeline(config(plans, { maxChars: 20_000 })).run(input(), caps)
    // files waits for alpha, lines waits for files: files is offered its share of what alpha left,
    // not what is left after lines' whole budget (which would be nothing); files used 1,000 of its
    // share, and lines gets all the rest, to exactly the ceiling.
    const left = seen.lines! + 1_000
    assert.equal(seen.files, Math.floor((left * 8_000) / (8_000 + 24_000)))
    assert.equal(r.totalChars, 20_000)
    assert.deepEqual(
      r.sections.map((s) => s.status),
      ['ok', 'ok', 'ok'],
    )
  })

  test('the last section is sized by the frame as it stands: a long "Left out" list costs it room, never a cut', async () => {
    const seen: Record<string, number> = {}
    const failing = (name: string) =>
      plan(
        section(name, async () => {
          throw new SectionDropError('SECTION_EMPTY', `nothing here, and a long reason to say so: ${'x'.repeat(400)}`)
        }),
      )
    const plans = [
      ...['one', 'two', 'three', 'four', 'five'].map(failing),
      plan({ ...section('last', async (ctx) => ((seen.last = ctx.budgetChars), 'l'.repeat(ctx.budgetChars))), needs: ['one'] }, { budgetChars: 50_000 }),
    ]
    const r = await createPipeline(config(plans, { maxChars: 8_000 })).run(input(), caps)
    // Five "Left out" lines of ~450 chars: the frame is far past the 1,500 allowed for it, and the
    // last section shrinks to fit instead of being cut whole by the size guard.
    assert.equal(r.sections.at(-1)!.status, 'ok', JSON.stringify(r.sections.at(-1)))
    assert.equal(r.totalChars, 8_000)
    assert.ok(seen.last! < 8_000 - FRAME_CHARS, `${seen.last}`)
  })

  test('handed-up messages count against the budget', async () => {
    const r = await createPipeline(
      config([
        plan(
          section('msgs', async () => ({
            body: 'short',
            messages: [{ role: 'user', text: '', toolResults: [{ toolUseId: 't', text: 'y'.repeat(2_000), isError: false }] }],
          })),
        ),
      ]),
    ).run(input(), caps)
    assert.equal(r.sections[0]!.status === 'dropped' && r.sections[0]!.code, 'SECTION_OVER_BUDGET')
  })

  test('SectionDropError: the section chooses its code, keeps its record, and the run goes on', async () => {
    const r = await createPipeline(
      config([
        plan(
          section('chooser', async () => {
            throw new SectionDropError('SECTION_NO_MODEL', 'needs a model and the host offers none', { cost: { usd: null } })
          }),
        ),
        // Recognised by shape too: a third-party section may bundle its own copy of the class.
        plan(
          section('lookalike', async () => {
            throw Object.assign(new Error('the completion failed: api-error'), { name: 'SectionDropError', code: 'SECTION_MODEL_FAILED' })
          }),
        ),
        // An unknown code is not a choice: it stays SECTION_THREW.
        plan(
          section('bogus', async () => {
            throw Object.assign(new Error('nope'), { name: 'SectionDropError', code: 'NOT_A_CODE' })
          }),
        ),
        plan(section('fine', async () => 'still here')),
      ]),
    ).run(input(), caps)
    const [a, b, c, d] = r.sections
    assert.equal(a!.status === 'dropped' && a!.code, 'SECTION_NO_MODEL')
    assert.equal(a!.status === 'dropped' && a!.message, '[section chooser] needs a model and the host offers none')
    assert.deepEqual(a!.record, { cost: { usd: null } })
    assert.equal(b!.status === 'dropped' && b!.code, 'SECTION_MODEL_FAILED')
    assert.equal(c!.status === 'dropped' && c!.code, 'SECTION_THREW')
    assert.equal(d!.status, 'ok')
    assert.match(r.handoff, /- CHOOSER: \[section chooser\] needs a model/)
  })

  test('disabled and not loaded sections are dropped with their codes and never run', async () => {
    let ran = false
    const r = await createPipeline(
      config([
        plan(
          section('off', async () => ((ran = true), 'x')),
          { enabled: false },
        ),
        plan(null, { name: 'third-party', loadError: 'package "x" could not be loaded' }),
      ]),
    ).run(input(), caps)
    assert.equal(ran, false)
    assert.equal(r.sections[0]!.status === 'dropped' && r.sections[0]!.code, 'SECTION_DISABLED')
    assert.equal(r.sections[1]!.status === 'dropped' && r.sections[1]!.code, 'SECTION_LOAD_FAILED')
    assert.doesNotMatch(r.handoff, /- OFF:/, 'a section switched off is not news in the handoff')
    assert.match(r.handoff, /third-party: \[section third-party\] package "x" could not be loaded/)
  })
})

describe('scheduling', () => {
  test('concurrency cap: never more than `concurrency` sections run at once', async () => {
    let running = 0
    let peak = 0
    const busy = (name: string) =>
      section(name, async () => {
        running++
        peak = Math.max(peak, running)
        await sleep(30)
        running--
        return name
      })
    const plans = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => plan(busy(n)))
    await createPipeline(config(plans, { concurrency: 2 })).run(input(), caps)
    assert.equal(peak, 2)
    running = 0
    peak = 0
    await createPipeline(config(plans, { concurrency: 6 })).run(input(), caps)
    assert.equal(peak, 6)
  })

  test('config order, not completion order', async () => {
    const plans = [
      plan(section('first', async () => (await sleep(60), 'one'))),
      plan(section('second', async () => (await sleep(5), 'two'))),
      plan(section('third', async () => 'three')),
    ]
    const r = await createPipeline(config(plans)).run(input(), caps)
    const at = (s: string) => r.handoff.indexOf(s)
    assert.ok(at('## FIRST') < at('## SECOND') && at('## SECOND') < at('## THIRD'))
  })

  test('needs: a section starts after the ones it needs settle and sees their outcomes', async () => {
    let seen: unknown
    const plans = [
      plan(section('early', async () => (await sleep(40), 'early body'))),
      plan(section('late', async (ctx) => ((seen = ctx.needed['early']), 'late'), { needs: ['early'] })),
    ]
    await createPipeline(config(plans)).run(input(), caps)
    assert.equal((seen as { status: string; body: string }).body, 'early body')
  })
})

describe('a cancelled run', () => {
  test('a signal already aborted: no section starts, each is dropped SECTION_CANCELLED with the reason', async () => {
    let started = 0
    const stop = new AbortController()
    stop.abort(new Error('the engine went away'))
    const plans = [plan(section('a', async () => (started++, 'A'))), plan(section('b', async () => (started++, 'B')))]
    const r = await createPipeline(config(plans)).run(input(), caps, { signal: stop.signal })
    assert.equal(started, 0)
    assert.deepEqual(
      r.sections.map((s) => [s.name, s.status, s.status === 'dropped' ? s.code : null]),
      [
        ['a', 'dropped', 'SECTION_CANCELLED'],
        ['b', 'dropped', 'SECTION_CANCELLED'],
      ],
    )
    assert.match(r.sections[0]!.status === 'dropped' ? r.sections[0]!.message : '', /cancelled before it started: the engine went away/)
  })

  test('aborted mid-run: the running section sees its signal, the ones still queued are cancelled', async () => {
    const stop = new AbortController()
    let heard = false
    const plans = [
      plan(section('running', async (ctx) => (await sleep(1000, ctx.signal).catch(() => (heard = true)), 'R'))),
      plan(section('queued', async () => 'Q')),
    ]
    setTimeout(() => stop.abort(new Error('stop')), 30)
    const r = await createPipeline(config(plans, { concurrency: 1 })).run(input(), caps, { signal: stop.signal })
    assert.equal(heard, true)
    assert.equal(r.sections[1]!.status === 'dropped' && r.sections[1]!.code, 'SECTION_CANCELLED')
  })
})

describe('compose', () => {
  test('marker is the first line; lineage from an earlier handoff in the transcript', async () => {
    const r1 = await createPipeline(config([plan(section('a', async () => 'x'))])).run(input(), caps)
    assert.equal(r1.handoff.split('\n')[0], '<!-- compact-handoff: session=sess-1 n=001 prev=none -->')
    const withHandoff: Transcript = {
      ...transcript,
      messages: [{ index: 0, role: 'user', kind: 'handoff', text: r1.handoff, toolUses: [], toolResults: [] }, ...transcript.messages],
    }
    let seen: unknown
    const r2 = await createPipeline(config([plan(section('a', async (ctx) => ((seen = ctx.input.lineage), 'x')))])).run(
      input({ transcript: withHandoff }),
      caps,
    )
    assert.deepEqual(parseMarker(r2.handoff), { sessionId: 'sess-1', n: 2, prev: 1 })
    assert.match(r2.handoff, /## Earlier compactions\n\n- n=001/)
    // Sections are handed the lineage the run settled, not left to read markers themselves.
    assert.deepEqual(seen, r2.lineage)
    assert.deepEqual(r2.lineage, { n: 2, prev: 1, earlier: [{ n: 1 }] })
  })

  test('a marker is a whole first line; quoted or trailing text is not one', () => {
    assert.equal(parseMarker('<!-- compact-handoff: session=s n=003 prev=002 -->\nbody')?.n, 3)
    assert.equal(parseMarker('see <!-- compact-handoff: session=s n=003 prev=002 -->'), null)
    assert.equal(parseMarker('<!-- compact-handoff: session=s n=003 prev=002 --> and more'), null)
  })

  // The size guard is the last resort (budgets are shared out under the ceiling first), so it is
  // tested on outcomes as they would reach compose.
  const kept = (name: string, chars: number): SectionOutcome => ({
    name,
    title: name.toUpperCase(),
    status: 'ok',
    body: name[0]!.repeat(chars),
    chars,
    messages: [],
    ms: 0,
    notes: [],
  })
  const guard = (outcomes: SectionOutcome[], over: Partial<ResolvedConfig>, contextWindow?: number) =>
    composeHandoff(
      applySizeGuard({
        input: input(contextWindow ? { contextWindow } : {}),
        config: config(
          [
            plan(
              section('keep', async () => ''),
              { priority: 90 },
            ),
            plan(
              section('cheap', async () => ''),
              { priority: 10 },
            ),
            plan(
              section('middle', async () => ''),
              { priority: 50 },
            ),
          ],
          over,
        ),
        lineage: { n: 1, prev: null, earlier: [] },
        marker: '<!-- m -->',
        outcomes,
        handoff: '',
        messages: [],
      }),
    )

  test('size guard: the lowest priority is cut first, and the cut names the ceiling and setting', () => {
    const outcomes = [kept('keep', 3_000), kept('cheap', 3_000), kept('middle', 3_000)]
    const r = guard(outcomes, { maxChars: 7_000 })
    assert.deepEqual(
      r.outcomes.map((s) => s.status),
      ['ok', 'dropped', 'ok'],
    )
    const cut = r.outcomes[1]!
    assert.equal(cut.status === 'dropped' && cut.code, 'SECTION_SIZE_GUARD')
    assert.match(cut.status === 'dropped' ? cut.message : '', /over its ceiling of 7,000 \(maxChars: 7000\)/)
    assert.ok(r.handoff.length <= 7_000)
    assert.match(r.handoff, /## Left out\n\n- CHEAP: \[section cheap\] cut:/)

    // 1% of 100k tokens ≈ 4,000 chars: only the highest priority survives, and the window is named.
    const tight = guard(outcomes, { maxChars: 100_000, maxFraction: 0.01 }, 100_000)
    assert.deepEqual(
      tight.outcomes.map((s) => s.status),
      ['ok', 'dropped', 'dropped'],
    )
    assert.match(tight.outcomes[2]!.status === 'dropped' ? tight.outcomes[2]!.message : '', /maxFraction: 0.01 of a 100,000-token window/)
  })

  test('size guard: a cut that would make the handoff bigger is not made, and an unreachable ceiling is said', () => {
    const r = guard([kept('keep', 1)], { maxChars: 10 })
    assert.equal(r.outcomes[0]!.status, 'ok', 'its "Left out" line would be longer than the section')
    assert.deepEqual(r.overCeiling && { ceiling: r.overCeiling.ceiling, setting: r.overCeiling.setting }, { ceiling: 10, setting: 'maxChars: 10' })
  })

  test('summary line counts kept and dropped', async () => {
    const r = await createPipeline(config([plan(section('a', async () => 'aaaa')), plan(section('b', async () => null))])).run(input(), caps)
    assert.match(r.summaryLine, /^1 of 2 sections kept \([\d,]+ chars\); 1 dropped$/)
    assert.equal(r.totalChars, r.handoff.length)
  })
})

describe('hooks', () => {
  test('beforeCompact: fired once before sections with trigger and count; a throwing or hanging tap is recorded and changes nothing', async () => {
    const order: string[] = []
    const cfg = config([plan(section('s', async () => (order.push('section'), 'body')))])
    const clean = await createPipeline(cfg).run(input(), caps)

    const p = createPipeline(cfg, { seamTimeoutMs: 100 })
    const events: unknown[] = []
    p.hooks.beforeCompact.tapPromise('probe', async (e) => {
      order.push('seam')
      events.push(e)
    })
    p.hooks.beforeCompact.tap('thrower', () => {
      throw new Error('subscriber broke')
    })
    p.hooks.beforeCompact.tapPromise('hanger', () => new Promise(() => {}))
    const r = await p.run(input(), caps)
    assert.deepEqual(events, [{ sessionId: 'sess-1', trigger: 'manual', messageCount: 2 }])
    assert.deepEqual(order, ['section', 'seam', 'section'])
    const byName = Object.fromEntries(r.seam.map((s) => [s.name, s.status]))
    assert.deepEqual(byName, { probe: 'ok', thrower: 'threw', hanger: 'timedOut' })
    assert.equal(r.handoff, clean.handoff)
  })

  test('sectionResult can replace an outcome; sectionDropped hears every drop', async () => {
    const p = createPipeline(config([plan(section('a', async () => 'aaa')), plan(section('b', async () => null))]))
    const heard: string[] = []
    p.hooks.sectionResult.tap('upper', (o) => (o.status === 'ok' ? { ...o, body: o.body.toUpperCase() } : o))
    p.hooks.sectionDropped.tap('listen', (o) => void heard.push(`${o.name}:${o.code}`))
    const r = await p.run(input(), caps)
    assert.match(r.handoff, /## A\n\nAAA/)
    assert.deepEqual(heard, ['b:SECTION_EMPTY'])
  })

  test('the hooks object is frozen', () => {
    const p = createPipeline(config([]))
    assert.ok(Object.isFrozen(p.hooks))
    assert.throws(() => {
      ;(p.hooks as Record<string, unknown>).extra = 1
    })
  })
})
