#!/usr/bin/env node
/**
 * The project's fake Anthropic Messages API, for driving the real Claude Code engine offline on
 * 127.0.0.1. Plain node, no dependencies: the e2e tests and the bench import `startFakeModel`,
 * and `node test/e2e/fake-model.mjs` runs it as a process (settings from the environment).
 *
 *   FAKE_PORT=0 FAKE_PORT_FILE=port FAKE_LOG=requests.jsonl FAKE_SCRIPT=replies.json node test/e2e/fake-model.mjs
 *
 * A reply is chosen from the request, first rule that matches:
 *   1. the reply script (FAKE_SCRIPT / `script`): `{ "rules": [ Rule, ... ] }`, in order, where
 *      Rule = { name?, match: "<regex>", in?: "last-user" (default) | "tool-result" | "body", tools?: true,
 *               toolless?: true, times?: N, reply: Reply }
 *      and Reply = { text } | { tool, input, text? } | { status, errorType?, message?, retry? }.
 *      `in` is what the regex is tested on: the newest user message's text, the text of the
 *      tool_result(s) it carries (so a reply can follow a particular tool's output), or the
 *      whole request body as JSON. `times` makes a rule apply to its first N matching requests only;
 *      `tools: true` only to requests that offer tools (never a $.model.complete call), and
 *      `toolless: true` only to requests that offer none (a $.model.complete call).
 *   2. failure injection (FAKE_FAIL / `fail`, below)  -> the error it names
 *   3. compact-handoff's own prompts, by the marker on their first line (sections/<name>/README.md):
 *        [compact-handoff:summary-cold]  -> a summary of the conversation written into the prompt
 *        [compact-handoff:summary]       -> a summary in the shape the summary prompt asks for:
 *            <analysis>…</analysis><summary> tagged inventory lines, a reading, and a
 *            <restore-files> block naming a file (FAKE_RESTORE_FILES / `restoreFiles`, else the
 *            newest file_path of the conversation that exists on disk) </summary>
 *        [compact-handoff:commitments]   -> <commitments> rows quoting the conversation's newest
 *            typed turn (a question) and newest assistant text (unkept) </commitments>
 *   4. the engine's compaction prompt        -> "<analysis>…</analysis><summary>FAKE SUMMARY #n …</summary>"
 *   5. newest user message holds a tool_result -> "Tool finished: <start of its text>"
 *   6. "FAKE_TOOL:<Name> <json>" in the newest user text, tools offered -> one tool_use
 *   7. anything else                          -> "Fake reply #n."
 * Every POST /v1/messages is logged as one JSONL line: { n, at, url, headers, body, kind, reply }.
 * `kind` is the rule that answered: `script:<name>`, `fail:<what>`, `summary`, `summary-cold`,
 * `commitments`, `compaction`, `tool-result`, `tool`, `text`.
 *
 * Usage: every reply reports all four counts, in message_start and again in message_delta (as
 * the real API does; the engine reads the final usage from message_delta): `input_tokens`
 * (FAKE_INPUT_TOKENS / `inputTokens`, default 50), `output_tokens` (20),
 * `cache_read_input_tokens` (FAKE_CACHE_READ_TOKENS / `cacheReadTokens`, default 0) and
 * `cache_creation_input_tokens` (FAKE_CACHE_WRITE_TOKENS / `cacheWriteTokens`, default 0), the
 * writes also as `cache_creation: { ephemeral_5m_input_tokens, ephemeral_1h_input_tokens }` by the
 * lifetime the request's `cache_control` asked for (a one-hour cache only when one asked `ttl: '1h'`).
 * With `measureInput` (FAKE_MEASURE_INPUT=1), `input_tokens` is instead each request's own size:
 * its system, messages and tools as JSON, chars/4, so the context a session reports grows with
 * its conversation and falls at a compaction, as it does against the real API.
 *
 * Latency: every reply waits `latencyMs` (FAKE_LATENCY_MS) before it is sent, as a real model
 * takes seconds per call; `slow: [{ match, ms }]` makes the requests whose newest user text
 * matches wait `ms` instead (the first entry that matches), e.g. to hold one section's call.
 *
 * Failure injection (FAKE_FAIL / `fail`): `<what>[:<status>]`, comma-separated, where <what> is
 *   markers    requests carrying a compact-handoff prompt marker ([compact-handoff:…])
 *   toolless   requests that offer no tools ($.model.complete, whatever its prompt)
 *   any        every request
 * and <status> an HTTP status (default 500; 529 answers overloaded_error). The error says
 * `x-should-retry: false`, so the engine gives up at once instead of retrying for minutes.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { fileURLToPath } from 'node:url'

const COMPACTION_PROMPT = /create a detailed summary of the conversation|summary of the RECENT portion|Respond with TEXT ONLY/

/** compact-handoff's prompt markers (sections/summary/README.md, sections/commitments/README.md). */
export const MARKERS = {
  summaryCold: '[compact-handoff:summary-cold]',
  summary: '[compact-handoff:summary]',
  commitments: '[compact-handoff:commitments]',
}
const ANY_MARKER = /\[compact-handoff:[a-z-]+\]/

