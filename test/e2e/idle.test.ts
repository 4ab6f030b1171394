/**
 * compact-idle in the real engine. `$.session.compact` works only in the interactive TUI, so
 * this drives Claude Code under tmux: a lab HOME, the project's fake model reporting a
 * 250,000-token context, compact-handoff and compact-idle loaded side by side, and compact-idle's
 * delay shortened to 3 s. One answered turn, then idle: the compaction must fire once, reach
 * compact-handoff as `trigger: 'plugin'`, and leave its one line in the session transcript.
 *
 * The engine's own idle compaction is also driven to fire (`native: 'fires'`). The engine arms it
 * at the end of a turn for 90 % of its one-hour cache constant (3,600,000 ms) after the last
 * request, on the wall clock, and no setting or variable moves that (2.1.328; the README's
 * compact-idle section has the reading). So the engine runs under libfaketime (Debian's `faketime`
 * package), its clock read from a file the test moves 54 minutes on once the turn has ended: the
 * timer is due, and fires within its minute. Without libfaketime the case waits the 55 minutes,
 * and only when CH_E2E_NATIVE_IDLE=1 asks for it. The fake reports its cache writes as one-hour
 * ones (CLAUDE_CODE_PROMPT_CACHE_TTL=1h asks for them).
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type FakeModel, startFakeModel } from './fake-model.mjs'
import { claudeBin, parseJsonLines, PLUGIN_KEY, pluginDir, repoRoot, seedEngineConfig, skipWithoutEngine, type StoredRow, storedRows } from './harness.ts'

const idleDir = join(repoRoot, 'plugins', 'idle')
/** What the fake reports on every reply: 1,000 uncached, 230,000 read from the cache and 19,000
 *  written to it — a 250,000-token context, and a summarizer cache hit of 92.0%. */
const USAGE = { inputTokens: 1_000, cacheReadTokens: 230_000, cacheWriteTokens: 19_000 }
/** compact-idle's userConfig for the run: due 3 s after a turn, too late after 60 s. */
const IDLE_OPTIONS = { delay: 0.05, latest: 1 }
/**
 * The one line, hit rate included: the engine reads the summarizer's usage from the stream's
 * message_delta, where the fake states all four counts as the real API does.
 */
const LINE =
  /^compact-idle: compacted 250,\d{3} tokens of idle context while the prompt cache was still warm; summarizer cache hit 92\.0% \(230,000 read, 19,000 written, 1,000 uncached\)$/

const hasTmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0
const skip = skipWithoutEngine || (hasTmux ? false : 'idle e2e skipped: tmux is not installed (apt-get install tmux)')
/** The engine fires its own idle compaction 54 minutes after the last request: the run waits that out. */
const NATIVE_FIRES_MS = 0.9 * 3_600_000
/** libfaketime, where Debian's `faketime` package puts it: with it the engine's clock is moved, not waited out. */
const LIBFAKETIME = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'].find((f) => existsSync(f))
/** How long the engine's own idle compaction takes to come, real time: seconds with libfaketime. */
const NATIVE_WAIT_MS = LIBFAKETIME ? 120_000 : NATIVE_FIRES_MS + 240_000
const skipFires =
  skip ||
  (LIBFAKETIME || process.env.CH_E2E_NATIVE_IDLE === '1'
    ? false
    : "the engine's own idle compaction takes 55 minutes to fire without libfaketime (apt-get install faketime), and CH_E2E_NATIVE_IDLE=1 waits them out")

