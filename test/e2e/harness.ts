/**
 * Runs the real Claude Code engine (the pinned devDependency) against the project's fake model,
 * in a lab: a throwaway HOME and CLAUDE_CONFIG_DIR, a clean environment, the plugin loaded from
 * plugin/ with --plugin-dir, its userConfig in settings. Plus readers for what the fake saw and
 * what the plugin stored.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, delimiter, join, relative, resolve } from 'node:path'
import { ENGINE_VERSION } from '../engine-pin.ts'
import { type FakeModel, type FakeRequest, type FakeRule, startFakeModel } from './fake-model.mjs'

export const repoRoot = resolve(import.meta.dirname, '..', '..')
export const claudeBin = join(repoRoot, 'node_modules', '.bin', 'claude')
export const pluginDir = join(repoRoot, 'plugin')
export const PLUGIN_KEY = 'compact-handoff@inline'

/** Why the engine tests cannot run here, or false when they can. */
export const skipWithoutEngine: string | false =
  existsSync(claudeBin) && existsSync(join(pluginDir, 'dist', 'compact-handoff.mjs'))
    ? false
    : `engine e2e skipped: ${existsSync(claudeBin) ? 'plugin/dist is not built (npm run build)' : 'node_modules/.bin/claude is missing (npm ci)'}`

export interface LabOptions {
  name: string
  /** The plugin's userConfig values, or false to run without the plugin. */
  plugin?: Record<string, string | number | boolean> | false
  /** Extra environment for the engine (and so for the pipeline child it starts). */
  env?: Record<string, string>
  /** The fake's reply script, ahead of its built-in replies (`{project}` in a rule stands for the
   *  lab's project folder). */
  script?: FakeRule[]
  /** Installs the probe section (a third-party section package) through COMPACT_HANDOFF_CONFIG. */
  probe?: { file?: string }
  /** A PATH that has everything in it but node. */
  withoutNode?: boolean
  /** usage.input_tokens the fake reports on every reply (with --autocompact, to make the engine compact). */
  inputTokens?: number
  /** The rest of the fake's settings: cache counts, failure injection, the files its summary names
   *  (where `{project}` stands for the lab's project folder). */
  fake?: Pick<FakeOptions, 'cacheReadTokens' | 'cacheWriteTokens' | 'measureInput' | 'fail' | 'restoreFiles' | 'latencyMs' | 'slow'>
  /** More of the engine's settings.json (e.g. `permissions`), beside the plugin's userConfig. */
  settings?: Record<string, unknown>
  /** Other plugins' folders, each loaded with --plugin-dir beside this one (e.g. examples/seam-plugin). */
  plugins?: string[]
}

type FakeOptions = Parameters<typeof startFakeModel>[0]

export interface Turn {
  events: any[]
  result: any
  ms: number
}

export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
  ms: number
  events: any[]
}

/** The fake model's reply to the probe section, on both the fork and the completion path. */
export const PROBE_RULE: FakeRule = { name: 'probe', match: 'CH_PROBE_FORK', reply: { text: 'PROBE ANSWER #{n}' } }

/** A stream-json session: one process, turns written one at a time. */
export class Session {
  readonly events: any[] = []
  sessionId: string | null = null
  private buffered = ''
  private waiting: ((e: any) => void) | null = null
  private exited: Promise<number | null>

  constructor(
    private readonly proc: ChildProcess,
    readonly stderr: { text: string },
  ) {
    proc.stdout!.setEncoding('utf8')
    proc.stdout!.on('data', (d: string) => {
      this.buffered += d
      for (let nl; (nl = this.buffered.indexOf('\n')) >= 0;) {
        const line = this.buffered.slice(0, nl)
        this.buffered = this.buffered.slice(nl + 1)
        let e: any
        try {
          e = JSON.parse(line)
        } catch {
          continue
        }
        this.events.push(e)
        if (e.session_id && !this.sessionId) this.sessionId = e.session_id
        if (e.type === 'result' && this.waiting) this.waiting(e)
      }
    })
    this.exited = new Promise((res) => proc.on('exit', (code) => res(code)))
  }

