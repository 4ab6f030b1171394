/**
 * Search over everything the store holds: handoffs, summaries and the conversations they
 * replaced. The index is SQLite FTS5 (node-sqlite3-wasm: WASM, a real file VFS, no native addon)
 * in `<dataDir>/search/index.sqlite`, fed at compaction time. It holds tokens only: a hit is read
 * back from the stored file itself, so the files stay the one truth and the index can always be
 * rebuilt from them. Why this library, and what it measures: store/README.md.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import v8 from 'node:v8'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database as SqliteDatabase } from 'node-sqlite3-wasm'
import { LockTimeout, withLock } from './lock.ts'
import { insideDataDir, readJsonl, sessionCompactions, StoreError, storedSessions } from './read.ts'
import { type StoreMode, TEXT_KINDS, type TextKind } from '../plugin/hooks/protocol.ts'
import { appendJsonl, DIR_MODE } from './files.ts'

export const SEARCH_DIR = 'search'
export const INDEX_DB = 'index.sqlite'
const LOCK = 'index.lock'
/** Texts whose indexing failed; the next indexing run takes them in. */
const PENDING = 'pending.jsonl'
const SCHEMA = '1'

/** A chunk is at most this many lines or bytes (one line longer than that is a chunk alone). */
const CHUNK_LINES = 16
const CHUNK_BYTES = 8_192

/** How long a search waits for an indexing run in another process, and indexing for a search. */
const READ_WAIT_MS = 5_000
const WRITE_WAIT_MS = 15_000

// ---- loading the library --------------------------------------------------------------------

type SqliteModule = typeof import('node-sqlite3-wasm')
const VENDORED = 'node-sqlite3-wasm.cjs'
let sqliteModule: SqliteModule | null = null

/**
 * node-sqlite3-wasm is CommonJS that finds its .wasm beside itself (`__dirname`), so it is not
 * bundled: plugin/dist carries the two files and they are required from there; a checkout run
 * through tsx requires the package.
 */
function sqlite(): SqliteModule {
  if (sqliteModule) return sqliteModule
  // V8 tiers SQLite's hot functions up to TurboFan in the background, and a process that used
  // them then waits ~90 ms at exit for that compile: most of a search's wall time. Liftoff alone
  // indexes ~15% slower (measured: 20.4 against 23.8 MB/s). The flag is process-wide, and the
  // ledger's shell parser sets it too.
  v8.setFlagsFromString('--liftoff-only')
  const here = dirname(fileURLToPath(import.meta.url))
  const req = createRequire(import.meta.url)
  const vendored = [join(here, VENDORED), join(here, '..', VENDORED)].find((p) => existsSync(p))
  const name = 'node-sqlite3-wasm'
  sqliteModule = req(vendored ?? name) as SqliteModule
  return sqliteModule
}

// ---- words -----------------------------------------------------------------------------------

/** Letters that carry an accent, and the combining marks that are one. */
const ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF]|[\u0300-\u036F]/

/** Lower case, accents off: what FTS5's unicode61 tokenizer (remove_diacritics 2) compares. */
export function normalizeText(s: string): string {
  const lower = s.toLowerCase()
  return ACCENTED.test(lower) ? lower.normalize('NFD').replace(/[\u0300-\u036F]/g, '') : lower
}

const WORD = /[\p{L}\p{N}]+/gu

/** The words of a query, as the index splits text into words. */
export function queryTokens(query: string): string[] {
  return normalizeText(query).match(WORD) ?? []
}

/** The last word matches as a prefix once it is this long (a shorter prefix matches too much). */
const PREFIX_FROM = 3

export interface Matcher {
  tokens: string[]
  prefixLast: boolean
}

export function matcherOf(query: string): Matcher {
  const tokens = queryTokens(query)
  if (tokens.length === 0) throw new StoreError(`the query ${JSON.stringify(query.slice(0, 60))} has no letters or digits to search for`)
  if (tokens.length > 32) throw new StoreError(`the query has ${tokens.length} words; 32 at most`)
  return { tokens, prefixLast: tokens.at(-1)!.length >= PREFIX_FROM }
}

/**
 * Lines (0-based) where the query's words start, in order and adjacent, the last one as a prefix;
 * a match may run on into the next lines.
 */
