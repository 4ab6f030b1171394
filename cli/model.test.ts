/**
 * The CLI's model: recorded replies (format, matching by the section that asks), the Anthropic API through
 * the SDK against a loopback fake Messages endpoint (answer, usage, an error, an abort, an empty
 * reply), and `compact-handoff build` end to end with no model, with a replies file, and with the
 * fake API — where the summary and commitments land in their sections with their costs.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { HandoffError } from '../pipeline/codes.ts'
// Only the fake Messages API below reads prompts (as a real model would); the CLI never does.
import { COMMITMENTS_MARKER } from '../sections/commitments/prompt.ts'
import { SUMMARY_MARKER } from '../sections/summary/prompts/inventory.ts'
import { rawTranscript, repoRoot, skipWithoutShared } from '../test/shared.ts'
import { anthropicModel, cliModel, parseReplies, replayModel } from './model.ts'

const signal = () => new AbortController().signal

describe('recorded replies', () => {
  test('JSONL, a JSON array and { replies } all read; a bad line names file:line', () => {
    const entry = { kind: 'summary', text: 'S' }
    assert.deepEqual(parseReplies(`${JSON.stringify(entry)}\n\n${JSON.stringify({ kind: 'commitments', text: 'C' })}\n`, 'f'), [
      entry,
      { kind: 'commitments', text: 'C' },
    ])
    assert.deepEqual(parseReplies(JSON.stringify([entry]), 'f'), [entry])
    assert.deepEqual(parseReplies(JSON.stringify({ replies: [entry] }), 'f'), [entry])
    assert.throws(() => parseReplies(`${JSON.stringify(entry)}\n{oops`, 'r.jsonl'), /^Error: r\.jsonl:2: not JSON/)
    assert.throws(() => parseReplies(JSON.stringify([{ kind: 'summary' }]), 'r.json'), /r\.json: entry 1: an entry needs a "text" string/)
    assert.throws(
      () => parseReplies(JSON.stringify([{ kind: 'Not A Section', text: 'x' }]), 'r.json'),
      /"kind" names a section \(kebab-case\), got "Not A Section"/,
    )
    assert.deepEqual(
      parseReplies(JSON.stringify([{ kind: 'jira-links', text: 'x' }]), 'r.json'),
      [{ kind: 'jira-links', text: 'x' }],
      'a package section can have replies too',
    )
  })

  test('a completion is answered by the entry for the section that asks (not by its prompt), or by match; fork has no session', async () => {
    const model = replayModel([
      { kind: 'commitments', text: '<commitments></commitments>', model: 'claude-haiku-5-5', usage: { input_tokens: 10, output_tokens: 5 } },
      { kind: 'summary', text: '### Inventory' },
      { match: 'PROBE', text: 'probe answer' },
    ])
    assert.deepEqual(await model.fork({ prompt: 'x', section: 'summary' }, signal()), {
      isAnswered: false,
      reason: 'nothing-to-fork (the CLI has no live session to fork)',
    })
    // The prompt says "summary" but the commitments section asks: the commitments reply answers.
    assert.deepEqual(await model.complete({ prompt: 'write the summary', section: 'commitments', model: 'claude-opus-5-5' }, signal()), {
      isAnswered: true,
      text: '<commitments></commitments>',
      model: 'claude-haiku-5-5',
      usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    })
    assert.deepEqual(await model.complete({ prompt: 'cold', section: 'summary', model: 'claude-opus-5-5' }, signal()), {
      isAnswered: true,
      text: '### Inventory',
      model: 'claude-opus-5-5',
    })
    assert.equal((await model.complete({ prompt: 'a PROBE' }, signal())).isAnswered, true)
    assert.match(
      JSON.stringify(await model.complete({ prompt: 'nothing known', section: 'other' }, signal())),
      /no recorded reply in the replies file answers section other/,
    )
  })

  test('cliModel: a replies file first, then an API key, else none; a missing file is a usage error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replies-'))
    const file = join(dir, 'r.jsonl')
    writeFileSync(file, JSON.stringify({ kind: 'summary', text: 'x' }))
    assert.equal((await cliModel({ repliesFile: file, env: { ANTHROPIC_API_KEY: 'k' } })).source, 'replies')
    assert.equal((await cliModel({ env: { ANTHROPIC_API_KEY: 'k' } })).source, 'anthropic-api')
    assert.deepEqual(await cliModel({ env: {} }), { model: null, source: 'none' })
    await assert.rejects(
      cliModel({ repliesFile: join(dir, 'nope'), env: {} }),
      (e: unknown) => e instanceof HandoffError && e.code === 'USAGE' && /no such file/.test(e.message),
    )
  })
})

// ---- a loopback fake of the Messages API ------------------------------------------------------

interface Seen {
  path: string
  headers: IncomingMessage['headers']
  body: { model: string; max_tokens: number; messages: Array<{ role: string; content: string }>; system?: string }
}

type Reply = (seen: Seen, res: ServerResponse) => void

function fakeMessages(): { start(): Promise<string>; stop(): Promise<void>; seen: Seen[]; reply: { fn: Reply }; closed: { count: number } } {
  const seen: Seen[] = []
  const reply = { fn: ((_s, res) => res.end()) as Reply }
  const closed = { count: 0 }
  let server: Server
  return {
    seen,
    reply,
    closed,
    start: () =>
      new Promise((resolve) => {
        server = createServer((req, res) => {
          let raw = ''
          req.on('data', (c) => (raw += c))
          req.on('end', () => {
            const s: Seen = { path: req.url ?? '', headers: req.headers, body: JSON.parse(raw) }
            seen.push(s)
            res.on('close', () => {
              if (!res.writableEnded) closed.count++
            })
            reply.fn(s, res)
          })
        })
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
      }),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const message = (
  model: string,
  text: string,
  usage = { input_tokens: 1_200, output_tokens: 300, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
) => ({
  id: 'msg_fake',
  type: 'message',
  role: 'assistant',
  model,
  content: text ? [{ type: 'text', text }] : [],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage,
})

/** Answers like a model that knows our prompts: by marker. */
const byMarker: Reply = (s, res) => {
  const prompt = s.body.messages[0]!.content
  if (prompt.includes(COMMITMENTS_MARKER)) {
    return json(
      res,
      200,
      message(
        s.body.model,
        `<commitments>\n${JSON.stringify({ kind: 'unkept', at: 1, quote: 'Let me check the project structure and try running the server to see the error.', open: 'never run' })}\n</commitments>`,
      ),
    )
  }
  if (prompt.includes(SUMMARY_MARKER)) {
    return json(
      res,
      200,
      message(
        s.body.model,
        '<analysis>scratch</analysis>\n<summary>### Inventory\n\n[ask] get the server starting — not started\n\n<restore-files>\n</restore-files></summary>',
      ),
    )
  }
  json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'unknown prompt' } })
}