  /** Writes one user line and waits for its `result` event. */
  async send(text: string, timeoutMs = 60_000): Promise<Turn> {
    const from = this.events.length
    const started = performance.now()
    const result = await new Promise<any>((res, rej) => {
      const t = setTimeout(
        () => rej(new Error(`no result for ${JSON.stringify(text)} within ${timeoutMs} ms; stderr: ${this.stderr.text.slice(-500)}`)),
        timeoutMs,
      )
      this.waiting = (e) => {
        clearTimeout(t)
        this.waiting = null
        res(e)
      }
      this.proc.stdin!.write(JSON.stringify({ type: 'user', message: { role: 'user', content: text } }) + '\n')
    })
    return { events: this.events.slice(from), result, ms: performance.now() - started }
  }

  /** Ends stdin and waits for the process to exit. */
  async close(): Promise<number | null> {
    this.proc.stdin!.end()
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 20_000)
    const code = await this.exited
    clearTimeout(timer)
    return code
  }
}

/** The global config an unattended engine needs: no onboarding, the dummy key approved, the
 *  project trusted (ENGINE.md §2). Without it the TUI stops on dialogs. */
/** Every line of `text` that is JSON, parsed; the engine's stream mixes in lines that are not. */
export function parseJsonLines(text: string): any[] {
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        return [JSON.parse(l)]
      } catch {
        return []
      }
    })
}

export function seedEngineConfig(configDir: string, project: string): void {
  writeFileSync(
    join(configDir, '.claude.json'),
    JSON.stringify({
      hasCompletedOnboarding: true,
      lastOnboardingVersion: ENGINE_VERSION,
      theme: 'dark',
      customApiKeyResponses: { approved: ['dummy'], rejected: [] },
      projects: { [project]: { hasTrustDialogAccepted: true } },
    }),
  )
}

export class Lab {
  readonly dir: string
  readonly home: string
  readonly configDir: string
  readonly project: string
  readonly dataDir: string
  private debugCount = 0
  /** Engine processes still running, killed by close() so a failed test cannot leave one behind. */
  private readonly running = new Set<ChildProcess>()
  /** Whether engine processes get --plugin-dir plugin/ (from `plugin` in the options; the bench flips it). */
  withPlugin: boolean
  private constructor(
    readonly opts: LabOptions,
    readonly fake: FakeModel,
    dir: string,
  ) {
    this.dir = dir
    this.home = join(dir, 'home')
    this.configDir = join(this.home, '.claude')
    this.project = join(dir, 'project')
    this.dataDir = join(dir, 'data')
    this.withPlugin = opts.plugin !== false && opts.plugin !== undefined
  }