export function matchLines(lines: readonly string[], m: Matcher): number[] {
  const toks: string[] = []
  const lineOf: number[] = []
  lines.forEach((line, i) => {
    for (const t of normalizeText(line).match(WORD) ?? []) {
      toks.push(t)
      lineOf.push(i)
    }
  })
  const k = m.tokens.length
  const out: number[] = []
  for (let i = 0; i + k <= toks.length; i++) {
    let ok = true
    for (let j = 0; j < k && ok; j++) {
      const t = toks[i + j]!
      const q = m.tokens[j]!
      ok = j === k - 1 && m.prefixLast ? t.startsWith(q) : t === q
    }
    if (ok && out.at(-1) !== lineOf[i]) out.push(lineOf[i]!)
  }
  return out
}

/** The query as one regular expression over normalized text: its words in order, anything but
 *  letters and digits between them. A whole-file test, as grep would make. */
export function phraseRegExp(m: Matcher): RegExp {
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const words = m.tokens.map((t, j) => (j === m.tokens.length - 1 && m.prefixLast ? esc(t) : `${esc(t)}(?![\\p{L}\\p{N}])`))
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[^\\p{L}\\p{N}]+')}`, 'u')
}

/** The line, clipped to about `width` characters around where the query's first word is. */
export function snippet(line: string, m: Matcher, width = 240): string {
  const flat = line.replace(/\s+/g, ' ').trim()
  if (flat.length <= width) return flat
  const at = Math.max(0, normalizeText(flat).indexOf(m.tokens[0]!))
  const from = Math.max(0, Math.min(at - Math.floor(width / 3), flat.length - width))
  return `${from > 0 ? '…' : ''}${flat.slice(from, from + width)}${from + width < flat.length ? '…' : ''}`
}

/** The FTS5 query: the words as one phrase (FTS5 tokenizes the quoted text itself), the session as a scope word. */
function ftsQuery(query: string, m: Matcher, sessionId: string | null): string {
  const phrase = `body : "${query.replace(/"/g, '""')}"${m.prefixLast ? ' *' : ''}`
  return sessionId ? `scope : "${sessionWord(sessionId)}" AND ${phrase}` : phrase
}

const sessionWord = (id: string) => `s${id.toLowerCase().replace(/[^a-z0-9]/g, '')}`

// ---- the index file --------------------------------------------------------------------------

export function indexPaths(dataDir: string) {
  const dir = join(dataDir, SEARCH_DIR)
  return { dir, db: join(dir, INDEX_DB), lock: join(dir, LOCK), pending: join(dir, PENDING) }
}

/**
 * Opens the index; only ever called holding the lock, so a SQLite lock folder found here was
 * left by a process that died holding it, and is removed.
 */
