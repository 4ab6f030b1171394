const __chFileUrl = require('node:url').pathToFileURL(__filename).href;
const __chCreateRequire = require('node:module').createRequire;
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// plugin/hooks/protocol.ts
function stemTime(stem) {
  const m = /^\d{3,}-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(stem);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
}
var MODE_DIRS, INDEX_FILE, LOOKUPS_FILE, TEXT_KINDS, LATE_SUFFIX, ROW_FILE, TOOL_NAMES, LOOKUP_FILES, session, scope, HISTORY_TOOLS;
var init_protocol = __esm({
  "plugin/hooks/protocol.ts"() {
    "use strict";
    MODE_DIRS = { live: "sessions", rehearsal: "rehearsals" };
    INDEX_FILE = "index.jsonl";
    LOOKUPS_FILE = "lookups.jsonl";
    TEXT_KINDS = { handoff: ".md", summary: ".summary.md", transcript: ".transcript.md" };
    LATE_SUFFIX = ".late.json";
    ROW_FILE = /^(\d{3,})-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.json$/;
    TOOL_NAMES = ["handoff_status", "handoff_list", "handoff_lookup", "handoff_search", "handoff_feedback"];
    LOOKUP_FILES = ["handoff", "summary", "transcript", "row"];
    session = { type: "string", description: "Another session's id (default: this session)." };
    scope = { type: "string", enum: ["session", "all"], description: '"session" (default): this session; "all": every session on this machine.' };
    HISTORY_TOOLS = [
      {
        name: "handoff_status",
        description: "compact-handoff: this session's compactions (number, time, outcome), how much history it has read back, whether handoffs are live or rehearsed, the plugin version and the search index.",
        inputSchema: { type: "object", properties: {}, additionalProperties: false }
      },
      {
        name: "handoff_list",
        description: `compact-handoff: list this session's compactions with their stored files and sections (or, with scope "all", every session on this machine that compacted).`,
        inputSchema: {
          type: "object",
          properties: { scope, session, limit: { type: "integer", minimum: 1, maximum: 200, description: "At most this many (default 50)." } },
          additionalProperties: false
        }
      },
      {
        name: "handoff_lookup",
        description: 'compact-handoff: read back what a compaction replaced. n picks the compaction (default: the newest); file is "handoff" (default), "summary", "transcript" (the conversation as it stood) or "row" (the stored record); section reads one section of the handoff with its full record (e.g. every shell command the ledger left out); from/to pick lines (numbered as handoff_search cites them).',
        inputSchema: {
          type: "object",
          properties: {
            n: { type: "integer", minimum: 1, description: "The compaction's number in its session." },
            file: { type: "string", enum: [...LOOKUP_FILES], description: 'Which stored file (default "handoff").' },
            section: { type: "string", description: "A section name (summary, ledger, state, commitments, turns, restore, ...): its text and full record." },
            from: { type: "integer", minimum: 1, description: "First line, from 1." },
            to: { type: "integer", minimum: 1, description: "Last line (inclusive)." },
            session,
            mode: { type: "string", enum: ["live", "rehearsal"], description: "Live or rehearsed compactions, when a session has both." }
          },
          additionalProperties: false
        },
        isDeferred: false
      },
      {
        name: "handoff_search",
        description: "compact-handoff: search what earlier compactions replaced (the conversations as they stood, handoffs, summaries). Matches the words of the query in order, the last one as a prefix, case-insensitive. Each match cites n, the file and the line, to read around with handoff_lookup.",
        inputSchema: {
          type: "object",
          properties: {
            query: { type: "string", minLength: 1, maxLength: 500, description: "Words or an exact string to find." },
            scope,
            session,
            limit: { type: "integer", minimum: 1, maximum: 100, description: "At most this many matches (default 20)." }
          },
          required: ["query"],
          additionalProperties: false
        },
        isDeferred: false
      },
      {
        name: "handoff_feedback",
        description: "compact-handoff: leave a note about a handoff (what it missed, what was wrong, what helped), stored with that compaction's record.",
        inputSchema: {
          type: "object",
          properties: {
            note: { type: "string", minLength: 1, maxLength: 4e3, description: "The note." },
            n: { type: "integer", minimum: 1, description: "Which compaction (default: the newest of this session)." }
          },
          required: ["note"],
          additionalProperties: false
        }
      }
    ];
  }
});

// store/read.ts
function parseJsonl(text) {
  const out = { rows: [], torn: 0, tornLines: [] };
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      const v = JSON.parse(line);
      if (v && typeof v === "object" && !Array.isArray(v)) {
        out.rows.push(v);
        return;
      }
    } catch {
    }
    out.torn++;
    out.tornLines.push(i + 1);
  });
  return out;
}
async function readJsonl(file) {
  try {
    return parseJsonl(await (0, import_promises.readFile)(file, "utf8"));
  } catch (err) {
    if (err.code === "ENOENT") return { rows: [], torn: 0, tornLines: [] };
    throw err;
  }
}
function checkSessionId(id) {
  if (typeof id !== "string" || id === "") throw new StoreError("a session id is needed (none was given)");
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(id) || id.startsWith(".")) {
    throw new StoreError(`${JSON.stringify(id.slice(0, 80))} is not a session id (letters, digits, ".", "_" and "-" only, not starting with ".")`);
  }
  return id;
}
function insideDataDir(dataDir, rel) {
  const root = (0, import_node_path.resolve)(dataDir);
  const p = (0, import_node_path.resolve)(root, rel);
  const r = (0, import_node_path.relative)(root, p);
  if ((0, import_node_path.isAbsolute)(rel) || r === "" || r.startsWith("..") || r.split(import_node_path.sep).includes("..") || (0, import_node_path.isAbsolute)(r)) {
    throw new StoreError(`${JSON.stringify(rel)} is not a path inside the data dir`);
  }
  return p;
}
async function names(dir) {
  try {
    return await (0, import_promises.readdir)(dir);
  } catch (err) {
    if (err.code === "ENOENT" || err.code === "ENOTDIR") return [];
    throw err;
  }
}
async function sessionCompactions(dataDir, sessionId, opts = {}) {
  checkSessionId(sessionId);
  const out = [];
  for (const mode of Object.keys(MODE_DIRS)) {
    const dir = (0, import_node_path.join)(dataDir, MODE_DIRS[mode], sessionId);
    for (const name of await names(dir)) {
      const m = ROW_FILE.exec(name);
      if (!m) continue;
      const stem = name.slice(0, -".json".length);
      const c = { sessionId, mode, n: Number(m[1]), stem, at: stemTime(stem), dir, rowFile: (0, import_node_path.join)(dir, name), row: null };
      if (opts.rows !== false) {
        try {
          c.row = JSON.parse(await (0, import_promises.readFile)(c.rowFile, "utf8"));
        } catch (err) {
          c.problem = `row file unreadable: ${err.message}`;
        }
        if (c.row?.outcome === "pending") await completeLate(c);
      }
      out.push(c);
    }
  }
  return out.sort((a, b) => a.at.localeCompare(b.at) || a.n - b.n);
}
async function storedSessions(dataDir) {
  const out = [];
  for (const mode of Object.keys(MODE_DIRS)) {
    for (const name of await names((0, import_node_path.join)(dataDir, MODE_DIRS[mode]))) {
      if (/^[A-Za-z0-9._-]+$/.test(name) && !name.startsWith(".")) out.push({ sessionId: name, mode, dir: (0, import_node_path.join)(dataDir, MODE_DIRS[mode], name) });
    }
  }
  return out;
}
async function alive(pid) {
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === "EPERM";
  }
  const stat2 = await (0, import_promises.readFile)(`/proc/${pid}/stat`, "utf8").catch(() => null);
  return stat2 === null || !/^[^)]*\) Z /s.test(stat2.replace(/^.*\) /s, ") "));
}
async function completeLate(c) {
  const late = (0, import_node_path.join)(c.dir, `${c.stem}${LATE_SUFFIX}`);
  try {
    c.row = JSON.parse(await (0, import_promises.readFile)(late, "utf8"));
    c.rowFile = late;
    return;
  } catch (err) {
    if (err.code !== "ENOENT") {
      c.problem = `late row unreadable: ${err.message}`;
      return;
    }
  }
  const by = c.row.late;
  const here = by?.host === void 0 || by.host === (0, import_node_os.hostname)();
  if (here && !await alive(by?.pid)) {
    c.row = {
      ...c.row,
      reason: `late-part-lost: the rehearsal's late part (pid ${by?.pid ?? "unknown"}) ended before it finished, with no row of its own (its process was killed with the engine or the machine); the engine's own compaction stood`
    };
  }
}
var import_promises, import_node_os, import_node_path, StoreError;
var init_read = __esm({
  "store/read.ts"() {
    "use strict";
    import_promises = require("node:fs/promises");
    import_node_os = require("node:os");
    import_node_path = require("node:path");
    init_protocol();
    StoreError = class extends Error {
      constructor(message) {
        super(message);
        this.name = "StoreError";
      }
    };
  }
});

