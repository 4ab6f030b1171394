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
 *      Rule = { name?, match: "<regex>", in?: "last-user" (default) | "body", tools?: true,
 *               times?: N, reply: Reply }
 *      and Reply = { text } | { tool, input, text? } | { status, errorType?, message? }.
 *      `times` makes a rule (e.g. a failure) apply to its first N matching requests only;
 *      `tools: true` only to requests that offer tools (never a $.model.complete call).
 *   2. the engine's compaction prompt        -> "<analysis>…</analysis><summary>FAKE SUMMARY #n …</summary>"
 *   3. newest user message holds a tool_result -> "Tool finished: <start of its text>"
 *   4. "FAKE_TOOL:<Name> <json>" in the newest user text, tools offered -> one tool_use
 *   5. anything else                          -> "Fake reply #n."
 * Every POST /v1/messages is logged as one JSONL line: { n, at, url, headers, body, kind, reply }.
 * `kind` is the rule that answered: `script:<name>`, `compaction`, `tool-result`, `tool`, `text`.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { fileURLToPath } from 'node:url'

const COMPACTION_PROMPT = /create a detailed summary of the conversation|summary of the RECENT portion|Respond with TEXT ONLY/

function textOf(content) {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.filter((b) => b && b.type === 'text').map((b) => b.text).join('\n')
}

function newestUser(body) {
  const msgs = (body && Array.isArray(body.messages) && body.messages) || []
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i].role === 'user') return msgs[i]
  return null
}

/** Loads a reply script: a path to JSON, an object, or nothing. */
function loadScript(script) {
  if (!script) return []
  const parsed = typeof script === 'string' ? JSON.parse(readFileSync(script, 'utf8')) : script
  return (parsed.rules ?? []).map((r, i) => ({ ...r, name: r.name ?? `rule${i + 1}`, re: new RegExp(r.match, 's'), used: 0 }))
}

/**
 * Starts the fake. Resolves `{ port, url, logFile, requests(), close() }`.
 * @param {{ port?: number, portFile?: string, log: string, script?: string | object, inputTokens?: number, latencyMs?: number }} opts
 */
export async function startFakeModel(opts) {
  const rules = loadScript(opts.script)
  const inputTokens = opts.inputTokens ?? 50
  let n = 0

  const decide = (body) => {
    const u = newestUser(body)
    const text = u ? textOf(u.content) : ''
    const hasTools = Array.isArray(body?.tools) && body.tools.length > 0
    const whole = JSON.stringify(body ?? '')
    for (const r of rules) {
      if (r.times !== undefined && r.used >= r.times) continue
      if (r.tools && !hasTools) continue
      if (!r.re.test(r.in === 'body' ? whole : text)) continue
      r.used++
      return { kind: `script:${r.name}`, ...r.reply, text: r.reply.text?.replaceAll('{n}', String(n)) }
    }
    if (COMPACTION_PROMPT.test(text)) {
      return { kind: 'compaction', text: `<analysis>fake analysis</analysis>\n<summary>FAKE SUMMARY #${n}: the engine's own summary of a conversation with a fake model.</summary>` }
    }
    const result = u && Array.isArray(u.content) ? u.content.find((b) => b.type === 'tool_result') : null
    if (result) return { kind: 'tool-result', text: `Tool finished: ${textOf(result.content) || JSON.stringify(result.content ?? '').slice(0, 60)}`.slice(0, 120) }
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
      usage: { input_tokens: inputTokens, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
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
    send('message_delta', { delta: { stop_reason: msg.stop_reason, stop_sequence: null }, usage: { output_tokens: msg.usage.output_tokens } })
    send('message_stop', {})
    res.end()
  }

  const json = (res, status, obj) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${n}` })
    res.end(JSON.stringify(obj))
  }

  const server = http.createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]
      if (req.method !== 'POST' || path !== '/v1/messages') {
        if (path === '/api/hello') return json(res, 200, {})
        if (path === '/v1/messages/count_tokens') return json(res, 200, { input_tokens: inputTokens })
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
          const type = d.errorType ?? (d.status === 529 ? 'overloaded_error' : 'api_error')
          return json(res, d.status, { type: 'error', error: { type, message: d.message ?? `fake model: scripted ${d.status}` } })
        }
        const msg = messageOf(body, d)
        appendFileSync(opts.log, JSON.stringify({ ...entry, reply: msg.content }) + '\n')
        return body.stream ? sse(res, msg) : json(res, 200, msg)
      }
      if (opts.latencyMs) setTimeout(answer, opts.latencyMs)
      else answer()
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
    /** Every logged request, oldest first. */
    requests() {
      return readFileSync(opts.log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
    },
    close() {
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
    latencyMs: env.FAKE_LATENCY_MS ? Number(env.FAKE_LATENCY_MS) : undefined,
  })
  console.log(`fake model on ${fake.url} (log ${fake.logFile})`)
  const stop = () => fake.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
