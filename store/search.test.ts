import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { withLock } from './lock.ts'
import {
  chunksOf,
  indexDocs,
  indexPaths,
  indexPending,
  indexStats,
  matcherOf,
  matchLines,
  normalizeText,
  phraseRegExp,
  reindexStore,
  scanSearch,
  search,
} from './search.ts'
import { type CompactionRow, writeCompaction } from './write.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'ch-search-'))
  made.push(d)
  return d
}

const row = (sessionId: string, n: number, mode: 'live' | 'rehearsal' = 'live'): CompactionRow => ({
  v: 1,
  at: new Date(Date.UTC(2026, 0, 1, 0, n, 0)).toISOString(),
  sessionId,
  mode,
  trigger: 'manual',
  outcome: mode === 'live' ? 'replaced' : 'rehearsed',
  reason: null,
  lineage: { n, prev: n > 1 ? n - 1 : null },
})

async function store(dataDir: string, sessionId: string, n: number, transcript: string, opts: { mode?: 'live' | 'rehearsal'; index?: boolean | 'defer' } = {}) {
  return writeCompaction(
    { dataDir, mode: opts.mode ?? 'live', sessionId },
    { row: row(sessionId, n, opts.mode), handoff: `handoff ${n} of ${sessionId}\n`, transcript, index: opts.index },
  )
}

/** Runs a snippet of TypeScript in a child node (through tsx), from the repo root. */
function child(code: string): { done: Promise<number | null>; pid: number; kill: () => void } {
  const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  return { done: new Promise((r) => p.on('exit', (c) => r(c))), pid: p.pid!, kill: () => p.kill('SIGKILL') }
}

describe('store/search: words and lines', () => {
  test('chunks carry their first line and byte range, multibyte text included', () => {
    const text = Array.from({ length: 40 }, (_, i) => `line ${i + 1} naïve ✓ ${'x'.repeat(i * 40)}`).join('\n') + '\n'
    const buf = Buffer.from(text)
    const cs = chunksOf(text)
    assert.ok(cs.length > 2)
    for (const c of cs) {
      assert.equal(
        buf
          .subarray(c.off, c.off + c.len)
          .toString()
          .replace(/\n$/, ''),
        c.body,
      )
      assert.ok(c.body.startsWith(`line ${c.line} `))
    }
    assert.equal(cs.at(-1)!.line + cs.at(-1)!.lines - 1, 40)
  })

  test('the words in order, any case, accents off, the last as a prefix, across a line break', () => {
    const m = (q: string, lines: string[]) => matchLines(lines, matcherOf(q))
    assert.deepEqual(m('UNIQUE-STRING-123', ['a', 'say unique string 123 now', 'unique-string-124']), [1])
    assert.deepEqual(m('npm te', ['run npm test', 'npm   TEST', 'test npm']), [])
    assert.deepEqual(m('npm tes', ['run npm test', 'npm   TEST', 'test npm']), [0, 1])
    assert.deepEqual(m('cafe', ['un café']), [0])
    assert.deepEqual(m('end start', ['the end', 'start here']), [0])
    assert.throws(() => matcherOf('-> ;'), /no letters or digits/)
  })

  test("the scan's whole-text test agrees with the line matcher", () => {
    const lines = ['say unique string 123 now', 'UNIQUE-STRING-1234', 'nonunique string 123', 'un café noir', 'run npm   test', 'a.b*c(d)']
    for (const q of ['unique string 123', 'UNIQUE-STRING-12', 'cafe noir', 'npm tes', 'npm te', 'b c d', 'string']) {
      const m = matcherOf(q)
      for (const line of lines) assert.equal(phraseRegExp(m).test(normalizeText(line)), matchLines([line], m).length > 0, `${q} in ${line}`)
    }
  })
})