  static async create(opts: LabOptions): Promise<Lab> {
    const dir = mkdtempSync(join(tmpdir(), `ch-${opts.name}-`))
    // The built-in sections' prompts are answered by the fake's own default rules (by marker).
    // `{project}` in the script and in restoreFiles is the lab's project folder, known only from here on.
    const project = join(dir, 'project')
    const restoreFiles = opts.fake?.restoreFiles?.map((p) => p.replaceAll('{project}', project))
    const script = (opts.script ?? []).map(
      (r) =>
        JSON.parse(
          JSON.stringify(r).replaceAll(
            '{project}',
            project.replace(/["\\]/g, (c) => `\\${c}`),
          ),
        ) as FakeRule,
    )
    const fake = await startFakeModel({
      log: join(dir, 'requests.jsonl'),
      script: { rules: [...script, PROBE_RULE] },
      inputTokens: opts.inputTokens,
      ...opts.fake,
      ...(restoreFiles ? { restoreFiles } : {}),
    })
    const lab = new Lab(opts, fake, dir)
    mkdirSync(lab.configDir, { recursive: true })
    mkdirSync(lab.project, { recursive: true })
    seedEngineConfig(lab.configDir, lab.project)
    if (opts.settings) lab.writeSettings(opts.settings)
    if (opts.plugin) lab.setOptions(opts.plugin)
    if (opts.probe) lab.installProbe(opts.probe)
    if (opts.withoutNode) lab.pathWithoutNode()
    return lab
  }

  /** The plugin's userConfig, where the engine keeps it for a --plugin-dir plugin. */
  setOptions(options: Record<string, string | number | boolean>): void {
    this.writeSettings({ pluginConfigs: { [PLUGIN_KEY]: { options } } })
  }

  /** Merges top-level keys into the engine's settings.json (e.g. `permissions`). */
  writeSettings(extra: Record<string, unknown>): void {
    const file = join(this.configDir, 'settings.json')
    const now = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {}
    writeFileSync(file, JSON.stringify({ ...now, ...extra }, null, 2))
  }

  /** The probe section as an npm package beside a pipeline config that adds it. */
  private installProbe(probe: { file?: string }): void {
    const root = join(this.dir, 'sections')
    const pkg = join(root, 'node_modules', 'ch-probe-section')
    mkdirSync(pkg, { recursive: true })
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'ch-probe-section', version: '1.0.0', type: 'module', main: 'index.mjs' }))
    copyFileSync(join(import.meta.dirname, 'fixtures', 'probe-section.mjs'), join(pkg, 'index.mjs'))
    // The read policy keeps a section's reads inside the session's project: the probe reads a copy
    // of the file there (same name), as a session's own file would be.
    const file = probe.file ? join(this.project, basename(probe.file)) : undefined
    if (probe.file) copyFileSync(probe.file, file!)
    const options = file ? `\n    options:\n      file: ${JSON.stringify(file)}` : ''
    writeFileSync(join(root, 'pipeline.config.yaml'), `sections:\n  - name: probe\n    package: ch-probe-section${options}\n`)
  }

  private pathWithoutNode(): void {
    const bin = join(this.dir, 'bin')
    mkdirSync(bin)
    for (const d of (process.env.PATH ?? '').split(delimiter)) {
      if (!d || !existsSync(d)) continue
      for (const name of readdirSync(d)) {
        if (name === 'node' || name === 'nodejs' || existsSync(join(bin, name))) continue
        try {
          symlinkSync(join(d, name), join(bin, name))
        } catch {
          // a name twice on PATH: the first wins, as PATH would have it
        }
      }
    }
  }

  /** The engine's environment: nothing inherited but PATH, so no outer session leaks in. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    const env: Record<string, string> = {
      PATH: this.opts.withoutNode ? join(this.dir, 'bin') : (process.env.PATH ?? '/usr/bin:/bin'),
      HOME: this.home,
      CLAUDE_CONFIG_DIR: this.configDir,
      ANTHROPIC_BASE_URL: this.fake.url,
      ANTHROPIC_API_KEY: 'dummy',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      IS_SANDBOX: '1',
      TERM: 'dumb',
      COMPACT_HANDOFF_DATA_DIR: this.dataDir,
      ...(this.opts.probe ? { COMPACT_HANDOFF_CONFIG: join(this.dir, 'sections', 'pipeline.config.yaml') } : {}),
      ...(this.opts.env ?? {}),
      ...extra,
    }
    return env
  }

  /** A fresh debug file for the next engine process. */
  nextDebugFile(): string {
    return join(this.dir, `debug-${++this.debugCount}.log`)
  }

  private args(extra: string[]): string[] {
    return [
      '--dangerously-skip-permissions',
      '--debug-file',
      this.nextDebugFile(),
      ...(this.withPlugin ? ['--plugin-dir', pluginDir] : []),
      ...(this.opts.plugins ?? []).flatMap((p) => ['--plugin-dir', p]),
      ...extra,
    ]
  }

  /** Starts a stream-json session (stream-json input, so a later /compact can fork). */
  session(extra: string[] = [], env: Record<string, string> = {}): Session {
    const proc = spawn(claudeBin, ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', ...this.args(extra)], {
      cwd: this.project,
      env: this.env(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    this.running.add(proc)
    proc.on('exit', () => this.running.delete(proc))
    const stderr = { text: '' }
    proc.stderr!.setEncoding('utf8')
    proc.stderr!.on('data', (d: string) => {
      stderr.text = (stderr.text + d).slice(-20_000)
    })
    return new Session(proc, stderr)
  }

  /** One `claude -p` run, e.g. `['--resume', id, '/compact']`, with stream-json output. */
  async run(args: string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<RunResult> {
    const started = performance.now()
    const proc = spawn(claudeBin, ['--output-format', 'stream-json', '--verbose', ...this.args(args.slice(0, -1)), '-p', args.at(-1)!], {
      cwd: this.project,
      env: this.env(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    proc.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs)
    const code = await new Promise<number | null>((res) => proc.on('exit', (c) => res(c)))
    clearTimeout(timer)
    const events = parseJsonLines(stdout)
    return { code, stdout, stderr, ms: performance.now() - started, events }
  }

  requests(): FakeRequest[] {
    return this.fake.requests()
  }

  /** The fake's requests whose newest user text contains `text`. */
  requestsWith(text: string): FakeRequest[] {
    return this.requests().filter((r) => newestUserText(r).includes(text))
  }

  /** The plugin's own data folder (CLAUDE_PLUGIN_DATA of a --plugin-dir plugin). */
  pluginData(): string {
    return join(this.configDir, 'plugins', 'data', 'compact-handoff-inline')
  }

  /** Every compaction row stored, oldest first, with the path it was found at (`storedRows`). */
  rows(): StoredRow[] {
    return [...storedRows(this.dataDir), ...storedRows(join(this.pluginData(), 'rows'))].sort((a, b) => String(a.at).localeCompare(String(b.at)))
  }

  /** Waits until `count` rows are stored and none is pending any more (a rehearsal's late part
   *  finishes after the engine compacted), then returns them. */
  async settledRows(count: number, timeoutMs = 60_000): Promise<Array<Record<string, any> & { path: string }>> {
    const until = Date.now() + timeoutMs
    for (;;) {
      const rows = this.rows()
      if (rows.length >= count && rows.every((r) => r.outcome !== 'pending')) return rows
      if (Date.now() > until) throw new Error(`rows not settled within ${timeoutMs} ms: ${JSON.stringify(rows.map((r) => [r.outcome, r.reason]))}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  /** The handoff file a row names, or null. */
  handoffOf(row: { path: string; files?: { handoff: string | null } }): string | null {
    if (!row.files?.handoff) return null
    return readFileSync(join(this.dataDir, row.files.handoff), 'utf8')
  }

  /** The session's transcript file, where the engine keeps it. */
  transcriptOf(sessionId: string): string {
    const projects = join(this.configDir, 'projects')
    for (const d of existsSync(projects) ? readdirSync(projects) : []) {
      const p = join(projects, d, `${sessionId}.jsonl`)
      if (existsSync(p)) return p
    }
    throw new Error(`no transcript for session ${sessionId} under ${projects}`)
  }

  debugLog(n: number): string {
    const p = join(this.dir, `debug-${n}.log`)
    return existsSync(p) ? readFileSync(p, 'utf8') : ''
  }

  relative(p: string): string {
    return relative(this.dir, p)
  }

  /** Stops what the lab runs (its sessions, the fake model); its folder goes unless `keep` (or
   *  CH_E2E_KEEP) says to leave it. */
  async close(keep = false): Promise<void> {
    for (const proc of this.running) proc.kill('SIGKILL')
    await this.fake.close()
    if (process.env.CH_E2E_KEEP) console.error(`kept lab ${this.dir}`)
    else if (!keep) rmSync(this.dir, { recursive: true, force: true })
  }
}

// ---- readers of a request body --------------------------------------------------------------

type Block = Record<string, any>

export function blocksOf(content: string | Block[]): Block[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content
}

export function newestUserText(r: FakeRequest): string {
  const msgs = r.body.messages
  for (let i = msgs.length - 1; i >= 0; i--) {
    if (msgs[i]!.role === 'user')
      return blocksOf(msgs[i]!.content)
        .filter((b) => b.type === 'text')
        .map((b) => b.text)
        .join('\n')
  }
  return ''
}

const isReminder = (b: Block) => b.type === 'text' && /^\s*<system-reminder>/.test(b.text)

/** The first text of the conversation that is not one of the engine's system reminders. */
export function firstUserText(r: FakeRequest): string {
  const first = r.body.messages.find((m) => m.role === 'user')
  if (!first) return ''
  return blocksOf(first.content).find((b) => b.type === 'text' && !isReminder(b))?.text ?? ''
}

/** Text blocks (reminders and the system role aside) that appear more than once. */
export function duplicatedTexts(r: FakeRequest): string[] {
  const seen = new Map<string, number>()
  for (const m of r.body.messages) {
    if (m.role === 'system') continue
    for (const b of blocksOf(m.content)) {
      if (b.type !== 'text' || isReminder(b) || b.text.trim() === '') continue
      seen.set(b.text, (seen.get(b.text) ?? 0) + 1)
    }
  }
  return [...seen].filter(([, n]) => n > 1).map(([t]) => t)
}

/** Every tool_use id in the request, and the ones without a tool_result right after them. */
export function toolPairing(r: FakeRequest): { uses: string[]; unpaired: string[]; orphanResults: string[]; duplicateUses: string[] } {
  const msgs = r.body.messages.filter((m) => m.role !== 'system')
  const uses: string[] = []
  const unpaired: string[] = []
  const orphanResults: string[] = []
  const seen = new Set<string>()
  const duplicateUses: string[] = []
  msgs.forEach((m, i) => {
    for (const b of blocksOf(m.content)) {
      if (b.type === 'tool_use') {
        if (seen.has(b.id)) duplicateUses.push(b.id)
        seen.add(b.id)
        uses.push(b.id)
        const next = msgs[i + 1]
        const answered = next && next.role === 'user' && blocksOf(next.content).some((x) => x.type === 'tool_result' && x.tool_use_id === b.id)
        if (!answered) unpaired.push(b.id)
      }
      if (b.type === 'tool_result' && !seen.has(b.tool_use_id)) orphanResults.push(b.tool_use_id)
    }
  })
  return { uses, unpaired, orphanResults, duplicateUses }
}

export type StoredRow = Record<string, any> & { path: string }

/**
 * Every compaction row under `dir` (a data dir, or any folder of one), in the order found. A
 * rehearsal's pending row reads as its completion (`NNN-<iso>.late.json`) once there is one, as
 * the store's readers take it; `pendingPath` is then where the pending row is. A row the hooks
 * module is still writing ($.fs.write is not atomic) reads as not there yet.
 */
export function storedRows(dir: string): StoredRow[] {
  const out: StoredRow[] = []
  const parsed = (file: string): Record<string, any> | null => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      return null
    }
  }
  const walk = (d: string) => {
    if (!existsSync(d)) return
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      // The store is live: a file listed a moment ago (a SQLite journal) may be gone by now.
      const st = statSync(p, { throwIfNoEntry: false })
      if (!st) continue
      if (st.isDirectory()) {
        if (name !== 'runs') walk(p)
      } else if (/^\d{3,}-[^.]+\.json$/.test(name)) {
        const late = p.replace(/\.json$/, '.late.json')
        const lateRow = existsSync(late) ? parsed(late) : null
        const row = lateRow ?? parsed(p)
        if (row) out.push(lateRow ? { ...row, path: late, pendingPath: p } : { ...row, path: p })
      }
    }
  }
  walk(dir)
  return out
}

export const MARKER_RE = /^<!-- compact-handoff: session=(\S+) n=(\d+) prev=(\d+|none) -->/