describe('the Anthropic API through the SDK (loopback fake)', () => {
  const fake = fakeMessages()
  let url = ''
  before(async () => {
    url = await fake.start()
  })
  after(() => fake.stop())

  test('a completion: the request as the API expects it; text, model and usage back', async () => {
    fake.reply.fn = (s, res) =>
      json(
        res,
        200,
        message('claude-haiku-5-5', 'hello back', { input_tokens: 11, output_tokens: 3, cache_read_input_tokens: 7, cache_creation_input_tokens: 2 }),
      )
    const model = anthropicModel({ apiKey: 'test-key', baseURL: url, maxRetries: 0 })
    const a = await model.complete({ prompt: 'hello', model: 'claude-haiku-5-5', maxTokens: 512, system: 'be brief' }, signal())
    assert.deepEqual(a, {
      isAnswered: true,
      text: 'hello back',
      model: 'claude-haiku-5-5',
      usage: { inputTokens: 11, outputTokens: 3, cacheReadTokens: 7, cacheWriteTokens: 2 },
    })
    const s = fake.seen.at(-1)!
    assert.equal(s.path, '/v1/messages')
    // The key travels as x-api-key or (SDK 1.14, seen) as a bearer token.
    assert.ok(s.headers['x-api-key'] === 'test-key' || s.headers.authorization === 'Bearer test-key', JSON.stringify(s.headers))
    assert.deepEqual(s.body, { model: 'claude-haiku-5-5', max_tokens: 512, system: 'be brief', messages: [{ role: 'user', content: 'hello' }] })
    assert.deepEqual(await model.fork({ prompt: 'x' }, signal()), { isAnswered: false, reason: 'nothing-to-fork (the CLI has no live session to fork)' })
  })

  test('an API error is an answer with the status, not a throw', async () => {
    fake.reply.fn = (_s, res) => json(res, 500, { type: 'error', error: { type: 'api_error', message: 'boom' } })
    const a = await anthropicModel({ apiKey: 'k', baseURL: url, maxRetries: 0 }).complete({ prompt: 'x', model: 'claude-opus-5-5' }, signal())
    assert.equal(a.isAnswered, false)
    assert.match(a.isAnswered ? '' : a.reason, /^api-error \(status 500\)/)
  })

  test('an empty reply is empty-reply', async () => {
    fake.reply.fn = (s, res) => json(res, 200, message(s.body.model, ''))
    const a = await anthropicModel({ apiKey: 'k', baseURL: url, maxRetries: 0 }).complete({ prompt: 'x' }, signal())
    assert.deepEqual(a, { isAnswered: false, reason: 'empty-reply (stop_reason end_turn)' })
  })

  test('the AbortSignal stops the request: the answer is aborted and the connection is closed', async () => {
    fake.reply.fn = () => {} // never answers
    const before = fake.closed.count
    const controller = new AbortController()
    const pending = anthropicModel({ apiKey: 'k', baseURL: url, maxRetries: 0 }).complete({ prompt: 'x' }, controller.signal)
    setTimeout(() => controller.abort(new Error('section timed out')), 100)
    const started = Date.now()
    assert.deepEqual(await pending, { isAnswered: false, reason: 'aborted' })
    assert.ok(Date.now() - started < 2_000)
    await new Promise((r) => setTimeout(r, 50))
    assert.equal(fake.closed.count, before + 1, 'the server saw the request go away')
  })
})