/** The fixed words of the default summary reply, so a test can find them in the handoff. */
export const SUMMARY_TEXT = {
  analysis: 'FAKE ANALYSIS: the scratchpad the summary section must drop.',
  reading: 'FAKE HANDOFF SUMMARY',
  cold: 'FAKE COLD SUMMARY',
}

function textOf(content) {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .filter((b) => b && b.type === 'text')
    .map((b) => b.text)
    .join('\n')
}

function newestUser(body) {
  const msgs = (body && Array.isArray(body.messages) && body.messages) || []
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i].role === 'user') return msgs[i]
  return null
}

/** `markers:500,toolless:529` -> [{ what, status }]. */
export function parseFail(spec) {
  if (!spec) return []
  const list = Array.isArray(spec) ? spec : String(spec).split(',')
  return list
    .map((x) => (typeof x === 'string' ? x.trim() : x))
    .filter(Boolean)
    .map((x) => {
      if (typeof x === 'object') return { what: x.what, status: x.status ?? 500 }
      const [what, status] = x.split(':')
      if (!['markers', 'toolless', 'any'].includes(what)) throw new Error(`fake model: unknown failure "${what}" (markers, toolless or any)`)
      return { what, status: status ? Number(status) : 500 }
    })
}

/** Every file_path the conversation names, oldest first: tool_use inputs, and the `"file_path":"…"`
 *  a conversation written out as text carries. */
function filePaths(body, text) {
  const out = []
  for (const m of body?.messages ?? []) {
    if (!Array.isArray(m.content)) continue
    for (const b of m.content) if (b?.type === 'tool_use' && typeof b.input?.file_path === 'string') out.push(b.input.file_path)
  }
  for (const m of text.matchAll(/"file_path":\s*"(\/[^"]+)"/g)) out.push(m[1])
  return out
}

/** The default reply to the summary prompt: the shape sections/summary/README.md describes. */
function summaryReply(n, files, cold) {
  const block = files.length
    ? `<restore-files>\n${files.map((f) => `${f} | all | the fake model names the file the session touched last`).join('\n')}\n</restore-files>`
    : ''
  const head = cold ? `${SUMMARY_TEXT.cold} #${n}` : `${SUMMARY_TEXT.reading} #${n}`
  return [
    `<analysis>${SUMMARY_TEXT.analysis}</analysis>`,
    '<summary>',
    '### Inventory',
    '[ask] carry on with the fake session — in progress',
    '[decision] the fake model answers compact-handoff prompts from its default rules — so the e2e tests need no script',
    ...files.map((f) => `[file] ${f} — touched in the session`),
    '[open] nothing a real model would have read was checked',
    '',
    '### Reading',
    `${head}: a session with the project's fake model; its last file is named below to be reopened.`,
    '',
    block,
    '</summary>',
  ].join('\n')
}