// store/lock.ts
function alive2(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
async function staleness(file, staleMs) {
  let text;
  let mtime;
  try {
    ;
    [text, mtime] = await Promise.all([(0, import_promises2.readFile)(file, "utf8"), (0, import_promises2.stat)(file).then((s) => s.mtimeMs)]);
  } catch (err) {
    if (err.code === "ENOENT") return { stale: null, holder: "nobody" };
    throw err;
  }
  let h = null;
  try {
    h = JSON.parse(text);
  } catch {
  }
  const age = Date.now() - (h?.at ?? mtime);
  const holder = h ? `pid ${h.pid} on ${h.host}` : "a holder that wrote no name";
  if (age > staleMs) return { stale: `${holder} has held it for ${Math.round(age / 1e3)} s`, holder };
  if (!h) return { stale: age > 5e3 ? `${holder}, ${Math.round(age / 1e3)} s ago` : null, holder };
  if (h.host === (0, import_node_os2.hostname)() && !alive2(h.pid)) return { stale: `${holder} is gone`, holder };
  return { stale: null, holder };
}
async function withLock(file, fn, opts) {
  const staleMs = opts.staleMs ?? 10 * 6e4;
  const started = Date.now();
  const me = { pid: process.pid, host: (0, import_node_os2.hostname)(), at: Date.now(), token: Math.random().toString(36).slice(2) };
  let holder;
  for (let attempt = 0; ; attempt++) {
    try {
      await (0, import_promises2.writeFile)(file, JSON.stringify({ ...me, at: Date.now() }), { flag: "wx", mode: 384 });
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    const s = await staleness(file, staleMs);
    holder = s.holder;
    if (s.stale) {
      const aside = `${file}.stale-${process.pid}-${attempt}`;
      try {
        await (0, import_promises2.rename)(file, aside);
        await (0, import_promises2.unlink)(aside).catch(() => void 0);
      } catch (err) {
        if (err.code !== "ENOENT") throw err;
      }
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= opts.waitMs) throw new LockTimeout(file, holder, waited);
    await sleep(Math.min(5 + attempt * 5, 50) + Math.random() * 10);
  }
  try {
    return await fn();
  } finally {
    try {
      const h = JSON.parse(await (0, import_promises2.readFile)(file, "utf8"));
      if (h.token === me.token && h.pid === me.pid) await (0, import_promises2.unlink)(file);
    } catch {
    }
  }
}
var import_promises2, import_node_os2, LockTimeout, sleep;
var init_lock = __esm({
  "store/lock.ts"() {
    "use strict";
    import_promises2 = require("node:fs/promises");
    import_node_os2 = require("node:os");
    LockTimeout = class extends Error {
      constructor(file, holder, waitedMs) {
        super(`the index is busy: ${holder} held ${file} for the whole ${waitedMs} ms waited`);
        this.file = file;
        this.holder = holder;
        this.waitedMs = waitedMs;
        this.name = "LockTimeout";
      }
      file;
      holder;
      waitedMs;
    };
    sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  }
});

// store/files.ts
async function appendJsonl(file, value) {
  await (0, import_promises3.mkdir)((0, import_node_path2.dirname)(file), { recursive: true, mode: DIR_MODE });
  const fh = await (0, import_promises3.open)(file, "a+", FILE_MODE);
  try {
    const { size } = await fh.stat();
    let lead = "";
    if (size > 0) {
      const last = Buffer.alloc(1);
      await fh.read(last, 0, 1, size - 1);
      if (last[0] !== 10) lead = "\n";
    }
    const buf = Buffer.from(`${lead}${JSON.stringify(value)}
`, "utf8");
    const { bytesWritten } = await fh.write(buf, 0, buf.length);
    if (bytesWritten !== buf.length) throw new Error(`short write to ${file}: ${bytesWritten} of ${buf.length} bytes`);
  } finally {
    await fh.close();
  }
}
var import_promises3, import_node_path2, DIR_MODE, FILE_MODE;
var init_files = __esm({
  "store/files.ts"() {
    "use strict";
    import_promises3 = require("node:fs/promises");
    import_node_path2 = require("node:path");
    DIR_MODE = 448;
    FILE_MODE = 384;
  }
});

// store/search.ts
function sqlite() {
  if (sqliteModule) return sqliteModule;
  import_node_v8.default.setFlagsFromString("--liftoff-only");
  const here = (0, import_node_path3.dirname)((0, import_node_url.fileURLToPath)(__chFileUrl));
  const req = (0, import_node_module.createRequire)(__chFileUrl);
  const vendored = [(0, import_node_path3.join)(here, VENDORED), (0, import_node_path3.join)(here, "..", VENDORED)].find((p) => (0, import_node_fs.existsSync)(p));
  const name = "node-sqlite3-wasm";
  sqliteModule = req(vendored ?? name);
  return sqliteModule;
}
function normalizeText(s) {
  const lower = s.toLowerCase();
  return ACCENTED.test(lower) ? lower.normalize("NFD").replace(/[\u0300-\u036F]/g, "") : lower;
}
function queryTokens(query) {
  return normalizeText(query).match(WORD) ?? [];
}
function matcherOf(query) {
  const tokens = queryTokens(query);
  if (tokens.length === 0) throw new StoreError(`the query ${JSON.stringify(query.slice(0, 60))} has no letters or digits to search for`);
  if (tokens.length > 32) throw new StoreError(`the query has ${tokens.length} words; 32 at most`);
  return { tokens, prefixLast: tokens.at(-1).length >= PREFIX_FROM };
}
function matchLines(lines, m) {
  const toks = [];
  const lineOf = [];
  lines.forEach((line, i) => {
    for (const t of normalizeText(line).match(WORD) ?? []) {
      toks.push(t);
      lineOf.push(i);
    }
  });
  const k = m.tokens.length;
  const out = [];
  for (let i = 0; i + k <= toks.length; i++) {
    let ok = true;
    for (let j = 0; j < k && ok; j++) {
      const t = toks[i + j];
      const q = m.tokens[j];
      ok = j === k - 1 && m.prefixLast ? t.startsWith(q) : t === q;
    }
    if (ok && out.at(-1) !== lineOf[i]) out.push(lineOf[i]);
  }
  return out;
}
function phraseRegExp(m) {
  const esc = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const words = m.tokens.map((t, j) => j === m.tokens.length - 1 && m.prefixLast ? esc(t) : `${esc(t)}(?![\\p{L}\\p{N}])`);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join("[^\\p{L}\\p{N}]+")}`, "u");
}
function snippet(line, m, width = 240) {
  const flat = line.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return flat;
  const at = Math.max(0, normalizeText(flat).indexOf(m.tokens[0]));
  const from = Math.max(0, Math.min(at - Math.floor(width / 3), flat.length - width));
  return `${from > 0 ? "\u2026" : ""}${flat.slice(from, from + width)}${from + width < flat.length ? "\u2026" : ""}`;
}
function ftsQuery(query, m, sessionId) {
  const phrase = `body : "${query.replace(/"/g, '""')}"${m.prefixLast ? " *" : ""}`;
  return sessionId ? `scope : "${sessionWord(sessionId)}" AND ${phrase}` : phrase;
}
function indexPaths(dataDir) {
  const dir = (0, import_node_path3.join)(dataDir, SEARCH_DIR);
  return { dir, db: (0, import_node_path3.join)(dir, INDEX_DB), lock: (0, import_node_path3.join)(dir, LOCK), pending: (0, import_node_path3.join)(dir, PENDING) };
}
function openIndex(file, create) {
  (0, import_node_fs.rmSync)(`${file}.lock`, { recursive: true, force: true });
  const { Database } = sqlite();
  const db = new Database(file, { fileMustExist: !create });
  try {
    if (create) {
      db.exec("pragma page_size = 8192");
      const have = db.get(`select name from sqlite_master where type = 'table' and name = 'meta'`);
      const version = have ? db.get(`select value from meta where key = 'schema'`)?.value ?? null : null;
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
          insert into meta(key, value) values ('schema', '${SCHEMA}'), ('created', '${(/* @__PURE__ */ new Date()).toISOString()}');
        `);
      }
    }
    db.exec("pragma synchronous = normal");
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
function chunksOf(text) {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out = [];
  let off = 0;
  for (let i = 0; i < lines.length; ) {
    const start = i;
    let len = 0;
    do {
      len += Buffer.byteLength(lines[i], "utf8") + 1;
      i++;
    } while (i < lines.length && i - start < CHUNK_LINES && len < CHUNK_BYTES);
    const body = lines.slice(start, i).join("\n");
    if (body.trim() !== "") out.push({ line: start + 1, lines: i - start, off, len, body });
    off += len;
  }
  return out;
}
function insertDocs(db, docs) {
  const has = db.prepare("select 1 from docs where path = ?");
  const insDoc = db.prepare("insert into docs(path, session, mode, n, kind, at, lines, bytes) values (?, ?, ?, ?, ?, ?, ?, ?)");
  const insChunk = db.prepare("insert into chunks(doc, line, lines, off, len) values (?, ?, ?, ?, ?)");
  const insFts = db.prepare("insert into fts(rowid, scope, body) values (?, ?, ?)");
  let n = 0;
  let chunks = 0;
  try {
    for (const d of docs) {
      if (has.get([d.path])) continue;
      const cs = chunksOf(d.text);
      const last = cs.at(-1);
      const doc = insDoc.run([
        d.path,
        d.sessionId,
        d.mode,
        d.n,
        d.kind,
        d.at,
        last ? last.line + last.lines - 1 : 0,
        Buffer.byteLength(d.text, "utf8")
      ]).lastInsertRowid;
      const scope2 = `${sessionWord(d.sessionId)} m${d.mode} k${d.kind}`;
      for (const c of cs) {
        const id = insChunk.run([doc, c.line, c.lines, c.off, c.len]).lastInsertRowid;
        insFts.run([id, scope2, c.body]);
      }
      n++;
      chunks += cs.length;
    }
  } finally {
    for (const st of [has, insDoc, insChunk, insFts]) st.finalize();
  }
  return { docs: n, chunks };
}
async function pendingDocs(dataDir, db) {
  const { rows } = await readJsonl(indexPaths(dataDir).pending);
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const r of rows) {
    if (typeof r.path !== "string" || seen.has(r.path)) continue;
    seen.add(r.path);
    if (db.get("select 1 from docs where path = ?", [r.path])) continue;
    try {
      out.push({ ...r, text: (0, import_node_fs.readFileSync)(insideDataDir(dataDir, r.path), "utf8") });
    } catch {
    }
  }
  return out;
}
function inTransaction(db, fn) {
  db.exec("begin immediate");
  try {
    const r = fn();
    db.exec("commit");
    return r;
  } catch (err) {
    if (db.inTransaction) db.exec("rollback");
    throw err;
  }
}
async function indexDocs(dataDir, docs, opts = {}) {
  const p = indexPaths(dataDir);
  await (0, import_promises4.mkdir)(p.dir, { recursive: true, mode: DIR_MODE });
  let discarded = false;
  try {
    const r = await withLock(
      p.lock,
      async () => {
        discarded = damaged(p) && discard(p);
        const run = async () => {
          const db = openIndex(p.db, true);
          try {
            const all = [...docs, ...(0, import_node_fs.existsSync)(p.pending) ? await pendingDocs(dataDir, db) : []];
            return inTransaction(db, () => insertDocs(db, all));
          } finally {
            db.close();
          }
        };
        try {
          return await run();
        } catch (err) {
          if (!isCorrupt(err)) throw err;
          discarded = discard(p);
          return await run();
        }
      },
      { waitMs: opts.waitMs ?? WRITE_WAIT_MS }
    );
    if (discarded) await reindexStore(dataDir);
    return r;
  } catch (err) {
    for (const { text: _t, ...d } of docs) await appendJsonl(p.pending, d).catch(() => void 0);
    throw err;
  }
}
function damaged(p) {
  return (0, import_node_fs.existsSync)(`${p.db}-journal`);
}
function isCorrupt(err) {
  return /malformed|not a database|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(String(err?.message ?? err));
}
function discard(p) {
  for (const f of [p.db, `${p.db}-journal`]) (0, import_node_fs.rmSync)(f, { force: true });
  return true;
}
async function indexPending(dataDir) {
  return indexDocs(dataDir, []);
}
async function notedPaths(p) {
  return [...new Set((await readJsonl(p.pending)).rows.map((r) => r.path).filter((x) => typeof x === "string"))];
}
async function behind(p) {
  if (!(0, import_node_fs.existsSync)(p.pending)) return false;
  if (!(0, import_node_fs.existsSync)(p.db)) return true;
  const noted = await notedPaths(p);
  if (noted.length === 0) return false;
  return withLock(
    p.lock,
    () => {
      const db = openIndex(p.db, false);
      try {
        return notIn(db, noted).length > 0;
      } finally {
        db.close();
      }
    },
    { waitMs: READ_WAIT_MS }
  ).catch(() => true);
}
async function reindexStore(dataDir, opts = {}) {
  const started = performance.now();
  const p = indexPaths(dataDir);
  await (0, import_promises4.mkdir)(p.dir, { recursive: true, mode: DIR_MODE });
  if (opts.rebuild) {
    await withLock(
      p.lock,
      () => {
        for (const f of [p.db, `${p.db}-journal`]) (0, import_node_fs.rmSync)(f, { force: true });
      },
      { waitMs: WRITE_WAIT_MS }
    );
  }
  const sessions = [...new Set((await storedSessions(dataDir)).map((s) => s.sessionId))];
  let docs = 0;
  let chunks = 0;
  for (const [i, sessionId] of sessions.entries()) {
    const batch = [];
    for (const c of await sessionCompactions(dataDir, sessionId, { rows: false })) {
      for (const kind of Object.keys(TEXT_KINDS)) {
        const file = (0, import_node_path3.join)(c.dir, `${c.stem}${TEXT_KINDS[kind]}`);
        if (!(0, import_node_fs.existsSync)(file)) continue;
        batch.push({ path: file.slice(dataDir.length + 1), sessionId, mode: c.mode, n: c.n, kind, at: c.at, text: (0, import_node_fs.readFileSync)(file, "utf8") });
      }
    }
    if (batch.length) {
      const r = await indexDocs(dataDir, batch);
      docs += r.docs;
      chunks += r.chunks;
    }
    opts.onProgress?.(i + 1, sessions.length);
  }
  return { docs, chunks, sessions: sessions.length, ms: Math.round(performance.now() - started) };
}
function readChunk(fds, dataDir, path, off, len) {
  let fd = fds.get(path);
  if (fd === void 0) {
    try {
      fd = (0, import_node_fs.openSync)(insideDataDir(dataDir, path), "r");
    } catch {
      fd = null;
    }
    fds.set(path, fd);
  }
  if (fd === null) return null;
  const buf = Buffer.alloc(len);
  const got = (0, import_node_fs.readSync)(fd, buf, 0, len, off);
  return buf.subarray(0, got).toString("utf8");
}
function searchIndexed(db, dataDir, o, m) {
  const q = ftsQuery(o.query, m, o.sessionId ?? null);
  const hits = [];
  const fds = /* @__PURE__ */ new Map();
  let below = Number.MAX_SAFE_INTEGER;
  try {
    for (; ; ) {
      const ids = db.all("select rowid as id from fts where fts match ? and rowid < ? order by rowid desc limit ?", [q, below, BATCH]).map((r) => Number(r.id));
      if (ids.length === 0) return { hits, more: false };
      below = ids.at(-1);
      const rows = db.all(
        `select c.id, c.line, c.off, c.len, d.path, d.session, d.mode, d.n, d.kind, d.at
           from chunks c join docs d on d.id = c.doc where c.id in (${ids.join(",")})`
      );
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const id of ids) {
        const r = byId.get(id);
        if (!r || o.sessionId && r.session !== o.sessionId) continue;
        const text = readChunk(fds, dataDir, String(r.path), Number(r.off), Number(r.len));
        if (text === null) continue;
        const lines = text.split("\n");
        for (const i of matchLines(lines, m)) {
          if (hits.length === o.limit) return { hits, more: true };
          hits.push({
            sessionId: String(r.session),
            mode: r.mode,
            n: Number(r.n),
            kind: r.kind,
            path: String(r.path),
            line: Number(r.line) + i,
            at: String(r.at),
            text: snippet(lines[i], m)
          });
        }
      }
    }
  } finally {
    for (const fd of fds.values()) if (fd !== null) (0, import_node_fs.closeSync)(fd);
  }
}
async function scanSearch(dataDir, o) {
  const m = matcherOf(o.query);
  const sessions = o.sessionId ? [o.sessionId] : [...new Set((await storedSessions(dataDir)).map((s) => s.sessionId))];
  const files = [];
  for (const sessionId of sessions) {
    for (const c of await sessionCompactions(dataDir, sessionId, { rows: false })) {
      for (const kind of Object.keys(TEXT_KINDS)) {
        files.push({ file: (0, import_node_path3.join)(c.dir, `${c.stem}${TEXT_KINDS[kind]}`), sessionId, mode: c.mode, n: c.n, kind, at: c.at });
      }
    }
  }
  files.sort((a, b) => b.at.localeCompare(a.at));
  const re = phraseRegExp(m);
  const hits = [];
  for (const f of files) {
    let text;
    try {
      text = (0, import_node_fs.readFileSync)(f.file, "utf8");
    } catch {
      continue;
    }
    if (!re.test(normalizeText(text))) continue;
    const lines = text.split("\n");
    for (const i of matchLines(lines, m)) {
      if (hits.length === o.limit) return { hits, more: true };
      hits.push({
        sessionId: f.sessionId,
        mode: f.mode,
        n: f.n,
        kind: f.kind,
        path: f.file.slice(dataDir.length + 1),
        line: i + 1,
        at: f.at,
        text: snippet(lines[i], m)
      });
    }
  }
  return { hits, more: false };
}
async function search(dataDir, o) {
  const started = performance.now();
  const m = matcherOf(o.query);
  const p = indexPaths(dataDir);
  const done = (r, via, note) => ({
    ...r,
    via,
    note,
    ms: Math.round(performance.now() - started)
  });
  if (damaged(p) || await behind(p)) await indexPending(dataDir).catch(() => void 0);
  if (!(0, import_node_fs.existsSync)(p.db)) return done(await scanSearch(dataDir, o), "scan", "no search index yet, so the stored files were read instead");
  const attempt = () => withLock(
    p.lock,
    () => {
      if (damaged(p)) throw new Error("a writer died while updating it; the next compaction rebuilds it (or: compact-handoff index --rebuild)");
      const db = openIndex(p.db, false);
      try {
        return searchIndexed(db, dataDir, o, m);
      } finally {
        db.close();
      }
    },
    { waitMs: READ_WAIT_MS }
  );
  try {
    let r;
    try {
      r = await attempt();
    } catch (err) {
      if (err instanceof StoreError || err instanceof LockTimeout) throw err;
      await new Promise((resolve2) => setTimeout(resolve2, 100));
      r = await attempt();
    }
    return done(r, "index", null);
  } catch (err) {
    if (err instanceof StoreError) throw err;
    const why = err instanceof LockTimeout ? err.message : `the index could not be read (${err?.message ?? String(err)})`;
    return done(await scanSearch(dataDir, o), "scan", `${why}; the stored files were read instead`);
  }
}
async function indexStats(dataDir) {
  const p = indexPaths(dataDir);
  const noted = await notedPaths(p);
  if (!(0, import_node_fs.existsSync)(p.db)) return { exists: false, docs: 0, chunks: 0, bytes: 0, textBytes: 0, newest: null, pending: noted.length };
  const bytes = (0, import_node_fs.statSync)(p.db).size;
  return withLock(
    p.lock,
    () => {
      const db = openIndex(p.db, false);
      try {
        const d = db.get("select count(*) as docs, coalesce(sum(bytes), 0) as text, max(at) as newest from docs");
        const c = db.get("select count(*) as chunks from chunks");
        const pending = notIn(db, noted).length;
        return {
          exists: true,
          docs: Number(d.docs),
          chunks: Number(c.chunks),
          bytes,
          textBytes: Number(d.text),
          newest: d.newest ?? null,
          pending
        };
      } finally {
        db.close();
      }
    },
    { waitMs: READ_WAIT_MS }
  );
}
var import_node_fs, import_promises4, import_node_module, import_node_v8, import_node_path3, import_node_url, SEARCH_DIR, INDEX_DB, LOCK, PENDING, SCHEMA, CHUNK_LINES, CHUNK_BYTES, READ_WAIT_MS, WRITE_WAIT_MS, VENDORED, sqliteModule, ACCENTED, WORD, PREFIX_FROM, sessionWord, notIn, BATCH;
var init_search = __esm({
  "store/search.ts"() {
    "use strict";
    import_node_fs = require("node:fs");
    import_promises4 = require("node:fs/promises");
    import_node_module = require("node:module");
    import_node_v8 = __toESM(require("node:v8"), 1);
    import_node_path3 = require("node:path");
    import_node_url = require("node:url");
    init_lock();
    init_read();
    init_protocol();
    init_files();
    SEARCH_DIR = "search";
    INDEX_DB = "index.sqlite";
    LOCK = "index.lock";
    PENDING = "pending.jsonl";
    SCHEMA = "1";
    CHUNK_LINES = 16;
    CHUNK_BYTES = 8192;
    READ_WAIT_MS = 5e3;
    WRITE_WAIT_MS = 15e3;
    VENDORED = "node-sqlite3-wasm.cjs";
    sqliteModule = null;
    ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF]|[\u0300-\u036F]/;
    WORD = /[\p{L}\p{N}]+/gu;
    PREFIX_FROM = 3;
    sessionWord = (id) => `s${id.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
    notIn = (db, noted) => noted.filter((path) => !db.get("select 1 from docs where path = ?", [path]));
    BATCH = 64;
  }
});

// node_modules/isbinaryfile/lib/index.js
var require_lib = __commonJS({
  "node_modules/isbinaryfile/lib/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.isBinaryFileSync = exports2.isBinaryFile = void 0;
    var fs = require("fs");
    var util_1 = require("util");
    var statAsync = (0, util_1.promisify)(fs.stat);
    var openAsync = (0, util_1.promisify)(fs.open);
    var closeAsync = (0, util_1.promisify)(fs.close);
    var MAX_BYTES = 512;
    var UTF8_BOUNDARY_RESERVE = 3;
    var Reader = class {
      fileBuffer;
      size;
      offset;
      error;
      constructor(fileBuffer, size) {
        this.fileBuffer = fileBuffer;
        this.size = size;
        this.offset = 0;
        this.error = false;
      }
      hasError() {
        return this.error;
      }
      nextByte() {
        if (this.offset === this.size || this.hasError()) {
          this.error = true;
          return 255;
        }
        return this.fileBuffer[this.offset++];
      }
      next(len) {
        const n = new Array();
        for (let i = 0; i < len; i++) {
          if (this.error) {
            return n;
          }
          n[i] = this.nextByte();
        }
        return n;
      }
    };
    function readProtoVarInt(reader) {
      let idx = 0;
      let varInt = 0;
      while (!reader.hasError()) {
        const b = reader.nextByte();
        varInt = varInt | (b & 127) << 7 * idx;
        if ((b & 128) === 0) {
          break;
        }
        if (idx >= 10) {
          reader.error = true;
          break;
        }
        idx++;
      }
      return varInt;
    }
    function readProtoMessage(reader) {
      const varInt = readProtoVarInt(reader);
      const wireType = varInt & 7;
      switch (wireType) {
        case 0:
          readProtoVarInt(reader);
          return true;
        case 1:
          reader.next(8);
          return true;
        case 2:
          const len = readProtoVarInt(reader);
          reader.next(len);
          return true;
        case 5:
          reader.next(4);
          return true;
      }
      return false;
    }
    function isBinaryProto(fileBuffer, totalBytes) {
      const reader = new Reader(fileBuffer, totalBytes);
      let numMessages = 0;
      while (true) {
        if (!readProtoMessage(reader) && !reader.hasError()) {
          return false;
        }
        if (reader.hasError()) {
          break;
        }
        numMessages++;
      }
      return numMessages > 0;
    }
    async function isBinaryFile2(file, size) {
      if (isString(file)) {
        const stat2 = await statAsync(file);
        isStatFile(stat2);
        const fileDescriptor = await openAsync(file, "r");
        const allocBuffer = Buffer.alloc(MAX_BYTES + UTF8_BOUNDARY_RESERVE);
        return new Promise((fulfill, reject) => {
          fs.read(fileDescriptor, allocBuffer, 0, MAX_BYTES + UTF8_BOUNDARY_RESERVE, 0, (err, bytesRead, _) => {
            closeAsync(fileDescriptor);
            if (err) {
              reject(err);
            } else {
              try {
                fulfill(isBinaryCheck(allocBuffer, bytesRead));
              } catch (error) {
                reject(error);
              }
            }
          });
        });
      } else {
        if (size === void 0) {
          size = file.length;
        }
        return isBinaryCheck(file, size);
      }
    }
    exports2.isBinaryFile = isBinaryFile2;
    function isBinaryFileSync2(file, size) {
      if (isString(file)) {
        const stat2 = fs.statSync(file);
        isStatFile(stat2);
        const fileDescriptor = fs.openSync(file, "r");
        const allocBuffer = Buffer.alloc(MAX_BYTES + UTF8_BOUNDARY_RESERVE);
        const bytesRead = fs.readSync(fileDescriptor, allocBuffer, 0, MAX_BYTES + UTF8_BOUNDARY_RESERVE, 0);
        fs.closeSync(fileDescriptor);
        return isBinaryCheck(allocBuffer, bytesRead);
      } else {
        if (size === void 0) {
          size = file.length;
        }
        return isBinaryCheck(file, size);
      }
    }
    exports2.isBinaryFileSync = isBinaryFileSync2;
    function isBinaryCheck(fileBuffer, bytesRead) {
      if (bytesRead === 0) {
        return false;
      }
      let suspiciousBytes = 0;
      const totalBytes = Math.min(bytesRead, MAX_BYTES + UTF8_BOUNDARY_RESERVE);
      const scanBytes = Math.min(totalBytes, MAX_BYTES);
      if (bytesRead >= 3 && fileBuffer[0] === 239 && fileBuffer[1] === 187 && fileBuffer[2] === 191) {
        return false;
      }
      if (bytesRead >= 4 && fileBuffer[0] === 0 && fileBuffer[1] === 0 && fileBuffer[2] === 254 && fileBuffer[3] === 255) {
        return false;
      }
      if (bytesRead >= 4 && fileBuffer[0] === 255 && fileBuffer[1] === 254 && fileBuffer[2] === 0 && fileBuffer[3] === 0) {
        return false;
      }
      if (bytesRead >= 4 && fileBuffer[0] === 132 && fileBuffer[1] === 49 && fileBuffer[2] === 149 && fileBuffer[3] === 51) {
        return false;
      }
      if (totalBytes >= 5 && fileBuffer.slice(0, 5).toString() === "%PDF-") {
        return true;
      }
      if (bytesRead >= 2 && fileBuffer[0] === 254 && fileBuffer[1] === 255) {
        return false;
      }
      if (bytesRead >= 2 && fileBuffer[0] === 255 && fileBuffer[1] === 254) {
        return false;
      }
      for (let i = 0; i < scanBytes; i++) {
        if (fileBuffer[i] === 0) {
          return true;
        } else if ((fileBuffer[i] < 7 || fileBuffer[i] > 14) && (fileBuffer[i] < 32 || fileBuffer[i] > 127)) {
          if (fileBuffer[i] >= 192 && fileBuffer[i] <= 223 && i + 1 < totalBytes) {
            i++;
            if (fileBuffer[i] >= 128 && fileBuffer[i] <= 191) {
              continue;
            }
          } else if (fileBuffer[i] >= 224 && fileBuffer[i] <= 239 && i + 2 < totalBytes) {
            i++;
            if (fileBuffer[i] >= 128 && fileBuffer[i] <= 191 && fileBuffer[i + 1] >= 128 && fileBuffer[i + 1] <= 191) {
              i++;
              continue;
            }
          } else if (fileBuffer[i] >= 240 && fileBuffer[i] <= 247 && i + 3 < totalBytes) {
            i++;
            if (fileBuffer[i] >= 128 && fileBuffer[i] <= 191 && fileBuffer[i + 1] >= 128 && fileBuffer[i + 1] <= 191 && fileBuffer[i + 2] >= 128 && fileBuffer[i + 2] <= 191) {
              i += 2;
              continue;
            }
          }
          suspiciousBytes++;
          if (i >= 32 && suspiciousBytes * 100 / scanBytes > 10) {
            return true;
          }
        }
      }
      if (suspiciousBytes * 100 / scanBytes > 10) {
        return true;
      }
      if (suspiciousBytes > 1 && isBinaryProto(fileBuffer, scanBytes)) {
        return true;
      }
      return false;
    }
    function isString(x) {
      return typeof x === "string";
    }
    function isStatFile(stat2) {
      if (!stat2.isFile()) {
        throw new Error(`Path provided was not a file!`);
      }
    }
  }
});