describe('store/search: the index', () => {
  test('finds a string only one conversation held, citing session, n, file and line', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'first line\nnothing here\n')
    await store(d, 's1', 2, 'a\nb\nthe key is ZEBRA-7781-QUUX, keep it\nc\n')
    await store(d, 's2', 1, 'other session\n')
    const r = await search(d, { query: 'ZEBRA-7781-QUUX', sessionId: 's1', limit: 10 })
    assert.equal(r.via, 'index')
    assert.equal(r.hits.length, 1)
    const h = r.hits[0]!
    assert.deepEqual([h.sessionId, h.mode, h.n, h.kind, h.line], ['s1', 'live', 2, 'transcript', 3])
    assert.equal(readFileSync(join(d, h.path), 'utf8').split('\n')[h.line - 1], 'the key is ZEBRA-7781-QUUX, keep it')
    assert.equal((await search(d, { query: 'ZEBRA-7781-QUUX', sessionId: 's2', limit: 10 })).hits.length, 0, "another session's text is not this session's")
    assert.equal((await search(d, { query: 'other session', limit: 10 })).hits[0]!.sessionId, 's2')
  })

  test('newest compaction first; limit says there is more; handoffs are searched too', async () => {
    const d = fresh()
    for (let n = 1; n <= 3; n++) await store(d, 's1', n, `word ${n}\nword again ${n}\n`)
    const r = await search(d, { query: 'word', sessionId: 's1', limit: 4 })
    assert.deepEqual(
      r.hits.map((h) => h.n),
      [3, 3, 2, 2],
    )
    assert.equal(r.more, true)
    const h = await search(d, { query: 'handoff 2 of s1', limit: 5 })
    assert.deepEqual(
      h.hits.map((x) => [x.kind, x.n, x.line]),
      [['handoff', 2, 1]],
    )
  })

  test('index and scan give the same answers', async () => {
    const d = fresh()
    for (let n = 1; n <= 3; n++) await store(d, n === 2 ? 's2' : 's1', n, `alpha ${n}\nbeta gamma ${n}\nalpha beta\n`)
    for (const q of ['alpha', 'beta gamma', 'gamma 2', 'alp']) {
      const a = await search(d, { query: q, limit: 50 })
      const b = await scanSearch(d, { query: q, limit: 50 })
      const key = (hs: typeof a.hits) => hs.map((h) => `${h.path}:${h.line}`).sort()
      assert.deepEqual(key(a.hits), key(b.hits), q)
    }
  })

  test('no index yet: the files are read instead, and the answer says so', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'needle here\n', { index: false })
    const r = await search(d, { query: 'needle', limit: 5 })
    assert.equal(r.via, 'scan')
    assert.match(r.note!, /no search index/)
    assert.equal(r.hits[0]!.line, 1)
  })

  test('an index that is not a database: the files are read instead', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'needle here\n')
    writeFileSync(indexPaths(d).db, 'this is not sqlite')
    const r = await search(d, { query: 'needle', limit: 5 })
    assert.equal(r.via, 'scan')
    assert.match(r.note!, /could not be read/)
    assert.equal(r.hits.length, 1)
  })

  test('a writer killed holding the locks leaves an index the next reader opens', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'before the crash\n')
    const p = indexPaths(d)
    // What a process killed mid-index leaves: our lock naming a dead pid, SQLite's lock folder, a journal.
    const dead = child('process.exit(0)')
    await dead.done
    writeFileSync(p.lock, JSON.stringify({ pid: dead.pid, host: hostname(), at: Date.now(), token: 'x' }))
    mkdirSync(`${p.db}.lock`)
    const r = await search(d, { query: 'before the crash', limit: 5 })
    assert.equal(r.via, 'index')
    assert.equal(r.hits.length, 1)
  })

  test('deferred indexing: noted at compaction time, found by the next search even if never run, added by indexPending', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'indexed at once\n')
    const w = await store(d, 's1', 2, 'only noted, zebra-quokka\n', { index: 'defer' })
    assert.deepEqual(w.row.index, { deferred: true })
    // The compaction's process was ended before it indexed: the search catches up first.
    const r = await search(d, { query: 'zebra-quokka', limit: 5 })
    assert.equal(r.via, 'index')
    assert.deepEqual(
      r.hits.map((h) => h.n),
      [2],
    )
    const w3 = await store(d, 's1', 3, 'noted then indexed, okapi\n', { index: 'defer' })
    assert.deepEqual(w3.row.index, { deferred: true })
    assert.equal((await indexPending(d)).docs, 2)
    assert.equal((await search(d, { query: 'okapi', limit: 5 })).hits.length, 1)
    assert.equal((await indexStats(d)).pending, 0)
  })

  test('deferred indexing cut short after the index file was touched: its time says nothing, the next search still catches up', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'indexed at once\n')
    await store(d, 's1', 2, 'only noted, narwhal-ibex\n', { index: 'defer' })
    // What a child ended mid-indexing leaves: the index file written after the note.
    const later = new Date(Date.now() + 60_000)
    utimesSync(indexPaths(d).db, later, later)
    assert.equal((await indexStats(d)).pending, 2)
    const r = await search(d, { query: 'narwhal-ibex', limit: 5 })
    assert.deepEqual(
      r.hits.map((h) => h.n),
      [2],
    )
    assert.equal((await indexStats(d)).pending, 0)
  })

  test('a journal left by a writer that died mid-write: the index is rebuilt from the stored files, nothing lost', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'first words, aardvark\n')
    await store(d, 's2', 1, 'second words, bandicoot\n')
    const p = indexPaths(d)
    // What SIGKILL inside a transaction leaves: a rollback journal beside the database.
    writeFileSync(`${p.db}-journal`, 'torn')
    const r = await search(d, { query: 'bandicoot', limit: 5 })
    assert.equal(r.via, 'index', r.note ?? '')
    assert.deepEqual(
      r.hits.map((h) => h.sessionId),
      ['s2'],
    )
    assert.equal((await search(d, { query: 'aardvark', limit: 5 })).hits.length, 1)
    assert.equal(existsSync(`${p.db}-journal`), false)
  })

  test('a real process killed while indexing: the index still opens and later writes land', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'seed\n')
    const big = Array.from({ length: 20_000 }, (_, i) => `row ${i} filler words for the index ${i % 97}`).join('\n')
    writeFileSync(join(d, 'big.txt'), big)
    const w = child(`
      import { readFileSync } from 'node:fs'
      import { indexDocs } from './store/search.ts'
      const text = readFileSync(${JSON.stringify(join(d, 'big.txt'))}, 'utf8')
      for (let i = 0; ; i++) await indexDocs(${JSON.stringify(d)}, [{ path: 'x/' + i, sessionId: 'k', mode: 'live', n: i + 1, kind: 'transcript', at: '2026-01-01T00:00:00.000Z', text }])
    `)
    const lock = indexPaths(d).lock
    for (let i = 0; i < 300 && !existsSync(lock); i++) await new Promise((r) => setTimeout(r, 20))
    await new Promise((r) => setTimeout(r, 150))
    w.kill()
    await w.done
    await store(d, 's1', 2, 'after the crash\n')
    const r = await search(d, { query: 'after the crash', sessionId: 's1', limit: 5 })
    assert.equal(r.via, 'index', r.note ?? '')
    assert.equal(r.hits.length, 1)
    assert.equal((await search(d, { query: 'seed', sessionId: 's1', limit: 5 })).hits.length, 1)
  })

  test('two processes indexing at once: every text lands, once', async () => {
    const d = fresh()
    const procs = [0, 1, 2].map((k) =>
      child(`
        import { mkdirSync, writeFileSync } from 'node:fs'
        import { indexDocs } from './store/search.ts'
        const d = ${JSON.stringify(d)}
        mkdirSync(d + '/p${k}', { recursive: true })
        for (let i = 0; i < 15; i++) {
          const text = 'proc ${k} doc ' + i + ' marker${k}x' + i + '\\n'
          writeFileSync(d + '/p${k}/' + i, text)
          await indexDocs(d, [{ path: 'p${k}/' + i, sessionId: 's${k}', mode: 'live', n: i + 1, kind: 'transcript', at: '2026-01-01T00:00:00.000Z', text }])
        }
      `),
    )
    assert.deepEqual(await Promise.all(procs.map((p) => p.done)), [0, 0, 0])
    assert.equal((await indexStats(d)).docs, 45)
    for (const k of [0, 1, 2]) assert.equal((await search(d, { query: `marker${k}x14`, limit: 5 })).hits.length, 1)
  })

  test('texts an indexing run could not add are added by the next', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'one\n')
    const held = withLock(indexPaths(d).lock, () => new Promise((r) => setTimeout(r, 300)), { waitMs: 1_000 })
    await new Promise((r) => setTimeout(r, 20))
    const text = 'late text\n'
    mkdirSync(join(d, 'x'))
    writeFileSync(join(d, 'x', 'late.md'), text)
    await assert.rejects(
      indexDocs(d, [{ path: 'x/late.md', sessionId: 's1', mode: 'live', n: 9, kind: 'handoff', at: '2026-01-01T00:00:00.000Z', text }], { waitMs: 30 }),
      /busy/,
    )
    await held
    assert.equal((await indexStats(d)).pending, 1)
    await store(d, 's1', 2, 'two\n')
    assert.equal((await indexStats(d)).pending, 0)
    assert.equal((await search(d, { query: 'late text', limit: 5 })).hits[0]!.path, 'x/late.md')
  })

  test('reindex: a store written without an index gets one; rebuild starts over', async () => {
    const d = fresh()
    await store(d, 's1', 1, 'old text one\n', { index: false })
    await store(d, 's2', 1, 'old text two\n', { mode: 'rehearsal', index: false })
    const r = await reindexStore(d)
    assert.deepEqual([r.docs, r.sessions], [4, 2])
    assert.equal((await reindexStore(d)).docs, 0, 'nothing twice')
    assert.equal((await reindexStore(d, { rebuild: true })).docs, 4)
    assert.equal((await search(d, { query: 'old text', limit: 10 })).hits.length, 2)
  })
})