function openIndex(file: string, create: boolean): SqliteDatabase {
  rmSync(`${file}.lock`, { recursive: true, force: true })
  const { Database } = sqlite()
  const db = new Database(file, { fileMustExist: !create })
  try {
    if (create) {
      db.exec('pragma page_size = 8192')
      const have = db.get(`select name from sqlite_master where type = 'table' and name = 'meta'`)
      const version = have ? (db.get(`select value from meta where key = 'schema'`)?.value ?? null) : null
      if (version !== SCHEMA) {
        db.exec(`
          drop table if exists fts; drop table if exists chunks; drop table if exists docs; drop table if exists meta;
          create table meta(key text primary key, value text);
          create table docs(id integer primary key, path text not null unique, session text not null, mode text not null,
                            n integer not null, kind text not null, at text not null, lines integer not null, bytes integer not null);
          create index docs_session on docs(session);
          create table chunks(id integer primary key, doc integer not null, line integer not null, lines integer not null,
                              off integer not null, len integer not null);
          create virtual table fts using fts5(scope, body, content = '', tokenize = "unicode61 remove_diacritics 2");
          insert into meta(key, value) values ('schema', '${SCHEMA}'), ('created', '${new Date().toISOString()}');
        `)
      }
    }
    db.exec('pragma synchronous = normal')
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

export interface IndexDoc {
  /** Relative to the data dir. */
  path: string
  sessionId: string
  mode: StoreMode
  n: number
  kind: TextKind
  at: string
  text: string
}

interface Chunk {
  line: number
  lines: number
  off: number
  len: number
  body: string
}

/** A text cut into chunks of whole lines, each with its first line (1-based) and byte range. */
export function chunksOf(text: string): Chunk[] {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  const out: Chunk[] = []
  let off = 0
  for (let i = 0; i < lines.length;) {
    const start = i
    let len = 0
    do {
      len += Buffer.byteLength(lines[i]!, 'utf8') + 1
      i++
    } while (i < lines.length && i - start < CHUNK_LINES && len < CHUNK_BYTES)
    const body = lines.slice(start, i).join('\n')
    if (body.trim() !== '') out.push({ line: start + 1, lines: i - start, off, len, body })
    off += len
  }
  return out
}

function insertDocs(db: SqliteDatabase, docs: IndexDoc[]): { docs: number; chunks: number } {
  const has = db.prepare('select 1 from docs where path = ?')
  const insDoc = db.prepare('insert into docs(path, session, mode, n, kind, at, lines, bytes) values (?, ?, ?, ?, ?, ?, ?, ?)')
  const insChunk = db.prepare('insert into chunks(doc, line, lines, off, len) values (?, ?, ?, ?, ?)')
  const insFts = db.prepare('insert into fts(rowid, scope, body) values (?, ?, ?)')
  let n = 0
  let chunks = 0
  try {
    for (const d of docs) {
      if (has.get([d.path])) continue
      const cs = chunksOf(d.text)
      const last = cs.at(-1)
      const doc = insDoc.run([
        d.path,
        d.sessionId,
        d.mode,
        d.n,
        d.kind,
        d.at,
        last ? last.line + last.lines - 1 : 0,
        Buffer.byteLength(d.text, 'utf8'),
      ]).lastInsertRowid
      const scope = `${sessionWord(d.sessionId)} m${d.mode} k${d.kind}`
      for (const c of cs) {
        const id = insChunk.run([doc, c.line, c.lines, c.off, c.len]).lastInsertRowid
        insFts.run([id, scope, c.body])
      }
      n++
      chunks += cs.length
    }
  } finally {
    for (const st of [has, insDoc, insChunk, insFts]) st.finalize()
  }
  return { docs: n, chunks }
}

/** Texts an earlier run could not index, still missing from the index, read back from disk. */
async function pendingDocs(dataDir: string, db: SqliteDatabase): Promise<IndexDoc[]> {
  const { rows } = await readJsonl<Omit<IndexDoc, 'text'>>(indexPaths(dataDir).pending)
  const out: IndexDoc[] = []
  const seen = new Set<string>()
  for (const r of rows) {
    if (typeof r.path !== 'string' || seen.has(r.path)) continue
    seen.add(r.path)
    if (db.get('select 1 from docs where path = ?', [r.path])) continue
    try {
      out.push({ ...r, text: readFileSync(insideDataDir(dataDir, r.path), 'utf8') })
    } catch {
      // gone or refused: nothing to index
    }
  }
  return out
}

function inTransaction<T>(db: SqliteDatabase, fn: () => T): T {
  db.exec('begin immediate')
  try {
    const r = fn()
    db.exec('commit')
    return r
  } catch (err) {
    if (db.inTransaction) db.exec('rollback')
    throw err
  }
}

/**
 * Adds a compaction's texts to the index (a text already there is skipped), and any text an
 * earlier run failed to add. When this fails, the texts are noted as pending and the error
 * passes up: the caller records it, and the next run catches up.
 */
export async function indexDocs(dataDir: string, docs: IndexDoc[], opts: { waitMs?: number } = {}): Promise<{ docs: number; chunks: number }> {
  const p = indexPaths(dataDir)
  await mkdir(p.dir, { recursive: true, mode: DIR_MODE })
  let discarded = false
  try {
    const r = await withLock(
      p.lock,
      async () => {
        // A journal left behind while we hold the lock means a writer died inside a transaction.
        // This SQLite build's file layer does not always roll that back (seen: "database disk
        // image is malformed"), and the index holds nothing the stored files do not: start over.
        discarded = damaged(p) && discard(p)
        const run = async () => {
          const db = openIndex(p.db, true)
          try {
            const all = [...docs, ...(existsSync(p.pending) ? await pendingDocs(dataDir, db) : [])]
            return inTransaction(db, () => insertDocs(db, all))
          } finally {
            db.close()
          }
        }
        try {
          return await run()
        } catch (err) {
          if (!isCorrupt(err)) throw err
          discarded = discard(p)
          return await run()
        }
      },
      { waitMs: opts.waitMs ?? WRITE_WAIT_MS },
    )
    // Everything stored before the discard goes back in (outside the lock: it takes it per session).
    if (discarded) await reindexStore(dataDir)
    return r
  } catch (err) {
    for (const { text: _t, ...d } of docs) await appendJsonl(p.pending, d).catch(() => undefined)
    throw err
  }
}

type IndexPaths = ReturnType<typeof indexPaths>

/** A rollback journal beside the index, seen while holding the lock: a writer died mid-write. */
function damaged(p: IndexPaths): boolean {
  return existsSync(`${p.db}-journal`)
}

function isCorrupt(err: unknown): boolean {
  return /malformed|not a database|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(String((err as Error)?.message ?? err))
}

/** Drops a damaged index (it is rebuilt from the stored files); true when it did. */
function discard(p: IndexPaths): boolean {
  for (const f of [p.db, `${p.db}-journal`]) rmSync(f, { force: true })
  return true
}

/** Notes texts for the index without opening it: `indexPending` (or any later indexing run, or a
 *  search) adds them. One append, so a compaction can hand up first and index after. */
export async function notePending(dataDir: string, docs: Array<Omit<IndexDoc, 'text'>>): Promise<void> {
  const p = indexPaths(dataDir)
  await mkdir(p.dir, { recursive: true, mode: DIR_MODE })
  for (const d of docs) await appendJsonl(p.pending, d)
}

/** Adds every noted text the index lacks. */
export async function indexPending(dataDir: string): Promise<{ docs: number; chunks: number }> {
  return indexDocs(dataDir, [])
}

/** Of the noted texts, those the index does not hold. */
const notIn = (db: SqliteDatabase, noted: readonly string[]): string[] => noted.filter((path) => !db.get('select 1 from docs where path = ?', [path]))

/** The texts noted for the index (pending.jsonl), each once. */
async function notedPaths(p: IndexPaths): Promise<string[]> {
  return [...new Set((await readJsonl<{ path?: unknown }>(p.pending)).rows.map((r) => r.path).filter((x): x is string => typeof x === 'string'))]
}

/** Noted texts the index does not hold: a search adds them first, so it never misses a compaction
 *  whose indexing was deferred and then cut short (the engine may end the child after its answer,
 *  after it had opened the index: the file's time then says nothing of what is in it). */
async function behind(p: IndexPaths): Promise<boolean> {
  if (!existsSync(p.pending)) return false
  if (!existsSync(p.db)) return true
  const noted = await notedPaths(p)
  if (noted.length === 0) return false
  return withLock(
    p.lock,
    () => {
      const db = openIndex(p.db, false)
      try {
        return notIn(db, noted).length > 0
      } finally {
        db.close()
      }
    },
    { waitMs: READ_WAIT_MS },
  ).catch(() => true)
}

/**
 * Indexes every stored text the index lacks (`rebuild`: starts from an empty index). For a store
 * written before the index existed, or after indexing failed.
 */
export async function reindexStore(
  dataDir: string,
  opts: { rebuild?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ docs: number; chunks: number; sessions: number; ms: number }> {
  const started = performance.now()
  const p = indexPaths(dataDir)
  await mkdir(p.dir, { recursive: true, mode: DIR_MODE })
  if (opts.rebuild) {
    await withLock(
      p.lock,
      () => {
        for (const f of [p.db, `${p.db}-journal`]) rmSync(f, { force: true })
      },
      { waitMs: WRITE_WAIT_MS },
    )
  }
  const sessions = [...new Set((await storedSessions(dataDir)).map((s) => s.sessionId))]
  let docs = 0
  let chunks = 0
  for (const [i, sessionId] of sessions.entries()) {
    const batch: IndexDoc[] = []
    for (const c of await sessionCompactions(dataDir, sessionId, { rows: false })) {
      for (const kind of Object.keys(TEXT_KINDS) as TextKind[]) {
        const file = join(c.dir, `${c.stem}${TEXT_KINDS[kind]}`)
        if (!existsSync(file)) continue
        batch.push({ path: file.slice(dataDir.length + 1), sessionId, mode: c.mode, n: c.n, kind, at: c.at, text: readFileSync(file, 'utf8') })
      }
    }
    if (batch.length) {
      const r = await indexDocs(dataDir, batch)
      docs += r.docs
      chunks += r.chunks
    }
    opts.onProgress?.(i + 1, sessions.length)
  }
  return { docs, chunks, sessions: sessions.length, ms: Math.round(performance.now() - started) }
}

// ---- searching -------------------------------------------------------------------------------

export interface SearchOptions {
  query: string
  /** One session's compactions, live and rehearsed; null or absent: every session. */
  sessionId?: string | null
  limit: number
}

export interface SearchHit {
  sessionId: string
  mode: StoreMode
  n: number
  kind: TextKind
  /** The file, relative to the data dir. */
  path: string
  /** 1-based, in that file. */
  line: number
  at: string
  text: string
}

export interface SearchAnswer {
  hits: SearchHit[]
  /** More matched than `limit`. */
  more: boolean
  via: 'index' | 'scan'
  /** Why it scanned, when it did. */
  note: string | null
  ms: number
}

/** Reads a chunk's bytes back from its file, or null when the file is gone or shorter. */
function readChunk(fds: Map<string, number | null>, dataDir: string, path: string, off: number, len: number): string | null {
  let fd = fds.get(path)
  if (fd === undefined) {
    try {
      fd = openSync(insideDataDir(dataDir, path), 'r')
    } catch {
      fd = null
    }
    fds.set(path, fd)
  }
  if (fd === null) return null
  const buf = Buffer.alloc(len)
  const got = readSync(fd, buf, 0, len, off)
  return buf.subarray(0, got).toString('utf8')
}

const BATCH = 64

function searchIndexed(db: SqliteDatabase, dataDir: string, o: SearchOptions, m: Matcher): { hits: SearchHit[]; more: boolean } {
  const q = ftsQuery(o.query, m, o.sessionId ?? null)
  const hits: SearchHit[] = []
  const fds = new Map<string, number | null>()
  let below = Number.MAX_SAFE_INTEGER
  try {
    for (;;) {
      const ids = db.all('select rowid as id from fts where fts match ? and rowid < ? order by rowid desc limit ?', [q, below, BATCH]).map((r) => Number(r.id))
      if (ids.length === 0) return { hits, more: false }
      below = ids.at(-1)!
      const rows = db.all(
        `select c.id, c.line, c.off, c.len, d.path, d.session, d.mode, d.n, d.kind, d.at
           from chunks c join docs d on d.id = c.doc where c.id in (${ids.join(',')})`,
      )
      const byId = new Map(rows.map((r) => [Number(r.id), r]))
      for (const id of ids) {
        const r = byId.get(id)
        if (!r || (o.sessionId && r.session !== o.sessionId)) continue
        const text = readChunk(fds, dataDir, String(r.path), Number(r.off), Number(r.len))
        if (text === null) continue
        const lines = text.split('\n')
        for (const i of matchLines(lines, m)) {
          if (hits.length === o.limit) return { hits, more: true }
          hits.push({
            sessionId: String(r.session),
            mode: r.mode as StoreMode,
            n: Number(r.n),
            kind: r.kind as TextKind,
            path: String(r.path),
            line: Number(r.line) + i,
            at: String(r.at),
            text: snippet(lines[i]!, m),
          })
        }
      }
    }
  } finally {
    for (const fd of fds.values()) if (fd !== null) closeSync(fd)
  }
}

/**
 * The plain way, and the fallback when the index cannot answer: read every stored text of the
 * scope, newest compaction first, and match line by line. Also the bench's baseline.
 */
export async function scanSearch(dataDir: string, o: SearchOptions): Promise<{ hits: SearchHit[]; more: boolean }> {
  const m = matcherOf(o.query)
  const sessions = o.sessionId ? [o.sessionId] : [...new Set((await storedSessions(dataDir)).map((s) => s.sessionId))]
  const files: Array<{ file: string; sessionId: string; mode: StoreMode; n: number; kind: TextKind; at: string }> = []
  for (const sessionId of sessions) {
    for (const c of await sessionCompactions(dataDir, sessionId, { rows: false })) {
      for (const kind of Object.keys(TEXT_KINDS) as TextKind[]) {
        files.push({ file: join(c.dir, `${c.stem}${TEXT_KINDS[kind]}`), sessionId, mode: c.mode, n: c.n, kind, at: c.at })
      }
    }
  }
  files.sort((a, b) => b.at.localeCompare(a.at))
  const re = phraseRegExp(m)
  const hits: SearchHit[] = []
  for (const f of files) {
    let text: string
    try {
      text = readFileSync(f.file, 'utf8')
    } catch {
      continue
    }
    // Whole-file test first, as grep would: most files do not hold the phrase.
    if (!re.test(normalizeText(text))) continue
    const lines = text.split('\n')
    for (const i of matchLines(lines, m)) {
      if (hits.length === o.limit) return { hits, more: true }
      hits.push({
        sessionId: f.sessionId,
        mode: f.mode,
        n: f.n,
        kind: f.kind,
        path: f.file.slice(dataDir.length + 1),
        line: i + 1,
        at: f.at,
        text: snippet(lines[i]!, m),
      })
    }
  }
  return { hits, more: false }
}

/** Searches the index; scans the files instead when there is no index or it cannot answer. */
export async function search(dataDir: string, o: SearchOptions): Promise<SearchAnswer> {
  const started = performance.now()
  const m = matcherOf(o.query)
  const p = indexPaths(dataDir)
  const done = (r: { hits: SearchHit[]; more: boolean }, via: 'index' | 'scan', note: string | null): SearchAnswer => ({
    ...r,
    via,
    note,
    ms: Math.round(performance.now() - started),
  })
  // Noted texts not yet in, or a writer that died mid-write: the writer's path catches up and heals.
  if (damaged(p) || (await behind(p))) await indexPending(dataDir).catch(() => undefined)
  if (!existsSync(p.db)) return done(await scanSearch(dataDir, o), 'scan', 'no search index yet, so the stored files were read instead')
  const attempt = () =>
    withLock(
      p.lock,
      () => {
        if (damaged(p)) throw new Error('a writer died while updating it; the next compaction rebuilds it (or: compact-handoff index --rebuild)')
        const db = openIndex(p.db, false)
        try {
          return searchIndexed(db, dataDir, o, m)
        } finally {
          db.close()
        }
      },
      { waitMs: READ_WAIT_MS },
    )
  try {
    let r
    try {
      r = await attempt()
    } catch (err) {
      // One more try after a moment for what a crashed writer can leave for an instant (a journal
      // being rolled back); a lock held too long or a broken file fails again and falls to the scan.
      if (err instanceof StoreError || err instanceof LockTimeout) throw err
      await new Promise((resolve) => setTimeout(resolve, 100))
      r = await attempt()
    }
    return done(r, 'index', null)
  } catch (err) {
    if (err instanceof StoreError) throw err
    const why = err instanceof LockTimeout ? err.message : `the index could not be read (${(err as Error)?.message ?? String(err)})`
    return done(await scanSearch(dataDir, o), 'scan', `${why}; the stored files were read instead`)
  }
}

export interface IndexStats {
  exists: boolean
  docs: number
  chunks: number
  bytes: number
  /** Bytes of text indexed. */
  textBytes: number
  newest: string | null
  /** Texts an indexing run could not add and none has added since. */
  pending: number
}

/** What the index holds, for status. */
export async function indexStats(dataDir: string): Promise<IndexStats> {
  const p = indexPaths(dataDir)
  const noted = await notedPaths(p)
  if (!existsSync(p.db)) return { exists: false, docs: 0, chunks: 0, bytes: 0, textBytes: 0, newest: null, pending: noted.length }
  const bytes = statSync(p.db).size
  return withLock(
    p.lock,
    () => {
      const db = openIndex(p.db, false)
      try {
        const d = db.get('select count(*) as docs, coalesce(sum(bytes), 0) as text, max(at) as newest from docs')!
        const c = db.get('select count(*) as chunks from chunks')!
        const pending = notIn(db, noted).length
        return {
          exists: true,
          docs: Number(d.docs),
          chunks: Number(c.chunks),
          bytes,
          textBytes: Number(d.text),
          newest: (d.newest as string | null) ?? null,
          pending,
        }
      } finally {
        db.close()
      }
    },
    { waitMs: READ_WAIT_MS },
  )
}