// cli/history.ts
var history_exports = {};
__export(history_exports, {
  COMMON: () => COMMON,
  EXIT: () => EXIT,
  command: () => command,
  indexCommand: () => indexCommand,
  listCommand: () => listCommand,
  lookupCommand: () => lookupCommand,
  searchCommand: () => searchCommand,
  statusCommand: () => statusCommand,
  toolCommand: () => toolCommand
});
module.exports = __toCommonJS(history_exports);
var import_node_fs3 = require("node:fs");
var import_node_util = require("node:util");

// pipeline/codes.ts
var ERROR_CODES = {
  CONFIG_INVALID: { exit: 1, means: "the pipeline config has errors" },
  TRANSCRIPT_UNREADABLE: { exit: 1, means: "the transcript could not be read" },
  TRANSCRIPT_EMPTY: { exit: 1, means: "the transcript (or the part asked for) holds no conversation" },
  TRANSCRIPT_TOO_LARGE: { exit: 1, means: "the transcript is larger than the reader takes" },
  DATA_DIR_UNUSABLE: { exit: 1, means: "the data dir is not a directory, or cannot be read" },
  OUTPUT_UNWRITABLE: { exit: 1, means: "the file --out names could not be written (permission, a full disk)" },
  STORE_REFUSED: { exit: 1, means: "the store cannot answer what was asked: an unknown session, a compaction or a line that is not there" },
  USAGE: { exit: 2, means: "the command line is not understood" },
  INTERNAL: { exit: 3, means: "something went wrong that the program did not expect (a bug: --verbose shows the stack)" }
};
var HandoffError = class _HandoffError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    this.name = "HandoffError";
    this.exitCode = ERROR_CODES[code].exit;
  }
  code;
  exitCode;
  /** Whether `err` is one (a ConfigError too), also when it was thrown by another copy of this
   *  class: the bundle's commands run from a CommonJS file of their own (cli/code-cache.ts). */
  static is(err) {
    if (err instanceof _HandoffError) return true;
    if (!(err instanceof Error)) return false;
    const { code, exitCode } = err;
    return typeof code === "string" && Object.hasOwn(ERROR_CODES, code) && typeof exitCode === "number";
  }
};