/** Polls `read` every 200 ms until it returns something truthy; fails with `what` after `ms`. */
async function waitFor<T>(what: string, ms: number, read: () => T | undefined | null | false, explain: () => string = () => ''): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = read()
    if (v) return v
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}\n${explain()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * libfaketime leaves its semaphore and shared memory in /dev/shm, named by the pid that made them,
 * and a later process given that pid fails to start on them: the ones whose process is gone go.
 */
function clearStaleFaketime(): void {
  if (!existsSync('/dev/shm')) return
  for (const name of readdirSync('/dev/shm')) {
    const pid = /faketime_(?:sem|shm)_(\d+)$/.exec(name)?.[1]
    if (pid && !alive(Number(pid))) rmSync(join('/dev/shm', name), { force: true })
  }
}

const jsonLines = (file: string): any[] => (existsSync(file) ? parseJsonLines(readFileSync(file, 'utf8')) : [])

/** herdr around one compaction: the pane reported idle, the screen read until idle, the pane released, the session reported. */
function assertHerdrAround(calls: string[][], sessionId: string): void {
  const verbs = calls.map((c) => c.slice(0, 2).join(' '))
  assert.equal(verbs[0], 'pane report-agent', JSON.stringify(calls))
  assert.deepEqual(calls[0]!.slice(-2), ['--agent-session-id', sessionId])
  assert.ok(verbs.includes('agent explain'), JSON.stringify(calls))
  assert.deepEqual(verbs.slice(-2), ['pane release-agent', 'pane report-agent-session'])
  assert.equal(verbs.filter((v) => v === 'pane report-agent').length, 1, 'one compaction, one idle report')
}

/** `fires`: compact-handoff rehearses (its default) beside the engine's own idle compaction;
 *  `fires live`: compact-handoff switched live, its handoff is that compaction. */
for (const native of ['off', 'on', 'fires', 'fires live'] as const)
  describe(`compact-idle in the TUI, the engine's own idle compaction ${native}`, { skip: native.startsWith('fires') ? skipFires : skip }, () => {
    const fires = native.startsWith('fires')
    const live = native === 'fires live'
    let dir = ''
    let fake: FakeModel
    let socket = ''
    let panePid = 0
    const paths = { home: '', config: '', project: '', data: '', debug: '', herdr: '', herdrLog: '', clock: '' }
    /** The herdr calls, each as its argv after the executable. */
    const herdrCalls = (): string[][] => jsonLines(paths.herdrLog)

    const tmux = (...args: string[]) => spawnSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', timeout: 10_000 })
    const screen = () => tmux('capture-pane', '-p', '-t', 'idle').stdout ?? ''
    const debugLog = () => (existsSync(paths.debug) ? readFileSync(paths.debug, 'utf8') : '')
    // The engine's last debug lines too: a wait that fails with the plugins quiet (a first request
    // that never came, seen once under a loaded suite) says what the engine was doing instead.
    const explain = () =>
      `--- screen ---\n${screen()}\n--- compact-idle debug lines ---\n${debugLog()
        .split('\n')
        .filter((l) => l.includes('compact-idle'))
        .join(
          '\n',
        )}\n--- the debug log's last 40 lines ---\n${debugLog().trimEnd().split('\n').slice(-40).join('\n')}\n--- requests the fake model saw: ${fake?.requests().length ?? 0} ---`

    /**
     * Types a prompt and submits it. Keys sent while the TUI is still settling can be dropped, so
     * it waits to see the text in the prompt box (typing it again if not), and presses Enter
     * again if no turn starts.
     */
    const submit = async (text: string) => {
      for (let attempt = 1; ; attempt++) {
        tmux('send-keys', '-t', 'idle', '-l', text)
        const typed = await waitFor('the prompt to show', 3_000, () => screen().includes(text)).catch(() => false)
        if (typed) break
        if (attempt === 3) throw new Error(`the prompt never showed in the TUI\n${explain()}`)
        tmux('send-keys', '-t', 'idle', 'C-u')
      }
      for (let attempt = 1; ; attempt++) {
        tmux('send-keys', '-t', 'idle', 'Enter')
        const began = await waitFor('the turn to start', 5_000, () => debugLog().includes('compact-idle@inline turn.start')).catch(() => false)
        if (began) return
        if (attempt === 3) throw new Error(`no turn started after Enter\n${explain()}`)
      }
    }

    /** The session transcript the TUI writes, once there is one. */
    const transcript = (): string | null => {
      const projects = join(paths.config, 'projects')
      if (!existsSync(projects)) return null
      for (const d of readdirSync(projects)) {
        const f = readdirSync(join(projects, d)).find((n) => n.endsWith('.jsonl'))
        if (f) return join(projects, d, f)
      }
      return null
    }

    /** compact-handoff's rows for a session, in either store mode. */
    const rows = (sessionId: string): StoredRow[] => storedRows(paths.data).filter((r) => r.sessionId === sessionId)

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'idle-e2e-'))
      Object.assign(paths, {
        home: join(dir, 'home'),
        config: join(dir, 'home', '.claude'),
        project: join(dir, 'project'),
        data: join(dir, 'data'),
        debug: join(dir, 'debug.log'),
        herdr: join(dir, 'herdr'),
        herdrLog: join(dir, 'herdr-calls.jsonl'),
        clock: join(dir, 'faketime'),
      })
      socket = join(dir, 'tmux.sock')
      // The TUI writes type declarations into every --plugin-dir it loads; give it copies, so it
      // does not write into the working tree while a typecheck reads there.
      const copy = (from: string, name: string) => {
        const to = join(dir, 'plugins', name)
        cpSync(from, to, { recursive: true, filter: (src) => !src.includes(`${join('.claude-plugin', 'types')}`) })
        return to
      }
      const handoffCopy = copy(pluginDir, 'compact-handoff')
      const idleCopy = copy(idleDir, 'compact-idle')
      mkdirSync(paths.config, { recursive: true })
      mkdirSync(paths.project)
      seedEngineConfig(paths.config, paths.project)
      writeFileSync(
        join(paths.config, 'settings.json'),
        // The engine's own idle compaction defaults to on, and compact-idle stands down while it is on.
        JSON.stringify({
          skipDangerousModePermissionPrompt: true,
          ...(native === 'off' ? { idleCompaction: false } : {}),
          pluginConfigs: { 'compact-idle@inline': { options: IDLE_OPTIONS }, ...(live ? { [PLUGIN_KEY]: { options: { live: true } } } : {}) },
        }),
      )
      fake = await startFakeModel({ log: join(dir, 'requests.jsonl'), ...USAGE })
      // A stand-in herdr: logs each call's argv as a JSON line, reads the screen idle.
      writeFileSync(
        paths.herdr,
        `#!/bin/sh\nnode -e 'require("fs").appendFileSync(process.argv[1], JSON.stringify(process.argv.slice(2)) + "\\n")' ${JSON.stringify(paths.herdrLog)} "$@"\n[ "$2" = explain ] && echo '{"state":"idle"}'\nexit 0\n`,
        { mode: 0o755 },
      )
      // The engine's whole environment (env -i): nothing of an outer session leaks in.
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: paths.home,
        CLAUDE_CONFIG_DIR: paths.config,
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: 'dummy',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        IS_SANDBOX: '1',
        TERM: 'xterm-256color',
        COMPACT_HANDOFF_DATA_DIR: paths.data,
        HERDR_ENV: '1',
        HERDR_PANE_ID: 'w1:p1',
        HERDR_BIN_PATH: paths.herdr,
        // The engine's own idle compaction fires only on a one-hour cache.
        ...(fires ? { CLAUDE_CODE_PROMPT_CACHE_TTL: '1h' } : {}),
      }
      writeFileSync(paths.clock, '+0\n')
      if (fires && LIBFAKETIME) clearStaleFaketime()
      // `timeout --foreground`: plain `timeout` leaves claude stopped by SIGTTIN and the pane blank.
      const started = tmux(
        'new-session',
        '-d',
        '-s',
        'idle',
        '-x',
        '200',
        '-y',
        '50',
        '-c',
        paths.project,
        'env',
        '-i',
        ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
        'timeout',
        '--foreground',
        fires ? String(Math.round(NATIVE_WAIT_MS / 1000) + 360) : '120',
        // The engine's clock, and its children's, read from paths.clock: an offset, "+0" to start
        // with, read again at most once a second. Preloaded into the engine and not into `timeout`
        // above it: libfaketime 0.9.10 fails to start in a process whose parent runs it too.
        ...(fires && LIBFAKETIME ? ['env', `LD_PRELOAD=${LIBFAKETIME}`, `FAKETIME_TIMESTAMP_FILE=${paths.clock}`, 'FAKETIME_CACHE_DURATION=1'] : []),
        claudeBin,
        '--dangerously-skip-permissions',
        '--debug-file',
        paths.debug,
        '--plugin-dir',
        handoffCopy,
        '--plugin-dir',
        idleCopy,
      )
      assert.equal(started.status, 0, `tmux new-session failed: ${started.stderr}`)
      panePid = Number(tmux('display-message', '-p', '-t', 'idle', '#{pane_pid}').stdout.trim()) || 0
    })

    after(async () => {
      if (socket) tmux('kill-server')
      // The pane's process group (timeout, and claude beneath it) gets SIGHUP; let it finish
      // writing, and kill the group if it does not.
      if (panePid) {
        const gone = await waitFor('claude to exit', 10_000, () => !alive(panePid)).catch(() => false)
        if (!gone) {
          try {
            process.kill(-panePid, 'SIGKILL')
          } catch {
            // already gone
          }
        }
      }
      await fake?.close()
      if (fires && LIBFAKETIME) clearStaleFaketime()
      if (process.env.CH_E2E_KEEP) console.error(`kept lab ${dir}`)
      else if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
    })

    /** Ready when the prompt box is drawn; answers the bypass dialog if this engine still asks. */
    const ready = () =>
      waitFor(
        'the TUI to be ready',
        30_000,
        () => {
          const s = screen()
          if (s.includes('Yes, I accept')) {
            tmux('send-keys', '-t', 'idle', 'Down')
            tmux('send-keys', '-t', 'idle', 'Enter')
            return false
          }
          const log = debugLog()
          return (
            s.includes('bypass permissions on') &&
            log.includes('hooks module compact-handoff@inline loaded') &&
            log.includes('hooks module compact-idle@inline loaded')
          )
        },
        explain,
      )

    if (native === 'on')
      test('compact-idle stands down, says so once, and compacts nothing', { timeout: 90_000 }, async () => {
        await ready()
        await submit('Plan the release notes, then wait for me.')
        const standingDown =
          /\[compact-idle\] \$\.ui\.log \(to debug\): standing down: the engine's own idle compaction is on \("idleCompaction" defaults to true\) and compacts this 250,\d{3}-token session itself/
        await waitFor('compact-idle to stand down', 30_000, () => standingDown.test(debugLog()), explain)
        // Well past compact-idle's 3 s delay: nothing reserved, nothing compacted, no row, no line.
        await new Promise((r) => setTimeout(r, 6_000))
        const debug = debugLog()
        assert.equal(debug.split('\n').filter((l) => standingDown.test(l)).length, 1, 'said once')
        assert.doesNotMatch(debug, /compaction reserved in|\$\.session\.compact \(compact-idle\)/)
        assert.equal(fake.requests().filter((r) => r.kind === 'compaction').length, 0)
        const file = transcript()
        const sessionId = file
          ?.split('/')
          .at(-1)
          ?.replace(/\.jsonl$/, '')
        assert.equal(sessionId ? rows(sessionId).length : 0, 0)
        assert.equal(file ? jsonLines(file).filter((l) => l.type === 'system' && typeof l.content === 'string' && LINE.test(l.content)).length : 0, 0)
        assert.deepEqual(herdrCalls(), [], 'no compaction, so the herdr pane is left alone')
      })

    if (native === 'off')
      test('a large idle session compacts once; compact-handoff hears trigger plugin; one line in the transcript', { timeout: 90_000 }, async () => {
        await ready()

        await submit('Plan the release notes, then wait for me.')
        await waitFor(
          'the turn to be answered and the compaction reserved',
          30_000,
          () => debugLog().includes('[compact-idle] $.ui.log (to debug): compaction reserved in 0:03'),
          explain,
        )

        const file = await waitFor('the session transcript', 10_000, transcript, explain)
        const sessionId = file
          .split('/')
          .at(-1)!
          .replace(/\.jsonl$/, '')
        const shown = await waitFor(
          "compact-idle's line in the transcript",
          30_000,
          () => jsonLines(file).find((l) => l.type === 'system' && typeof l.content === 'string' && LINE.test(l.content)),
          explain,
        )
        assert.equal(shown.sessionId, sessionId)

        // compact-handoff heard the compaction compact-idle raised, as trigger 'plugin'.
        const [row, ...more] = (await waitFor('a compact-handoff row', 10_000, () => rows(sessionId).length > 0 && rows(sessionId), explain)) as [
          StoredRow,
          ...StoredRow[],
        ]
        assert.equal(more.length, 0, `one compaction, one row: ${JSON.stringify(more)}`)
        assert.equal(row.trigger, 'plugin', JSON.stringify(row))
        assert.equal(row.sessionId, sessionId)

        const debug = debugLog()
        assert.match(debug, /\[compact-idle\] \$\.ui\.log \(to debug\): the engine's own idle compaction cannot fire: "idleCompaction" is false/)
        assert.match(debug, /\[compact-idle\] \$\.ui\.log \(to debug\): compacting 250,000 tokens, 0:0\d after the turn ended/)
        assert.match(debug, /\$\.session\.compact \(compact-idle\): compacting/)
        assert.match(debug, /\[compact-idle\] \$\.ui\.log \(to debug\): compacted 250,?\d{3} → \d+; summarizer /)
        assert.match(debug, /compact-idle@inline session\.compact skipped: re-entry/)
        assert.match(debug, /hooks module compact-handoff@inline: session\.compact nested in compact-idle/)

        // Once only: well past another delay, still one compaction request and one line.
        await new Promise((r) => setTimeout(r, 4_000))
        assert.equal(fake.requests().filter((r) => r.kind === 'compaction').length, 1)
        assert.equal(jsonLines(file).filter((l) => l.type === 'system' && typeof l.content === 'string' && LINE.test(l.content)).length, 1)
        assert.equal(rows(sessionId).length, 1)
        assert.equal(
          debugLog()
            .split('\n')
            .filter((l) => l.includes('compaction reserved in')).length,
          1,
        )
        // herdr read the pane idle around compact-idle's compaction, and got it back.
        await waitFor(
          'the herdr pane handed back',
          15_000,
          () => debugLog().includes('[compact-idle] $.ui.log (to debug): herdr pane w1:p1 handed back'),
          explain,
        )
        assertHerdrAround(herdrCalls(), sessionId)
      })

    if (fires)
      test(
        `the engine's own idle compaction fires once, 54 minutes on; compact-handoff ${live ? 'answers it with its handoff' : 'rehearses it'} and records it as idle; compact-idle stays silent and keeps herdr's pane idle around it`,
        { timeout: NATIVE_WAIT_MS + 120_000 },
        async () => {
          await ready()
          await submit('Plan the release notes, then wait for me.')
          const file = await waitFor('the session transcript', 30_000, transcript, explain)
          const sessionId = file
            .split('/')
            .at(-1)!
            .replace(/\.jsonl$/, '')
          // The engine's cache record: the request asked for the one-hour cache, and the fake wrote it as such.
          const first = await waitFor('the first request', 30_000, () => fake.requests()[0], explain)
          assert.match(JSON.stringify(first.body), /"cache_control":\{"type":"ephemeral","ttl":"1h"\}/)
          if (LIBFAKETIME) {
            // The turn has ended (the answer is written) and its timer is armed: 54 minutes and 10
            // seconds on, it is due, under its minute late, and the cache still warm.
            await waitFor('the answer in the transcript', 30_000, () => jsonLines(file).some((l) => l.type === 'assistant'), explain)
            await new Promise((r) => setTimeout(r, 2_000))
            writeFileSync(paths.clock, `+${Math.round(NATIVE_FIRES_MS / 1000) + 10}\n`)
          }
          const notice = await waitFor(
            'the engine\'s "Compacted while idle" notice',
            NATIVE_WAIT_MS,
            () => jsonLines(file).find((l) => JSON.stringify(l).includes('Compacted while idle, before the prompt cache expired')),
            explain,
          )
          assert.ok(notice)
          // A rehearsal's row is pending until its late part (the model work after the engine
          // compacted) completes it.
          const settled = () => {
            const found = rows(sessionId)
            return found.length > 0 && found.every((r) => r.outcome !== 'pending') && found
          }
          const [row, ...more] = (await waitFor('a settled compact-handoff row', 60_000, settled, explain)) as [StoredRow, ...StoredRow[]]
          assert.equal(more.length, 0, `one compaction, one row: ${JSON.stringify(more)}`)
          assert.equal(row.trigger, 'idle', JSON.stringify(row))
          if (live) {
            // The handoff is the compaction: the engine's summarizer never ran, and the window after
            // the boundary opens with the handoff, its lineage marker first.
            assert.deepEqual([row.mode, row.outcome], ['live', 'replaced'], JSON.stringify(row))
            assert.equal(fake.requests().filter((r) => r.kind === 'compaction').length, 0, "the engine's summarizer never ran")
            const lines = jsonLines(file)
            const boundary = lines.findIndex((l) => l.type === 'system' && l.subtype === 'compact_boundary')
            const opening = lines.slice(boundary + 1).find((l) => l.type === 'user')
            assert.match(
              String(opening?.message?.content),
              new RegExp(`^<!-- compact-handoff: session=${sessionId} n=001 prev=none -->`),
              'the window opens with the handoff',
            )
          } else {
            assert.deepEqual([row.mode, row.outcome], ['rehearsal', 'rehearsed'], JSON.stringify(row))
            assert.equal(fake.requests().filter((r) => r.kind === 'compaction').length, 1, "the engine's summarizer ran once (a rehearsal)")
          }
          const debug = debugLog()
          // One session.compact, through both plugins' module, and none of compact-idle's own.
          assert.equal(debug.split('\n').filter((l) => /hooks module compact-handoff@inline, compact-idle@inline session\.compact settled/.test(l)).length, 1)
          assert.doesNotMatch(debug, /compaction reserved in|\$\.session\.compact \(compact-idle\)/)
          assert.equal(jsonLines(file).filter((l) => l.type === 'system' && typeof l.content === 'string' && LINE.test(l.content)).length, 0)
          await waitFor(
            'the herdr pane handed back',
            15_000,
            () => debugLog().includes('[compact-idle] $.ui.log (to debug): herdr pane w1:p1 handed back'),
            explain,
          )
          // Rehearsing, compact-idle's session.compact hook hears the compaction beneath
          // compact-handoff; live, compact-handoff answers without next() and its seam tells
          // compact-idle before and after instead.
          assert.match(
            debugLog(),
            live
              ? /\[compact-idle\] \$\.ui\.log \(to debug\): compact-handoff answers the idle session's compaction \(the engine's own idle compaction\) live/
              : /\[compact-idle\] \$\.ui\.log \(to debug\): the engine is compacting the idle session itself/,
          )
          if (live) assert.match(debugLog(), /\[compact-idle\] \$\.ui\.log \(to debug\): subscribed to compact-handoff's compactions/)
          assertHerdrAround(herdrCalls(), sessionId)
        },
      )
  })