/** The default reply to the commitments prompt: rows quoting the conversation written into it. */
function commitmentsReply(text) {
  const conv = /<conversation>\n?([\s\S]*?)<\/conversation>/.exec(text)?.[1] ?? ''
  let typed = null
  let said = null
  for (const m of conv.matchAll(/^\[#(\d+) (user|assistant)\] (.+)$/gm)) {
    if (m[2] === 'user') typed = { at: Number(m[1]), quote: m[3].trim() }
    else said = { at: Number(m[1]), quote: m[3].trim() }
  }
  const rows = []
  if (typed) rows.push({ kind: 'question', at: typed.at, quote: typed.quote.slice(0, 200), open: 'the fake model never answers a question' })
  if (said) rows.push({ kind: 'unkept', at: said.at, quote: said.quote.slice(0, 200), open: 'the fake model never does what it says' })
  return `<commitments>\n${rows.map((r) => JSON.stringify(r)).join('\n')}${rows.length ? '\n' : ''}</commitments>`
}

/** Loads a reply script: a path to JSON, an object, or nothing. */
function loadScript(script) {
  if (!script) return []
  const parsed = typeof script === 'string' ? JSON.parse(readFileSync(script, 'utf8')) : script
  return (parsed.rules ?? []).map((r, i) => ({ ...r, name: r.name ?? `rule${i + 1}`, re: new RegExp(r.match, 's'), used: 0 }))
}

/**
 * Starts the fake. Resolves `{ port, url, logFile, requests(), close() }`.
 * @param {{ port?: number, portFile?: string, log: string, script?: string | object, inputTokens?: number, measureInput?: boolean,
 *           cacheReadTokens?: number, cacheWriteTokens?: number, outputTokens?: number, fail?: string | Array<{what: string, status?: number}>,
 *           restoreFiles?: string[], latencyMs?: number, slow?: Array<{match: string, ms: number}> }} opts
 */
export async function startFakeModel(opts) {
  const rules = loadScript(opts.script)
  const fails = parseFail(opts.fail)
  const usage = {
    input_tokens: opts.inputTokens ?? 50,
    output_tokens: opts.outputTokens ?? 20,
    cache_creation_input_tokens: opts.cacheWriteTokens ?? 0,
    cache_read_input_tokens: opts.cacheReadTokens ?? 0,
  }
  const inputTokens = usage.input_tokens
  /** The usage a reply to `body` reports. */
  /**
   * The usage of one reply. As the real API does, the cache writes are also broken down by the
   * lifetime the request asked for (`cache_control: { ttl: '1h' }` on any block, else five
   * minutes): the engine reads `cache_creation.ephemeral_1h_input_tokens` to know it holds a
   * one-hour cache, which its own idle compaction needs.
   */
  const usageOf = (body) => {
    const ttl = /"cache_control":\{[^}]*"ttl":"1h"/.test(JSON.stringify(body ?? '')) ? '1h' : '5m'
    const written = usage.cache_creation_input_tokens
    const measured = opts.measureInput
      ? { input_tokens: Math.ceil(JSON.stringify([body?.system ?? null, body?.messages ?? [], body?.tools ?? []]).length / 4) }
      : {}
    return {
      ...usage,
      ...measured,
      cache_creation: { ephemeral_5m_input_tokens: ttl === '5m' ? written : 0, ephemeral_1h_input_tokens: ttl === '1h' ? written : 0 },
    }
  }
  let n = 0
  /** Requests waiting out their latency: logged only once answered, so listed here meanwhile. */
  const held = new Set()
  const timers = new Map()

  const decide = (body) => {
    const u = newestUser(body)
    const text = u ? textOf(u.content) : ''
    const hasTools = Array.isArray(body?.tools) && body.tools.length > 0
    const whole = JSON.stringify(body ?? '')
    const results =
      u && Array.isArray(u.content)
        ? u.content
            .filter((b) => b?.type === 'tool_result')
            .map((b) => textOf(b.content))
            .join('\n')
        : ''
    for (const r of rules) {
      if (r.times !== undefined && r.used >= r.times) continue
      if (r.tools && !hasTools) continue
      if (r.toolless && hasTools) continue
      if (r.in === 'tool-result' && !results) continue
      if (!r.re.test(r.in === 'body' ? whole : r.in === 'tool-result' ? results : text)) continue
      r.used++
      return { kind: `script:${r.name}`, ...r.reply, text: r.reply.text?.replaceAll('{n}', String(n)) }
    }
    const marked = ANY_MARKER.test(text)
    for (const f of fails) {
      if (f.what === 'any' || (f.what === 'markers' && marked) || (f.what === 'toolless' && !hasTools)) {
        return { kind: `fail:${f.what}`, status: f.status, retry: false, message: `fake model: injected failure (${f.what}:${f.status})` }
      }
    }
    if (text.includes(MARKERS.summaryCold)) {
      const files =
        opts.restoreFiles ??
        filePaths(null, text)
          .filter((p) => existsSync(p))
          .slice(-1)
      return { kind: 'summary-cold', text: summaryReply(n, files, true) }
    }
    if (text.includes(MARKERS.summary)) {
      const files =
        opts.restoreFiles ??
        filePaths(body, '')
          .filter((p) => existsSync(p))
          .slice(-1)
      return { kind: 'summary', text: summaryReply(n, files, false) }
    }
    if (text.includes(MARKERS.commitments)) return { kind: 'commitments', text: commitmentsReply(text) }
    if (COMPACTION_PROMPT.test(text)) {
      return {
        kind: 'compaction',
        text: `<analysis>fake analysis</analysis>\n<summary>FAKE SUMMARY #${n}: the engine's own summary of a conversation with a fake model.</summary>`,
      }
    }
    const result = u && Array.isArray(u.content) ? u.content.find((b) => b.type === 'tool_result') : null
    if (result)
      return { kind: 'tool-result', text: `Tool finished: ${textOf(result.content) || JSON.stringify(result.content ?? '').slice(0, 60)}`.slice(0, 120) }
    const directive = /FAKE_TOOL:(\S+)\s+(\{.*\})/s.exec(text)
    if (directive && hasTools) {
      try {
        return { kind: 'tool', tool: directive[1], input: JSON.parse(directive[2]) }
      } catch {
        // not JSON: answered as text
      }
    }
    return { kind: 'text', text: `Fake reply #${n}.` }
  }

  const messageOf = (body, d) => {
    const content = []
    if (d.text !== undefined && d.text !== null && (d.text !== '' || !d.tool)) content.push({ type: 'text', text: d.text })
    if (d.tool) content.push({ type: 'tool_use', id: `toolu_fake_${process.pid}_${n}`, name: d.tool, input: d.input ?? {} })
    return {
      id: `msg_fake_${process.pid}_${Date.now().toString(36)}_${n}`,
      type: 'message',
      role: 'assistant',
      model: body?.model ?? 'claude-fake',
      content,
      stop_reason: d.tool ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: usageOf(body),
    }
  }

  const sse = (res, msg) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_fake_${n}` })
    const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`)
    send('message_start', { message: { ...msg, content: [], stop_reason: null, usage: { ...msg.usage, output_tokens: 1 } } })
    msg.content.forEach((block, index) => {
      if (block.type === 'text') {
        send('content_block_start', { index, content_block: { type: 'text', text: '' } })
        send('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } })
      } else {
        send('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } })
        send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } })
      }
      send('content_block_stop', { index })
    })
    // The real API repeats the whole usage here, and the engine takes the final counts from it.
    send('message_delta', { delta: { stop_reason: msg.stop_reason, stop_sequence: null }, usage: { ...msg.usage } })
    send('message_stop', {})
    res.end()
  }

  const json = (res, status, obj, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${n}`, ...headers })
    res.end(JSON.stringify(obj))
  }

  const server = http.createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]
      if (req.method !== 'POST' || path !== '/v1/messages') {
        if (path === '/api/hello') return json(res, 200, {})
        if (path === '/v1/messages/count_tokens') {
          if (!opts.measureInput) return json(res, 200, { input_tokens: inputTokens })
          let counted = null
          try {
            counted = JSON.parse(Buffer.concat(chunks).toString('utf8'))
          } catch {
            // not JSON: measured as empty
          }
          return json(res, 200, { input_tokens: usageOf(counted).input_tokens })
        }
        return json(res, 404, { type: 'error', error: { type: 'not_found_error', message: `fake model: no ${req.method} ${path}` } })
      }
      let body = null
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'fake model: body is not JSON' } })
      }
      n++
      const d = decide(body)
      const headers = { ...req.headers }
      for (const k of ['x-api-key', 'authorization']) if (headers[k]) headers[k] = '[redacted]'
      const entry = { n, at: new Date().toISOString(), url: req.url, headers, body, kind: d.kind }
      const answer = () => {
        if (d.status) {
          appendFileSync(opts.log, JSON.stringify({ ...entry, reply: { status: d.status } }) + '\n')
          const type = d.errorType ?? (d.status === 529 ? 'overloaded_error' : d.status < 500 ? 'invalid_request_error' : 'api_error')
          const retry = d.retry === false ? { 'x-should-retry': 'false' } : {}
          return json(res, d.status, { type: 'error', error: { type, message: d.message ?? `fake model: scripted ${d.status}` } }, retry)
        }
        const msg = messageOf(body, d)
        appendFileSync(opts.log, JSON.stringify({ ...entry, reply: msg.content }) + '\n')
        return body.stream ? sse(res, msg) : json(res, 200, msg)
      }
      const u = newestUser(body)
      const slow = (opts.slow ?? []).find((x) => new RegExp(x.match, 's').test(u ? textOf(u.content) : ''))
      const wait = slow ? slow.ms : opts.latencyMs
      if (wait) {
        const h = { n: entry.n, kind: d.kind }
        held.add(h)
        timers.set(
          h,
          setTimeout(() => {
            held.delete(h)
            timers.delete(h)
            answer()
          }, wait),
        )
      } else answer()
    })
  })
  await new Promise((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const port = server.address().port
  if (opts.portFile) writeFileSync(opts.portFile, String(port))
  writeFileSync(opts.log, '', { flag: 'a' })
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    logFile: opts.log,
    /** Changes the latency of every reply from now on (the bench runs one session at several). */
    setLatency(ms) {
      opts.latencyMs = ms
    },
    /** The requests received and not answered yet (waiting out their latency), oldest first. */
    held() {
      return [...held].map(({ n, kind }) => ({ n, kind }))
    },
    /** Every logged request, oldest first. */
    requests() {
      return readFileSync(opts.log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    },
    close() {
      // A held reply is never sent: its connection is closed below, and its log has gone with the lab.
      for (const t of timers.values()) clearTimeout(t)
      timers.clear()
      held.clear()
      return new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      })
    },
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const env = process.env
  const fake = await startFakeModel({
    port: Number(env.FAKE_PORT ?? 0),
    portFile: env.FAKE_PORT_FILE,
    log: env.FAKE_LOG ?? './fake-model.jsonl',
    script: env.FAKE_SCRIPT,
    inputTokens: env.FAKE_INPUT_TOKENS ? Number(env.FAKE_INPUT_TOKENS) : undefined,
    measureInput: env.FAKE_MEASURE_INPUT === '1',
    cacheReadTokens: env.FAKE_CACHE_READ_TOKENS ? Number(env.FAKE_CACHE_READ_TOKENS) : undefined,
    cacheWriteTokens: env.FAKE_CACHE_WRITE_TOKENS ? Number(env.FAKE_CACHE_WRITE_TOKENS) : undefined,
    fail: env.FAKE_FAIL,
    restoreFiles: env.FAKE_RESTORE_FILES
      ? env.FAKE_RESTORE_FILES.split(/[\n,]/)
          .map((p) => p.trim())
          .filter(Boolean)
      : undefined,
    latencyMs: env.FAKE_LATENCY_MS ? Number(env.FAKE_LATENCY_MS) : undefined,
  })
  console.log(`fake model on ${fake.url} (log ${fake.logFile})`)
  const stop = () => fake.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