// cli/history.ts
init_read();
init_search();

// store/tools.ts
var import_node_fs2 = require("node:fs");
var import_promises5 = require("node:fs/promises");
var import_node_path5 = require("node:path");

// pipeline/text.ts
var fmt = (n) => {
  const [int2, frac] = String(n).split(".");
  return int2.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (frac ? `.${frac.slice(0, 3)}` : "");
};

// store/tools.ts
init_protocol();
init_read();
init_search();
init_files();

// store/write.ts
var import_node_os3 = require("node:os");
var import_node_path4 = require("node:path");

// pipeline/transcript.ts
var MAX_LINE_BYTES = 64 * 1024 * 1024;

// pipeline/file-touches.ts
var FILE_TOOLS = {
  Read: "file_path",
  Write: "file_path",
  Edit: "file_path",
  MultiEdit: "file_path",
  NotebookEdit: "notebook_path"
};

// pipeline/tool-errors.ts
var LOCATION = /[\w.-]*\w\.[A-Za-z]\w{0,9}:\d+/;
var NAMES_ERROR = new RegExp(`${LOCATION.source}|\\b(?:error|exception)\\b:|\\bpanic:|\\bnpm ERR!|\\bFAIL\\b|^! \\S`, "i");

// pipeline/read-policy.ts
var import_isbinaryfile = __toESM(require_lib(), 1);
var DEFAULT_DENY = [
  "~/.ssh/**",
  "~/.aws/**",
  "~/.gnupg/**",
  "~/.azure/**",
  "~/.config/gcloud/**",
  "~/.kube/**",
  "~/.docker/config.json",
  "~/.netrc",
  "~/.npmrc",
  "~/.pypirc",
  "~/.git-credentials",
  "~/.claude/.credentials.json",
  ".env",
  ".env.*",
  "id_rsa*",
  "id_dsa*",
  "id_ecdsa*",
  "id_ed25519*",
  "*.pem",
  "*.key",
  "*.p12",
  "*.pfx",
  "*.keystore",
  "/etc/shadow*",
  "/etc/gshadow*",
  "/etc/sudoers*",
  "/etc/ssh/ssh_host_*"
];
var READ_POLICY_OPTIONS = {
  denyPaths: {
    type: "array",
    items: { type: "string", minLength: 1 },
    description: `globs never read or shown, added to the default deny list (${DEFAULT_DENY.length} patterns: ~/.ssh/**, .env, *.pem, \u2026)`
  },
  allowPaths: {
    type: "array",
    items: { type: "string", minLength: 1 },
    description: "globs read and shown even when the deny list names them or they lie outside the project"
  }
};
var SECRET_WORD = String.raw`(?:secret|token|passw(?:or)?d|pass(?:wd|phrase)?\b|pwd\b|api[_-]?key|apikey|private[_-]?key|access[_-]?key|(?:app|master|account)[_-]?key|credential)`;
var SECRET_NAME = String.raw`[\w.-]{0,40}${SECRET_WORD}[\w.-]{0,40}`;
var SECRET_LINE_RE = new RegExp(
  String.raw`^(\s*(?:[^\s:]{1,200}:(?:\d{1,9}[:-])?\s*)?(?:-\s+)?(?:export\s+)?(["']?)${SECRET_NAME}\2\s{0,20}(?::(?!=)|=(?!=))\s{0,20})(\S.*)$`,
  "i"
);
var SECRET_INLINE_RE = new RegExp(
  String.raw`(^|[^\w.-])(["']?)(${SECRET_NAME})\2(=(?!=)|\s{0,20}[:=]\s{0,20}(?=["']))("[^"\n]{0,2000}"|'[^'\n]{0,2000}'|[^\s"'&;,)}\]]{1,2000})`,
  "gi"
);
var NAMED = new RegExp(SECRET_WORD, "i");