// ---- compact-handoff build, end to end ------------------------------------------------------

function build(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: any; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'cli', 'main.ts'), 'build', ...args, '--json'],
      { cwd: repoRoot, env: { PATH: process.env.PATH, HOME: mkdtempSync(join(tmpdir(), 'home-')), ...env } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout ? JSON.parse(stdout) : null, stderr }),
    )
  })
}

const section = (out: any, name: string) => out.sections.find((s: { name: string }) => s.name === name)

describe('compact-handoff build with a model', { skip: skipWithoutShared }, () => {
  const short = rawTranscript('marot__spotter__short.jsonl')
  const fake = fakeMessages()
  let url = ''
  before(async () => {
    url = await fake.start()
    fake.reply.fn = byMarker
  })
  after(() => fake.stop())

  test('no key and no replies: summary and commitments dropped with SECTION_NO_MODEL, the rest composed', async () => {
    const { code, out } = await build([short], {})
    assert.equal(code, 0)
    assert.equal(out.model, 'none')
    for (const name of ['summary', 'commitments']) {
      assert.equal(section(out, name).code, 'SECTION_NO_MODEL')
    }
    assert.equal(section(out, 'turns').status, 'ok')
    assert.match(out.handoff, /## Left out\n\n- Summary: \[section summary\] needs a model/)
  })

  test('--model-replies: the recorded replies land in their sections', async () => {
    const { code, out } = await build([short, '--model-replies', join(repoRoot, 'test/fixtures/model-replies/marot-spotter-short.jsonl')], {
      ANTHROPIC_API_KEY: 'ignored-when-replies-are-given',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
    })
    assert.equal(code, 0)
    assert.equal(out.model, 'replies')
    const summary = section(out, 'summary')
    assert.equal(summary.status, 'ok')
    assert.equal(summary.record.path, 'complete')
    assert.equal(summary.record.cost.usd, null)
    assert.match(out.handoff, /## Summary\n\n### Inventory\n\n\[ask\] get `mix phx.server` starting/)
    assert.match(out.handoff, /## Open commitments\n\n[^\n]*\n\nSaid it would do, and did not:\n- #1 "Let me check the project structure/)
  })

  test('ANTHROPIC_API_KEY + ANTHROPIC_BASE_URL: the API answers both, cold, and each row carries its priced cost', async () => {
    const { code, out, stderr } = await build([short], { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: url })
    assert.equal(code, 0, stderr)
    assert.equal(out.model, 'anthropic-api')
    const summary = section(out, 'summary')
    const commitments = section(out, 'commitments')
    assert.equal(summary.status, 'ok')
    assert.equal(commitments.status, 'ok')
    assert.match(summary.body, /^### Inventory\n\n\[ask\] get the server starting/)
    assert.equal(summary.record.analysisChars, '<analysis>scratch</analysis>'.length)
    assert.equal(summary.record.restoreBlock, 'present')
    // The transcript's session model, which has a price on record (1,200 in at $5, 300 out at $25 per MTok).
    assert.equal(summary.record.model, 'claude-opus-4-6')
    assert.equal(summary.record.cost.usd, 0.0135)
    assert.equal(commitments.record.model, 'claude-opus-5-5')
    assert.equal(commitments.record.cost.usd, 0.0108)
    const models = fake.seen.map((s) => s.body.model).sort()
    assert.deepEqual(models, ['claude-opus-4-6', 'claude-opus-5-5'])
  })
})