// pipeline/render.ts
var WRITE_TOOLS = new Set(Object.keys(FILE_TOOLS).filter((tool) => tool !== "Read"));

// store/write.ts
init_protocol();
init_files();
init_lock();
function resolveDataDir(setting, env = process.env, home = (0, import_node_os3.homedir)()) {
  if (setting && setting.trim()) return expandHome(setting.trim(), home);
  if (env.COMPACT_HANDOFF_DATA_DIR) return expandHome(env.COMPACT_HANDOFF_DATA_DIR, home);
  return (0, import_node_path4.join)(home, ".claude", "compact-handoff");
}
function expandHome(path, home) {
  return path === "~" ? home : path.startsWith("~/") ? (0, import_node_path4.join)(home, path.slice(2)) : path;
}
function textSize(text) {
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  if (text.endsWith("\n")) lines--;
  return { chars: text.length, lines, approxTokens: Math.ceil(text.length / 4) };
}
function feedbackFile(rowFile) {
  return rowFile.replace(/\.json$/, ".feedback.jsonl");
}

// store/tools.ts
var FILES = LOOKUP_FILES;
var TOOL_SPECS = Object.fromEntries(
  HISTORY_TOOLS.map((t) => [t.name, { description: t.description, inputSchema: t.inputSchema }])
);
function checkArgs(name, raw) {
  const schema = TOOL_SPECS[name].inputSchema;
  if (raw === void 0 || raw === null) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new StoreError("the arguments must be an object");
  const args = raw;
  const problems = [];
  const known = Object.keys(schema.properties);
  for (const k of Object.keys(args)) {
    if (!(k in schema.properties)) problems.push(`unknown argument "${k}" (${known.length ? `it takes ${known.join(", ")}` : "it takes none"})`);
  }
  for (const k of schema.required ?? []) if (args[k] === void 0) problems.push(`"${k}" is required`);
  for (const [k, p] of Object.entries(schema.properties)) {
    const v = args[k];
    if (v === void 0) continue;
    const got = JSON.stringify(v)?.slice(0, 40);
    if (p.type === "integer") {
      if (typeof v !== "number" || !Number.isInteger(v)) problems.push(`"${k}" must be a whole number (got ${got})`);
      else if (typeof p.minimum === "number" && v < p.minimum) problems.push(`"${k}" must be at least ${p.minimum} (got ${v})`);
      else if (typeof p.maximum === "number" && v > p.maximum) problems.push(`"${k}" must be at most ${p.maximum} (got ${v})`);
    } else if (p.type === "string") {
      if (typeof v !== "string") problems.push(`"${k}" must be a string (got ${got})`);
      else if (Array.isArray(p.enum) && !p.enum.includes(v)) problems.push(`"${k}" must be one of ${p.enum.map((e) => `"${e}"`).join(", ")} (got ${got})`);
      else if (typeof p.minLength === "number" && v.trim().length < p.minLength) problems.push(`"${k}" must not be empty`);
      else if (typeof p.maxLength === "number" && v.length > p.maxLength)
        problems.push(`"${k}" must be at most ${p.maxLength} characters (got ${fmt(v.length)})`);
    }
  }
  if (problems.length) throw new StoreError(problems.join("; "));
  return args;
}
var when = (iso) => iso.replace("T", " ").slice(0, 16);
var modeOf = (live) => live === false ? "rehearsal" : "live";
var mine = (ctx, sessionId) => ctx.by === "tool" && sessionId !== null && sessionId === ctx.sessionId;
var nameOf = (ctx, sessionId) => mine(ctx, sessionId) ? "this session" : `session ${sessionId}`;
async function alikeSessions(ctx, sessionId) {
  if (mine(ctx, sessionId) || sessionId.length < 4) return "";
  const alike = /* @__PURE__ */ new Set();
  for (const s of await storedSessions(ctx.dataDir)) if (s.sessionId !== sessionId && s.sessionId.startsWith(sessionId)) alike.add(s.sessionId);
  if (alike.size === 0) return "";
  const shown = [...alike].slice(0, 3);
  return `; the store holds ${shown.join(", ")}${alike.size > shown.length ? ` and ${alike.size - shown.length} more` : ""} (a session id is matched whole)`;
}
function sessionOf(ctx, given) {
  if (given !== void 0) return checkSessionId(given);
  if (!ctx.sessionId) throw new StoreError('no session to read: give one (--session ID on the command line, "session" in a tool call)');
  return checkSessionId(ctx.sessionId);
}
async function pick(ctx, sessionId, n, mode) {
  const all = await sessionCompactions(ctx.dataDir, sessionId);
  const whose = nameOf(ctx, sessionId);
  if (all.length === 0) throw new StoreError(`${whose} has no stored compactions (data dir ${ctx.dataDir})${await alikeSessions(ctx, sessionId)}`);
  const pool = mode ? all.filter((c2) => c2.mode === mode) : all;
  if (pool.length === 0) throw new StoreError(`${whose} has no ${mode} compactions (it has ${describeNs(all)})`);
  const preferred = modeOf(ctx.live);
  const byPreference = [...pool].sort((a, b) => Number(b.mode === preferred) - Number(a.mode === preferred));
  const c = n === void 0 ? newest(pool, preferred) : byPreference.find((x) => x.n === n);
  if (!c) throw new StoreError(`${whose} has no compaction n=${n} (it has ${describeNs(pool)})`);
  return { c, all };
}
function newest(pool, preferred) {
  const mine2 = pool.filter((c) => c.mode === preferred);
  return (mine2.length ? mine2 : pool).at(-1);
}
function describeNs(cs) {
  const by = /* @__PURE__ */ new Map();
  for (const c of cs) by.set(c.mode, [...by.get(c.mode) ?? [], c.n]);
  return [...by].map(([mode, ns]) => `${mode} n=${ranges(ns)}`).join(", ");
}
function ranges(ns) {
  const s = [...new Set(ns)].sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i < s.length; ) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j] + 1) j++;
    out.push(i === j ? `${s[i]}` : `${s[i]}\u2013${s[j]}`);
    i = j + 1;
  }
  return out.join(", ");
}
function lookupCall(ctx, c, extra = {}) {
  const args = { n: c.n, ...extra };
  if (!mine(ctx, c.sessionId)) args.session = c.sessionId;
  if (c.mode !== modeOf(ctx.live)) args.mode = c.mode;
  return `handoff_lookup ${JSON.stringify(args).replace(/,"/g, ', "').replace(/":/g, '": ')}`;
}
async function logRead(ctx, tool, args, text, ms, extra = {}) {
  if (ctx.by === "cli" && !(0, import_node_fs2.existsSync)(ctx.dataDir)) return;
  const size = textSize(text);
  const row = {
    at: (ctx.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
    sessionId: ctx.sessionId,
    by: ctx.by,
    tool,
    args,
    chars: size.chars,
    lines: size.lines,
    approxTokens: size.approxTokens,
    ms,
    ...extra
  };
  await appendJsonl((0, import_node_path5.join)(ctx.dataDir, LOOKUPS_FILE), row);
  if (ctx.by === "tool" && ctx.sessionId) await appendJsonl((0, import_node_path5.join)(ctx.dataDir, MODE_DIRS[modeOf(ctx.live)], checkSessionId(ctx.sessionId), LOOKUPS_FILE), row);
}
function compactionLine(c) {
  const r = c.row;
  if (!r) return `n=${c.n}  ${when(c.at)}  ${c.mode}  (${c.problem})`;
  const sections = r.sections ?? [];
  const kept = sections.filter((s) => s.status === "ok").length;
  const parts = [
    `n=${c.n}`,
    when(c.at),
    c.mode,
    `${r.trigger}`,
    `${r.outcome}${r.reason ? ` (${String(r.reason).slice(0, 120)})` : ""}`,
    r.sizes?.handoff ? `handoff ${fmt(r.sizes.handoff.chars)} chars` : "no handoff",
    sections.length ? `${kept} of ${sections.length} sections kept` : null,
    spentOf(r)
  ];
  return parts.filter(Boolean).join("  ");
}
function spentOf(r) {
  const calls = Array.isArray(r.model?.calls) ? r.model.calls.filter((c) => c.answeredBy !== null).length : 0;
  const usd = r.cost?.usd;
  if (r.outcome === "pending") return null;
  if (calls === 0) return "no model calls";
  const n = `${calls} model call${calls === 1 ? "" : "s"}`;
  if (typeof usd === "number") return `${n} $${usd.toFixed(4)}`;
  const part = typeof r.cost?.pricedUsd === "number" ? ` $${r.cost.pricedUsd.toFixed(4)} priced,` : "";
  return `${n},${part} cost unknown (${String(r.cost?.reason ?? "unpriced").slice(0, 80)})`;
}
var bump = (m, k) => m[k] = (m[k] ?? 0) + 1;
function sessionSums(cs) {
  const out = {
    compactions: cs.length,
    restores: { files: 0, compactions: 0 },
    model: { calls: 0, usd: 0, pricedCompactions: 0, unpricedCompactions: 0 },
    agents: { compactions: 0, agents: 0, runningAtCompaction: 0 },
    fallbacks: {},
    arms: {},
    requested: {},
    coldForks: 0
  };
  const agents = /* @__PURE__ */ new Set();
  for (const c of cs) {
    const r = c.row;
    if (!r) continue;
    bump(out.arms, typeof r.arm === "string" ? r.arm : "unknown");
    if (typeof r.requestedBy === "string") bump(out.requested, r.requestedBy);
    if (r.outcome === "fallback") bump(out.fallbacks, typeof r.code === "string" ? r.code : "unknown");
    if (typeof r.agentId === "string") {
      out.agents.compactions++;
      agents.add(r.agentId);
    }
    if (typeof r.runningAgents === "number") out.agents.runningAtCompaction += r.runningAgents;
    if (r.fork?.cold === true) out.coldForks++;
    const restore = (r.sections ?? []).find((x) => x.name === "restore" && x.status === "ok");
    const files = Array.isArray(restore?.record?.restored) ? restore.record.restored.length : 0;
    if (files > 0) {
      out.restores.files += files;
      out.restores.compactions++;
    }
    const answered = Array.isArray(r.model?.calls) ? r.model.calls.filter((x) => x.answeredBy !== null).length : 0;
    out.model.calls += answered;
    if (typeof r.cost?.usd === "number") {
      out.model.usd += r.cost.usd;
      if (answered) out.model.pricedCompactions++;
    } else if (answered) {
      out.model.unpricedCompactions++;
      if (typeof r.cost?.pricedUsd === "number") out.model.usd += r.cost.pricedUsd;
    }
  }
  out.agents.agents = agents.size;
  out.model.usd = Math.round(out.model.usd * 1e6) / 1e6;
  return out;
}
var counts = (m) => Object.entries(m).map(([k, v]) => `${v} ${k}`).join(", ");
function sumLines(sums, these) {
  const m = sums.model;
  const unpriced = m.unpricedCompactions ? `; ${m.unpricedCompactions} compaction${m.unpricedCompactions === 1 ? "" : "s"} not priced (their priced part included)` : "";
  const a = sums.agents;
  return [
    `Model spent by compact-handoff in ${these} (beside the engine's own summaries): ${m.calls} call${m.calls === 1 ? "" : "s"}, $${m.usd.toFixed(4)} over ${m.pricedCompactions} priced compaction${m.pricedCompactions === 1 ? "" : "s"}${unpriced}`,
    `Restored: ${sums.restores.files} file${sums.restores.files === 1 ? "" : "s"} over ${sums.restores.compactions} compaction${sums.restores.compactions === 1 ? "" : "s"}`,
    `Arms: ${counts(sums.arms) || "none"}${Object.keys(sums.requested).length ? ` \xB7 asked for: ${counts(sums.requested)}` : ""}`,
    `Fallbacks: ${counts(sums.fallbacks) || "none"}`,
    `Agents: ${a.compactions} subagent compaction${a.compactions === 1 ? "" : "s"} (${a.agents} agent${a.agents === 1 ? "" : "s"}); ${a.runningAtCompaction} running when the conversation compacted${sums.coldForks ? ` \xB7 cold forks: ${sums.coldForks} (the summary's fork saw far less than the conversation)` : ""}`
  ];
}
async function lookupTotals(ctx, sessionId) {
  const by = /* @__PURE__ */ new Map();
  let calls = 0;
  let chars = 0;
  let lines = 0;
  let torn = 0;
  for (const mode of Object.keys(MODE_DIRS)) {
    const r = await readJsonl((0, import_node_path5.join)(ctx.dataDir, MODE_DIRS[mode], sessionId, LOOKUPS_FILE));
    torn += r.torn;
    for (const row of r.rows) {
      calls++;
      chars += Number(row.chars) || 0;
      lines += Number(row.lines) || 0;
      by.set(String(row.tool), (by.get(String(row.tool)) ?? 0) + 1);
    }
  }
  return { calls, chars, lines, approxTokens: Math.ceil(chars / 4), byTool: Object.fromEntries(by), torn };
}
async function status(ctx) {
  const mode = modeOf(ctx.live);
  const setting = ctx.live === null ? null : ctx.live ? "live: handoffs replace the conversation" : "rehearsal: handoffs are stored, Claude Code compacts as usual";
  const head = `compact-handoff ${ctx.pluginVersion}${setting ? ` \xB7 ${setting}` : ""}`;
  const lines = [head, `Data dir: ${ctx.dataDir}`];
  const these = ctx.by === "tool" ? "this session" : "the session";
  const compactions = ctx.sessionId ? await sessionCompactions(ctx.dataDir, checkSessionId(ctx.sessionId)) : [];
  const reads = ctx.sessionId ? await lookupTotals(ctx, ctx.sessionId) : null;
  if (ctx.sessionId) {
    lines.push(`Session: ${ctx.sessionId}`);
    if (compactions.length === 0) lines.push(`Compactions in ${these}: none yet${await alikeSessions(ctx, ctx.sessionId)}`);
    else {
      const outcomes = /* @__PURE__ */ new Map();
      for (const c of compactions) outcomes.set(String(c.row?.outcome ?? "unreadable"), (outcomes.get(String(c.row?.outcome ?? "unreadable")) ?? 0) + 1);
      lines.push(`Compactions in ${these}: ${compactions.length} (${[...outcomes].map(([k, v]) => `${v} ${k}`).join(", ")})`);
      for (const c of compactions) lines.push(`  ${compactionLine(c)}`);
      lines.push(...sumLines(sessionSums(compactions), these));
    }
    const r = reads;
    const tools = Object.entries(r.byTool).map(([k, v]) => `${k} ${v}`).join(", ");
    lines.push(
      r.calls === 0 ? `History read back in ${these}: nothing yet` : `History read back in ${these}: ${r.calls} call${r.calls === 1 ? "" : "s"} (${tools}): ${fmt(r.chars)} chars, ${fmt(r.lines)} lines, ~${fmt(r.approxTokens)} tokens (chars/4)${r.torn ? `; ${r.torn} torn log line skipped` : ""}`
    );
  }
  let index;
  try {
    index = await indexStats(ctx.dataDir);
    lines.push(
      index.exists ? `Search index: ${fmt(index.docs)} texts (${(index.textBytes / 1e6).toFixed(1)} MB) in ${fmt(index.chunks)} chunks, ${(index.bytes / 1e6).toFixed(1)} MB on disk; newest ${index.newest ? when(index.newest) : "none"}${index.pending ? `; ${index.pending} waiting to be indexed (compact-handoff index)` : ""}` : "Search index: none yet (made at the first compaction; search reads the files meanwhile)"
    );
  } catch (err) {
    index = { error: err.message };
    lines.push(`Search index: unreadable now (${index.error}); search reads the files instead`);
  }
  if (compactions.length) {
    const latest = newest(compactions, mode);
    lines.push(`Read back: ${lookupCall(ctx, latest)} \xB7 search: handoff_search {"query": "..."}`);
  }
  return {
    text: lines.join("\n"),
    data: {
      pluginVersion: ctx.pluginVersion,
      live: ctx.live,
      dataDir: ctx.dataDir,
      sessionId: ctx.sessionId,
      compactions: compactions.map(summaryOf),
      sums: ctx.sessionId ? sessionSums(compactions) : null,
      lookups: reads,
      index
    }
  };
}
function summaryOf(c) {
  return {
    sessionId: c.sessionId,
    mode: c.mode,
    n: c.n,
    at: c.at,
    outcome: c.row?.outcome ?? null,
    trigger: c.row?.trigger ?? null,
    reason: c.row?.reason ?? null,
    files: c.row?.files ?? null,
    sizes: c.row?.sizes ?? null
  };
}
async function list(ctx, args) {
  const limit = args.limit ?? 50;
  const all = args.scope === "all" || args.session === void 0 && !ctx.sessionId;
  if (all) {
    const index = await readJsonl((0, import_node_path5.join)(ctx.dataDir, INDEX_FILE));
    const sessions = /* @__PURE__ */ new Map();
    for (const r of index.rows) {
      if (typeof r.sessionId !== "string") continue;
      const s = sessions.get(r.sessionId) ?? { rows: [] };
      const same = s.rows.findIndex((x) => x.mode === r.mode && x.lineage?.n === r.lineage?.n && x.outcome === "pending");
      if (same >= 0) s.rows.splice(same, 1);
      s.rows.push(r);
      sessions.set(r.sessionId, s);
    }
    const ordered = [...sessions].sort((a, b) => String(b[1].rows.at(-1)?.at).localeCompare(String(a[1].rows.at(-1)?.at)));
    const shown2 = ordered.slice(0, limit);
    const lines2 = [
      ordered.length === 0 ? `No compactions on this machine yet (${(0, import_node_path5.join)(ctx.dataDir, INDEX_FILE)})` : `Sessions that compacted on this machine: ${ordered.length}${ordered.length > shown2.length ? `, newest ${shown2.length} shown` : ""} (newest first)`,
      ...shown2.map(([id, s]) => {
        const last = s.rows.at(-1);
        const modes = [...new Set(s.rows.map((r) => r.mode))].join("+");
        const cwd = typeof last.cwd === "string" ? `  ${last.cwd}` : "";
        return `${id}  ${s.rows.length} compaction${s.rows.length === 1 ? "" : "s"} (${modes})  newest n=${last.lineage?.n} ${when(String(last.at))} ${last.outcome}${cwd}`;
      })
    ];
    if (index.torn) lines2.push(`(${index.torn} torn line${index.torn === 1 ? "" : "s"} in index.jsonl skipped: line ${index.tornLines.join(", ")})`);
    if (shown2.length) lines2.push(`One session's compactions: handoff_list {"session": "<id>"}`);
    return {
      text: lines2.join("\n"),
      data: { sessions: shown2.map(([id, s]) => ({ sessionId: id, compactions: s.rows.length, newest: s.rows.at(-1) })), torn: index.torn }
    };
  }
  const sessionId = sessionOf(ctx, args.session);
  const cs = await sessionCompactions(ctx.dataDir, sessionId);
  const whose = nameOf(ctx, sessionId);
  if (cs.length === 0) return { text: `${whose} has no stored compactions yet${await alikeSessions(ctx, sessionId)}`, data: { sessionId, compactions: [] } };
  const shown = cs.slice(-limit);
  const lines = [`Compactions of ${whose}: ${cs.length}${cs.length > shown.length ? `, newest ${shown.length} shown` : ""} (oldest first)`];
  for (const c of shown) {
    lines.push(compactionLine(c));
    const r = c.row;
    if (!r) continue;
    const files = ["handoff", "summary", "transcript"].filter((k) => r.files?.[k]).map((k) => `${k} ${fmt(r.sizes?.[k]?.lines ?? 0)} lines`);
    if (files.length) lines.push(`    files: ${files.join(", ")}`);
    const sections = (r.sections ?? []).map((s) => s.status === "ok" ? s.name : `${s.name} dropped (${s.code})`);
    if (sections.length) lines.push(`    sections: ${sections.join(", ")}`);
    lines.push(`    read: ${lookupCall(ctx, c)}`);
  }
  return { text: lines.join("\n"), data: { sessionId, compactions: shown.map(summaryOf) } };
}
var MAX_LINES = 400;
var MAX_CHARS = 4e4;
function sectionDocument(c, handoff, name) {
  const sections = c.row?.sections ?? [];
  const s = sections.find((x) => x.name === name);
  if (!s) throw new StoreError(`n=${c.n} has no section "${name}" (it has ${sections.map((x) => x.name).join(", ") || "none recorded"})`);
  const state = s.status === "ok" ? `kept, ${fmt(s.chars ?? 0)} chars` : `dropped: ${s.code}${s.message ? ` ${s.message}` : ""}`;
  const out = [`Section ${s.name} of compaction n=${c.n} (${state})`, ""];
  let body = s.body ?? null;
  if (body === null && handoff && s.title) {
    const lines = handoff.split("\n");
    const start = lines.indexOf(`## ${s.title}`);
    if (start !== -1) {
      let end = start + 1;
      while (end < lines.length && !lines[end].startsWith("## ")) end++;
      body = lines.slice(start + 1, end).join("\n").trim();
    }
  }
  out.push(body ?? "(its text is not in the stored handoff)");
  if (s.record && Object.keys(s.record).length) {
    out.push("", `Record (everything the section kept, at full length):`);
    for (const [k, v] of Object.entries(s.record)) {
      if (Array.isArray(v)) {
        out.push(`${k} (${v.length}):`);
        for (const item of v) out.push(`  ${typeof item === "string" ? item : JSON.stringify(item)}`);
      } else out.push(`${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
    }
  }
  return out.join("\n");
}
async function readText(path) {
  try {
    return await (0, import_promises5.readFile)(path, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}
async function lookup(ctx, args) {
  if (args.file !== void 0 && args.section !== void 0) throw new StoreError('give "file" or "section", not both');
  const sessionId = sessionOf(ctx, args.session);
  const { c } = await pick(ctx, sessionId, args.n, args.mode);
  const file = args.file ?? "handoff";
  const handoffPath = (0, import_node_path5.join)(c.dir, `${c.stem}${TEXT_KINDS.handoff}`);
  let doc;
  let what;
  if (typeof args.section === "string") {
    doc = sectionDocument(c, await readText(handoffPath), args.section);
    what = `section ${args.section}`;
  } else if (file === "row") {
    const row = await readText(c.rowFile);
    if (row === null) throw new StoreError(`n=${c.n} has no row file`);
    const feedback2 = await readJsonl(feedbackFile(c.rowFile));
    doc = row.trimEnd() + (feedback2.rows.length ? `

Feedback on this compaction:
${feedback2.rows.map((f) => `${f.at}  ${f.note}`).join("\n")}` : "");
    what = `row (${c.rowFile.slice(ctx.dataDir.length + 1)})`;
  } else {
    const path = (0, import_node_path5.join)(c.dir, `${c.stem}${TEXT_KINDS[file]}`);
    const text = await readText(path);
    if (text === null) {
      const why = file === "handoff" && c.row?.outcome === "fallback" ? ` (it fell back: ${c.row.reason})` : "";
      throw new StoreError(`n=${c.n} has no stored ${file}${why}; it has ${FILES.filter((f) => c.row?.files?.[f]).join(", ") || "only its row"}`);
    }
    doc = text;
    what = `${file} (${path.slice(ctx.dataDir.length + 1)})`;
  }
  const lines = doc.endsWith("\n") ? doc.slice(0, -1).split("\n") : doc.split("\n");
  const total = lines.length;
  const from = args.from ?? 1;
  if (from > total) throw new StoreError(`from ${from} is past the end: n=${c.n} ${what.split(" (")[0]} has ${fmt(total)} line${total === 1 ? "" : "s"}`);
  const asked = args.to;
  if (asked !== void 0 && asked < from) throw new StoreError(`to ${asked} is before from ${from}`);
  let to = Math.min(asked ?? from + MAX_LINES - 1, total, from + MAX_LINES - 1);
  const out = [];
  let chars = 0;
  for (let i = from; i <= to; i++) {
    const whole = `${i}	${lines[i - 1]}`;
    const line = whole.length <= MAX_CHARS ? whole : `${whole.slice(0, MAX_CHARS - 80)} [\u2026${fmt(whole.length - (MAX_CHARS - 80))} more chars on this line not shown (${fmt(MAX_CHARS)}-char cap)]`;
    if (chars + line.length > MAX_CHARS && out.length > 0) {
      to = i - 1;
      break;
    }
    out.push(line);
    chars += line.length + 1;
  }
  const ref = { sessionId: c.sessionId, mode: c.mode, n: c.n };
  const where = args.section !== void 0 ? { section: args.section } : file !== "handoff" ? { file } : {};
  const head = `n=${c.n} ${what}${!mine(ctx, c.sessionId) ? ` of session ${c.sessionId}` : ""}${c.mode !== modeOf(ctx.live) ? ` (${c.mode})` : ""}, ${when(c.at)}: lines ${from}\u2013${to} of ${fmt(total)}`;
  const tail = to < total && (asked === void 0 || to < asked) ? [`More: ${lookupCall(ctx, ref, { ...where, from: to + 1 })}`] : [];
  return { text: [head, ...out, ...tail].join("\n"), data: { ...ref, what, from, to, total, lines: out.map((l) => l.slice(l.indexOf("	") + 1)) } };
}
async function searchTool(ctx, args) {
  const query = String(args.query);
  const limit = args.limit ?? 20;
  const all = args.scope === "all" || args.session === void 0 && !ctx.sessionId;
  const sessionId = all ? null : sessionOf(ctx, args.session);
  if (args.session !== void 0 && sessionId && (await sessionCompactions(ctx.dataDir, sessionId, { rows: false })).length === 0) {
    throw new StoreError(`session ${sessionId} has no stored compactions (data dir ${ctx.dataDir})${await alikeSessions(ctx, sessionId)}`);
  }
  const r = await search(ctx.dataDir, { query, sessionId, limit });
  const where = all ? "in every session on this machine" : `in ${nameOf(ctx, sessionId)}`;
  const lines = [];
  if (r.hits.length === 0) {
    lines.push(`No match for ${JSON.stringify(query)} ${where} (handoffs, summaries and the conversations they replaced).`);
  } else {
    lines.push(
      `${r.more ? `First ${r.hits.length}` : r.hits.length} match${r.hits.length === 1 ? "" : "es"} for ${JSON.stringify(query)} ${where}, newest compaction first:`
    );
    for (const h2 of r.hits) {
      const who = all || !mine(ctx, h2.sessionId) ? `session ${h2.sessionId} ` : "";
      const mode = h2.mode !== modeOf(ctx.live) ? ` (${h2.mode})` : "";
      lines.push(`${who}n=${h2.n}${mode} ${h2.kind}:${h2.line}  ${h2.text}`);
    }
    const h = r.hits[0];
    lines.push(
      `Read around a match: ${lookupCall(ctx, h, { ...h.kind === "handoff" ? {} : { file: h.kind }, from: Math.max(1, h.line - 5), to: h.line + 5 })}`
    );
  }
  if (r.note) lines.push(`(${r.note})`);
  const text = lines.join("\n");
  return { text, data: { query, scope: all ? "all" : "session", sessionId, hits: r.hits, more: r.more, via: r.via, note: r.note, ms: r.ms } };
}
async function feedback(ctx, args) {
  const sessionId = sessionOf(ctx, void 0);
  const { c } = await pick(ctx, sessionId, args.n, void 0);
  const file = feedbackFile(c.rowFile);
  const row = { at: (ctx.now?.() ?? /* @__PURE__ */ new Date()).toISOString(), sessionId, n: c.n, mode: c.mode, by: ctx.by, note: String(args.note).trim() };
  await appendJsonl(file, row);
  return { text: `Noted with compaction n=${c.n} (${file.slice(ctx.dataDir.length + 1)}).`, data: row };
}
var LOGGED = /* @__PURE__ */ new Set(["handoff_list", "handoff_lookup", "handoff_search"]);
async function runTool(name, rawArgs, ctx) {
  const started = performance.now();
  if (!TOOL_NAMES.includes(name)) {
    return { text: `compact-handoff: no tool "${name}" (tools: ${TOOL_NAMES.join(", ")})`, data: null, error: true };
  }
  const tool = name;
  let answer;
  let args = {};
  try {
    args = checkArgs(tool, rawArgs);
    if (tool === "handoff_status") answer = await status(ctx);
    else if (tool === "handoff_list") answer = await list(ctx, args);
    else if (tool === "handoff_lookup") answer = await lookup(ctx, args);
    else if (tool === "handoff_search") answer = await searchTool(ctx, args);
    else answer = await feedback(ctx, args);
  } catch (err) {
    if (!(err instanceof StoreError)) throw err;
    answer = { text: `${tool}: ${err.message}`, data: null, error: true };
  }
  if (LOGGED.has(tool) && !answer.error) {
    const hits = tool === "handoff_search" ? { hits: answer.data.hits.length } : {};
    await logRead(ctx, tool, args, answer.text, Math.round(performance.now() - started), hits).catch(() => void 0);
  }
  return answer;
}
async function slashCommand(ctx, words) {
  const s = await runTool("handoff_status", {}, ctx);
  if (!words.trim()) {
    return { text: `${s.text}

/handoff <words> searches this session's stored history.`, data: { status: s.data } };
  }
  const found = await runTool("handoff_search", { query: words.trim() }, ctx);
  return { text: `${s.text}

${found.text}`, data: { status: s.data, search: found.data } };
}

// cli/command.ts
function usageError(usage, err) {
  const name = /^Usage: (compact-handoff \S+)/.exec(usage)?.[1] ?? "compact-handoff";
  const e = err;
  const option = /'([^']+)'/.exec(e.message)?.[1];
  const what = e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option ? `unknown option ${option}` : e.message.replace(/\.$/, "");
  return new HandoffError("USAGE", `${what} (${name} --help lists the options)`);
}

// cli/terminal.ts
var CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
function visible(c) {
  const code = c.charCodeAt(0);
  if (code < 32) return String.fromCharCode(9216 + code);
  if (code === 127) return "\u2421";
  return `\\u${code.toString(16).padStart(4, "0")}`;
}
function forTerminal(text) {
  return text.replace(CONTROL_RE, visible);
}
function jsonForTerminal(value) {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// cli/history.ts
var VERSION = true ? "0.1.0" : "0.0.0-dev";
var EXIT = "Exit codes: 0 ok, 1 refused (an unknown session, a compaction or line that is not there), 2 usage error, 3 internal error.";
var COMMON = `  --data-dir DIR      the store (default: COMPACT_HANDOFF_DATA_DIR, else ~/.claude/compact-handoff)
  --json              print the answer as JSON
  --verbose           stack traces on errors`;
function parse(argv, options, usage) {
  try {
    return (0, import_node_util.parseArgs)({ args: argv, allowPositionals: true, options: { "data-dir": { type: "string" }, json: { type: "boolean" }, ...options } });
  } catch (err) {
    throw usageError(usage, err);
  }
}
function int(flag, v) {
  if (v === void 0 || typeof v === "boolean") return void 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new HandoffError("USAGE", `--${flag} takes a whole number from 1 (got "${v}")`);
  return n;
}
function checkDataDir(dir) {
  let stats;
  try {
    stats = (0, import_node_fs3.statSync)(dir);
  } catch (err) {
    const code = err.code;
    if (code === "ENOENT") return;
    throw new HandoffError("DATA_DIR_UNUSABLE", `the data dir ${dir} cannot be read (${code ?? err.message})`);
  }
  if (!stats.isDirectory()) throw new HandoffError("DATA_DIR_UNUSABLE", `the data dir ${dir} is not a directory (--data-dir or COMPACT_HANDOFF_DATA_DIR)`);
  try {
    (0, import_node_fs3.accessSync)(dir, import_node_fs3.constants.R_OK | import_node_fs3.constants.X_OK);
  } catch (err) {
    throw new HandoffError("DATA_DIR_UNUSABLE", `the data dir ${dir} cannot be read (${err.code ?? err.message})`);
  }
}
function context(values) {
  return {
    dataDir: resolveDataDir(values["data-dir"]),
    sessionId: values.session ?? null,
    live: null,
    pluginVersion: VERSION,
    by: "cli"
  };
}
async function runFor(name, args, ctx) {
  try {
    checkArgs(name, args);
  } catch (err) {
    if (err instanceof StoreError) throw new HandoffError("USAGE", err.message);
    throw err;
  }
  return runTool(name, args, ctx);
}
function print(answer, json) {
  if (answer.error) throw new HandoffError("STORE_REFUSED", answer.text.replace(/^handoff_\w+: /, ""));
  process.stdout.write(json ? `${jsonForTerminal(answer.data)}
` : forTerminal(`${answer.text}
`));
  return 0;
}
function command(summary, usage, flags, run) {
  return {
    summary,
    usage,
    async run(argv) {
      const { values, positionals } = parse(argv, flags, usage);
      const dataDir = resolveDataDir(values["data-dir"]);
      checkDataDir(dataDir);
      try {
        return await run(values, positionals);
      } catch (err) {
        if (err instanceof StoreError) throw new HandoffError("STORE_REFUSED", err.message);
        const code = err?.code;
        if (code === "EACCES" || code === "EPERM" || code === "ENOTDIR") {
          throw new HandoffError("DATA_DIR_UNUSABLE", `cannot read the store in ${dataDir}: ${err.message}`);
        }
        throw err;
      }
    }
  };
}
var statusCommand = command(
  "a session's compactions, its history reads, the search index",
  `Usage: compact-handoff status [--session ID] [options]

What handoff_status tells a session: its compactions, how much history it read back, the search
index. Without --session, the store and its index only.

Options:
  --session ID        the session to report on
${COMMON}

${EXIT}`,
  { session: { type: "string" } },
  async (v) => print(await runFor("handoff_status", {}, context(v)), !!v.json)
);
var listCommand = command(
  "list a session's compactions, or every session that compacted",
  `Usage: compact-handoff list [--session ID | --all] [--limit N] [options]

A session's compactions with their files and sections; with --all (or no --session), every
session in the store's index.jsonl, newest first.

Options:
  --session ID        one session
  --all               every session
  --limit N           at most N (default 50)
${COMMON}

${EXIT}`,
  { session: { type: "string" }, all: { type: "boolean" }, limit: { type: "string" } },
  async (v) => {
    const args = {
      ...v.all ? { scope: "all" } : {},
      ...v.all ? {} : v.session ? { session: v.session } : {},
      ...v.limit ? { limit: int("limit", v.limit) } : {}
    };
    return print(await runFor("handoff_list", args, context({ ...v, session: v.all ? void 0 : v.session })), !!v.json);
  }
);
var lookupCommand = command(
  "read back a stored handoff, summary, conversation, row or section",
  `Usage: compact-handoff lookup --session ID [--n N] [--file F | --section NAME] [--from L] [--to L] [options]

Prints lines of what a compaction stored, numbered as search cites them (at most 400 lines or
40,000 chars at a time; the last line says how to go on).

Options:
  --session ID        the session (required)
  --n N               the compaction (default: the newest)
  --file F            handoff (default), summary, transcript (the conversation as it stood) or row
  --section NAME      one section of the handoff, with its full record (e.g. ledger)
  --from L, --to L    the lines to print (from 1)
  --mode M            live or rehearsal, when a session has both (default: live first)
${COMMON}

${EXIT}`,
  {
    session: { type: "string" },
    n: { type: "string" },
    file: { type: "string" },
    section: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    mode: { type: "string" }
  },
  async (v) => {
    if (!v.session) throw new HandoffError("USAGE", "lookup needs --session ID (compact-handoff list --all names them)");
    const args = {};
    for (const k of ["n", "from", "to"]) if (v[k] !== void 0) args[k] = int(k, v[k]);
    for (const k of ["file", "section", "mode"]) if (v[k] !== void 0) args[k] = v[k];
    return print(await runFor("handoff_lookup", args, context(v)), !!v.json);
  }
);
var searchCommand = command(
  "search what earlier compactions replaced",
  `Usage: compact-handoff search <words...> [--session ID] [--limit N] [options]

Finds the words in order (the last one as a prefix, any case) in every stored conversation,
handoff and summary, newest compaction first; each match cites its session, n, file and line.

Options:
  --session ID        one session only (default: every session)
  --limit N           at most N matches (default 20, at most 100)
${COMMON}

${EXIT}`,
  { session: { type: "string" }, limit: { type: "string" } },
  async (v, positionals) => {
    const query = positionals.join(" ").trim();
    if (!query) throw new HandoffError("USAGE", "search needs the words to find: compact-handoff search <words...>");
    const args = { query, ...v.session ? { session: v.session } : { scope: "all" }, ...v.limit ? { limit: int("limit", v.limit) } : {} };
    return print(await runFor("handoff_search", args, context(v)), !!v.json);
  }
);
var indexCommand = command(
  "add every stored text the search index lacks (--rebuild: from scratch)",
  `Usage: compact-handoff index [--rebuild] [options]

Compactions index their own texts as they are stored. This adds whatever the index lacks: a store
written before the index existed, or texts an indexing run could not add. --rebuild starts from
an empty index.

Options:
  --rebuild           drop the index and index everything
${COMMON}

${EXIT}`,
  { rebuild: { type: "boolean" } },
  async (v) => {
    const dataDir = resolveDataDir(v["data-dir"]);
    const r = await reindexStore(dataDir, { rebuild: !!v.rebuild });
    process.stdout.write(
      v.json ? `${JSON.stringify(r)}
` : `indexed ${r.docs} text${r.docs === 1 ? "" : "s"} (${r.chunks} chunks) from ${r.sessions} session${r.sessions === 1 ? "" : "s"} in ${r.ms} ms (${dataDir})
`
    );
    return 0;
  }
);
var toolUsage = `Usage: compact-handoff tool <name>

Internal: the plugin's hooks module runs this for each history tool call. stdin is one JSON
object: { "args": {...}, "context": { "sessionId", "dataDir", "live", "pluginVersion" } }. The
answer (the tool's result text) is printed on stdout. <name> is one of ${TOOL_NAMES.join(", ")},
or handoff_command (what /handoff shows; args: { "words": "..." }).

Exit codes: 0 answered, 1 refused (the text says why in one line), 2 usage, 3 internal error.`;
async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}
var toolCommand = {
  summary: "(internal) answer one history tool call for the plugin",
  usage: toolUsage,
  async run(argv) {
    const name = argv[0];
    if (!name || argv.length !== 1) {
      process.stderr.write(`${toolUsage}
`);
      return 2;
    }
    let input;
    try {
      input = JSON.parse(await readStdin() || "{}");
    } catch (err) {
      process.stdout.write(`${name}: the plugin sent arguments that are not JSON (${err.message})
`);
      return 1;
    }
    const c = input.context ?? {};
    const ctx = {
      dataDir: resolveDataDir(typeof c.dataDir === "string" ? c.dataDir : void 0),
      sessionId: typeof c.sessionId === "string" && c.sessionId ? c.sessionId : null,
      live: c.live === true,
      pluginVersion: typeof c.pluginVersion === "string" ? c.pluginVersion : VERSION,
      by: "tool"
    };
    const answer = name === "handoff_command" ? await slashCommand(ctx, typeof input.args?.words === "string" ? input.args.words : "") : await runTool(name, input.args, ctx);
    process.stdout.write(`${answer.text}
`);
    return answer.error ? 1 : 0;
  }
};
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  COMMON,
  EXIT,
  command,
  indexCommand,
  listCommand,
  lookupCommand,
  searchCommand,
  statusCommand,
  toolCommand
});
