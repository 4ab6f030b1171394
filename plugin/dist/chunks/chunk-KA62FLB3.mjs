#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  createPipeline
} from "./chunk-EARDYH65.mjs";
import {
  loadConfig,
  loadConfigLenient,
  resolveConfig,
  userConfigSource
} from "./chunk-I2JOXUR6.mjs";
import {
  fmt
} from "./chunk-M7CEWKEQ.mjs";
import {
  DROP_CODES,
  SectionDropError
} from "./chunk-JGDWI2EV.mjs";

// pipeline/build.ts
import { existsSync as existsSync2 } from "node:fs";
import { dirname as dirname2, join as join2 } from "node:path";
import { fileURLToPath } from "node:url";

// pipeline/packages.ts
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

// pipeline/section-worker.ts
import { Worker } from "node:worker_threads";
var LOAD_TIMEOUT_MS = 1e4;
var FUNCTION_MARK = "\0function";
var WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads')
const post = (m) => parentPort.postMessage(m)
const text = (e) => String(e && typeof e === 'object' && 'message' in e ? e.message : e).split('\n')[0]
// Reported, never fatal here: this thread's owner drops the section with its code.
process.on('unhandledRejection', (reason) => post({ type: 'stray', message: text(reason) }))
process.on('uncaughtException', (err) => post({ type: 'uncaught', message: text(err) }))
const exit = process.exit.bind(process)
process.exit = (code) => { post({ type: 'exit', code: Number(code ?? process.exitCode ?? 0) }); exit(code) }
let definition
let nextId = 1
const calls = new Map()
const stop = new AbortController()
const ask = (call, req) => new Promise((resolve, reject) => { const id = nextId++; calls.set(id, { resolve, reject }); post({ type: 'call', id, call, req }) })
const turn = () => new Promise((r) => setImmediate(r))
parentPort.on('message', (m) => {
  if (m.type === 'answer') {
    const c = calls.get(m.id)
    if (!c) return
    calls.delete(m.id)
    if (m.ok) c.resolve(m.value)
    else c.reject(new Error(m.message))
  } else if (m.type === 'abort') stop.abort(new Error(m.reason))
  else if (m.type === 'run') void run(m.ctx)
})
async function run(c) {
  const notes = []
  const ctx = {
    name: c.name, input: c.input, options: c.options, budgetChars: c.budgetChars, timeoutMs: c.timeoutMs, needed: c.needed, signal: stop.signal,
    capabilities: {
      host: c.host, now: () => Date.now(),
      model: c.model ? { fork: (req) => ask('model.fork', req), complete: (req) => ask('model.complete', req) } : null,
      files: c.files ? { read: (req) => ask('files.read', req) } : null,
    },
    report: { notes, note: (t) => { notes.push(String(t)); post({ type: 'note', text: String(t) }) } },
  }
  try {
    const value = await definition.run(ctx)
    // A promise the run left to reject surfaces within these turns, ahead of its result.
    await turn(); await new Promise((r) => setTimeout(r, 0)); await turn()
    try { post({ type: 'result', value }) } catch (err) { post({ type: 'threw', error: { message: 'returned something that cannot leave its thread: ' + text(err) } }) }
  } catch (err) {
    const e = err && typeof err === 'object' ? err : {}
    const error = { name: typeof e.name === 'string' ? e.name : undefined, message: text(err), code: typeof e.code === 'string' ? e.code : undefined }
    try { post({ type: 'threw', error: { ...error, record: e.record } }) } catch { post({ type: 'threw', error }) }
  }
}
;(async () => {
  let mod
  try { mod = await import(workerData.url) } catch (err) { post({ type: 'load-failed', message: 'threw while it loaded: ' + text(err) }); return }
  definition = mod.default
  if (definition === undefined) { post({ type: 'load-failed', message: 'has no default export' }); return }
  let shape = definition
  if (definition && typeof definition === 'object') {
    shape = {}
    for (const [k, v] of Object.entries(definition)) shape[k] = typeof v === 'function' ? '${FUNCTION_MARK}' : v
  } else if (typeof definition === 'function') shape = '${FUNCTION_MARK}'
  try { post({ type: 'loaded', shape }) } catch (err) { post({ type: 'load-failed', message: 'default-exports something that cannot leave its thread: ' + text(err) }) }
})()
`;
var ThreadLoadError = class extends Error {
};
function startSectionThread(url, timeoutMs) {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url }, stdout: true });
  worker.stdout.pipe(process.stderr, { end: false });
  return new Promise((resolve2, reject) => {
    const fail = (message) => {
      clearTimeout(timer);
      void worker.terminate();
      reject(new ThreadLoadError(message));
    };
    const timer = setTimeout(
      () => fail(`did not finish loading within ${fmt(timeoutMs)} ms (loadTimeoutMs: ${timeoutMs}): its top-level code is still waiting`),
      timeoutMs
    );
    const onMessage = (m) => {
      if (m.type === "loaded") {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        worker.unref();
        resolve2({ shape: m.shape, worker });
      } else if (m.type === "load-failed") fail(m.message);
      else if (m.type === "stray" || m.type === "uncaught") fail(`threw while it loaded: ${m.message}`);
      else if (m.type === "exit") fail(`called process.exit(${m.code}) while it loaded`);
    };
    const onExit = (code) => fail(`ended its thread while it loaded (exit code ${code})`);
    worker.on("message", onMessage);
    worker.once("exit", onExit);
    worker.once("error", (err) => fail(`threw while it loaded: ${String(err?.message ?? err).split("\n")[0]}`));
  });
}
function runInThread(thread, ctx) {
  const { worker } = thread;
  const { model, files, host } = ctx.capabilities;
  return new Promise((resolve2, reject) => {
    let settled = false;
    const end = (settle) => {
      if (settled) return;
      settled = true;
      ctx.signal.removeEventListener("abort", onAbort);
      worker.off("message", onMessage);
      void worker.terminate();
      settle();
    };
    const drop = (code, message) => end(() => reject(new SectionDropError(code, message)));
    const onAbort = () => {
      const busy = Math.round(worker.performance.eventLoopUtilization().active);
      ctx.report.note(
        `its thread was stopped (${String(ctx.signal.reason?.message ?? ctx.signal.reason)}); its code had kept that thread busy for ${fmt(busy)} ms`
      );
      end(() => reject(ctx.signal.reason));
    };
    const answer = (id, work, call) => {
      if (!work) return worker.postMessage({ type: "answer", id, ok: false, message: `${call}: the host offers no such capability` });
      work.then(
        (value) => !settled && worker.postMessage({ type: "answer", id, ok: true, value }),
        (err) => !settled && worker.postMessage({ type: "answer", id, ok: false, message: String(err?.message ?? err) })
      );
    };
    const onMessage = (m) => {
      if (m.type === "call") {
        const req = m.req;
        const work = m.call === "files.read" ? files?.read(req, ctx.signal) : m.call === "model.fork" ? model?.fork(req, ctx.signal) : model?.complete(req, ctx.signal);
        answer(m.id, work, m.call);
      } else if (m.type === "note") ctx.report.note(m.text);
      else if (m.type === "result") end(() => resolve2(m.value));
      else if (m.type === "threw") {
        const { name, message, code, record } = m.error;
        const chosen = name === "SectionDropError" && typeof code === "string" && code in DROP_CODES;
        end(() => reject(chosen ? new SectionDropError(code, message, record) : new Error(message)));
      } else if (m.type === "stray") drop("SECTION_STRAY_REJECTION", `left a promise behind that rejected with nothing to handle it: ${m.message}`);
      else if (m.type === "uncaught") drop("SECTION_THREW", `threw outside its promise (in a callback): ${m.message}`);
      else if (m.type === "exit") drop("SECTION_EXITED", `called process.exit(${m.code}), which ended its thread`);
    };
    worker.on("message", onMessage);
    worker.once("exit", (code) => drop("SECTION_EXITED", `its thread ended before it answered (exit code ${code})`));
    worker.once("error", (err) => drop("SECTION_THREW", `its thread failed: ${String(err?.message ?? err).split("\n")[0]}`));
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    worker.ref();
    try {
      worker.postMessage({
        type: "run",
        ctx: {
          name: ctx.name,
          input: ctx.input,
          options: ctx.options,
          budgetChars: ctx.budgetChars,
          timeoutMs: ctx.timeoutMs,
          needed: ctx.needed,
          host,
          model: model !== null,
          files: files !== null
        }
      });
    } catch (err) {
      end(() => reject(new Error(`its context could not be handed to its thread: ${err.message}`)));
    }
  });
}

// pipeline/packages.ts
var CONDITIONS = ["node", "import", "default"];
var isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
var SPECIFIER = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(\/.*)?$/i;
var PackageLoadError = class extends Error {
};
function exportTarget(value) {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = exportTarget(v);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (CONDITIONS.includes(key)) {
        const found = exportTarget(v);
        if (found) return found;
      }
    }
  }
  return null;
}
function exportsEntry(exports, subpath) {
  const isSubpathMap = isRecord(exports) && Object.keys(exports).some((k) => k.startsWith("."));
  if (!isSubpathMap) return subpath === "." ? exportTarget(exports) : null;
  const map = exports;
  if (Object.hasOwn(map, subpath)) return exportTarget(map[subpath]);
  const patterns = Object.keys(map).filter((k) => k.split("*").length === 2).sort((a, b) => b.indexOf("*") - a.indexOf("*"));
  for (const key of patterns) {
    const [pre, post] = key.split("*");
    if (subpath.startsWith(pre) && subpath.endsWith(post) && subpath.length >= key.length - 1) {
      const target = exportTarget(map[key]);
      return target && target.replaceAll("*", subpath.slice(pre.length, subpath.length - post.length));
    }
  }
  return null;
}
function resolvePackage(specifier, fromDir) {
  if (isBuiltin(specifier)) throw new PackageLoadError(`"${specifier}" is a Node built-in module, not a package: name an npm package`);
  const parts = SPECIFIER.exec(specifier);
  if (!parts || specifier.includes("\\")) {
    throw new PackageLoadError(
      `"${specifier}" is not a package name: a config names npm packages, not paths (a folder of your own installs as one: cd ${fromDir} && npm install ./that-folder)`
    );
  }
  const name = parts[1];
  const subpath = `.${parts[2] ?? ""}`;
  let dir = resolve(fromDir);
  let pkgDir = null;
  for (; ; ) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) {
      pkgDir = candidate;
      break;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  if (!pkgDir)
    throw new PackageLoadError(`"${name}" is not installed beside ${fromDir} or in a folder above it (install it there: cd ${fromDir} && npm install ${name})`);
  const realDir = realpathSync(pkgDir);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(realDir, "package.json"), "utf8"));
  } catch (err) {
    throw new PackageLoadError(`"${name}" has a package.json that cannot be read: ${err.message}`);
  }
  let target;
  if (manifest.exports !== void 0) {
    target = exportsEntry(manifest.exports, subpath);
    if (!target)
      throw new PackageLoadError(`"${name}" exports nothing at "${subpath}" for import (its package.json "exports" has no node, import or default entry there)`);
    if (!target.startsWith("./")) throw new PackageLoadError(`"${name}" has an "exports" entry that is not a path inside it: ${JSON.stringify(target)}`);
  } else if (subpath !== ".") {
    target = subpath;
  } else {
    target = typeof manifest.main === "string" ? manifest.main : "index.js";
  }
  const outside = (p) => {
    const rel = relative(realDir, p);
    return rel === ".." || rel.startsWith(`..${sep}`) || resolve(realDir, rel) !== p;
  };
  const file = join(realDir, target);
  if (outside(file)) throw new PackageLoadError(`"${name}" has an entry outside its own folder (${file}); a package's code must be inside it`);
  if (!existsSync(file)) throw new PackageLoadError(`"${name}" names ${target} as its entry, and there is no such file in ${realDir}`);
  const realFile = realpathSync(file);
  if (outside(realFile)) throw new PackageLoadError(`"${name}" has an entry outside its own folder (${realFile}); a package's code must be inside it`);
  return realFile;
}
async function importDefault(specifier, fromDir, timeoutMs = LOAD_TIMEOUT_MS) {
  const file = resolvePackage(specifier, fromDir);
  let mod;
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(
        new PackageLoadError(
          `"${specifier}" did not finish loading within ${timeoutMs.toLocaleString("en-US")} ms (loadTimeoutMs: ${timeoutMs}): its top-level code is still waiting`
        )
      ),
      timeoutMs
    );
  });
  try {
    mod = await Promise.race([import(pathToFileURL(file).href), late]);
  } catch (err) {
    if (err instanceof PackageLoadError) throw err;
    throw new PackageLoadError(`"${specifier}" threw while it loaded: ${String(err?.message ?? err).split("\n")[0]}`);
  } finally {
    clearTimeout(timer);
  }
  if (mod.default === void 0) throw new PackageLoadError(`"${specifier}" has no default export`);
  return mod.default;
}
var describe = (v) => v === void 0 ? "nothing" : v === null ? "null" : Array.isArray(v) ? "a list" : typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}\u2026` : v) : typeof v === "object" || typeof v === "function" ? `a ${typeof v}` : String(v);
var MAX_TIMER = 2147483647;
var positiveInt = (v, max = Number.MAX_SAFE_INTEGER) => Number.isInteger(v) && v >= 1 && v <= max;
function sectionDefinitionProblems(value) {
  if (!isRecord(value)) return [`the default export must be a section definition (defineSection({...})), got ${describe(value)}`];
  const problems = [];
  const need = (ok, field, wanted, got) => ok || problems.push(`${field} must be ${wanted} (got ${describe(got)})`);
  need(typeof value.name === "string" && /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(value.name), "name", "a kebab-case string", value.name);
  need(typeof value.title === "string" && value.title.trim() !== "", "title", "a non-empty string (the heading in the handoff)", value.title);
  need(typeof value.description === "string", "description", "a string", value.description);
  need(typeof value.run === "function", "run", "a function (async run(ctx))", value.run);
  const d = value.defaults;
  if (need(isRecord(d), "defaults", "a mapping with timeoutMs, budgetChars and priority", d) === true) {
    const defaults = d;
    need(positiveInt(defaults.timeoutMs, MAX_TIMER), "defaults.timeoutMs", `an integer from 1 to ${MAX_TIMER}`, defaults.timeoutMs);
    need(positiveInt(defaults.budgetChars), "defaults.budgetChars", "a positive integer", defaults.budgetChars);
    need(Number.isInteger(defaults.priority), "defaults.priority", "an integer", defaults.priority);
    need(defaults.options === void 0 || isRecord(defaults.options), "defaults.options", "a mapping", defaults.options);
  }
  need(value.optionsSchema === void 0 || isRecord(value.optionsSchema), "optionsSchema", "a JSON Schema object", value.optionsSchema);
  need(
    value.needs === void 0 || Array.isArray(value.needs) && value.needs.every((n) => typeof n === "string"),
    "needs",
    "a list of section names",
    value.needs
  );
  return problems;
}
function subscriberProblems(value) {
  if (!isRecord(value)) return [`the default export must be a subscriber ({ name, apply(hooks) }), got ${describe(value)}`];
  const problems = [];
  if (typeof value.name !== "string" || value.name.trim() === "") problems.push(`name must be a non-empty string (got ${describe(value.name)})`);
  if (typeof value.apply !== "function") problems.push(`apply must be a function (apply(hooks, options)) (got ${describe(value.apply)})`);
  return problems;
}
var unmark = (v) => {
  const stub = () => void 0;
  if (v === FUNCTION_MARK) return stub;
  if (!isRecord(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === FUNCTION_MARK ? stub : x]));
};
async function loadSectionPackage(specifier, configFile, timeoutMs = LOAD_TIMEOUT_MS) {
  const url = pathToFileURL(resolvePackage(specifier, dirname(configFile))).href;
  const start = () => startSectionThread(url, timeoutMs).catch((err) => {
    throw err instanceof ThreadLoadError ? new PackageLoadError(`"${specifier}" ${err.message}`) : err;
  });
  let spare = await start();
  const release = () => {
    if (spare) void spare.worker.terminate();
    spare = null;
  };
  const value = unmark(spare.shape);
  const problems = sectionDefinitionProblems(value);
  if (problems.length) {
    void spare.worker.terminate();
    throw new PackageLoadError(`"${specifier}" does not default-export a usable section: ${problems.join("; ")}`);
  }
  const definition = {
    ...value,
    async run(ctx) {
      const thread = spare ?? await start();
      spare = null;
      return await runInThread(thread, ctx);
    }
  };
  releasers.set(definition, release);
  return definition;
}
var releasers = /* @__PURE__ */ new WeakMap();
function releaseSection(definition) {
  releasers.get(definition)?.();
}
async function loadSubscriberPackage(specifier, configFile, timeoutMs = LOAD_TIMEOUT_MS) {
  const value = await importDefault(specifier, dirname(configFile), timeoutMs);
  const problems = subscriberProblems(value);
  if (problems.length) throw new PackageLoadError(`"${specifier}" does not default-export a usable subscriber: ${problems.join("; ")}`);
  return value;
}

// pipeline/build.ts
function defaultConfigFile() {
  const here = dirname2(fileURLToPath(import.meta.url));
  const candidates = [join2(here, "pipeline.config.yaml"), join2(here, "..", "pipeline.config.yaml")];
  return candidates.find((p) => existsSync2(p)) ?? candidates[1];
}
function configFiles(explicit = [], env = process.env) {
  return [defaultConfigFile(), userConfigSource(env), ...explicit];
}
async function importPackages(config) {
  const loaded = /* @__PURE__ */ Object.create(null);
  const failed = /* @__PURE__ */ Object.create(null);
  for (const plan of config.sections) {
    if (plan.definition || !plan.package || plan.package in loaded || plan.package in failed) continue;
    try {
      loaded[plan.package] = await loadSectionPackage(plan.package, plan.declaredIn ?? join2(process.cwd(), "pipeline.config.yaml"), config.loadTimeoutMs);
    } catch (err) {
      failed[plan.package] = `package ${err instanceof PackageLoadError ? err.message : `"${plan.package}" could not be loaded: ${String(err?.message ?? err)}`}`;
    }
  }
  return { loaded, failed };
}
async function subscribe(pipeline, config, hosts) {
  for (const plan of config.plugins ?? []) {
    try {
      pipeline.subscribe(await loadSubscriberPackage(plan.package, plan.declaredIn, config.loadTimeoutMs), plan.options);
    } catch (err) {
      pipeline.noteSubscriberFailure(plan.package, "load", `package ${err instanceof PackageLoadError ? err.message : String(err?.message ?? err)}`);
    }
  }
  for (const subscriber of hosts) pipeline.subscribe(subscriber);
}
async function buildHandoff(opts) {
  const load = (packages) => opts.lenient ? loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages }) : { config: loadConfig({ files: opts.configFiles, builtins: opts.builtins, packages }), problems: [] };
  const first = resolveConfig({ files: opts.configFiles, builtins: opts.builtins });
  const hasPackages = first.config.sections.some((p) => p.package);
  const { loaded, failed } = hasPackages ? await importPackages(first.config) : { loaded: {}, failed: {} };
  try {
    const { config: read, problems: configProblems } = hasPackages || first.issues.length ? load(loaded) : { config: first.config, problems: [] };
    const config = {
      ...read,
      sections: read.sections.map((p) => p.package && failed[p.package] ? { ...p, loadError: failed[p.package] } : p)
    };
    const pipeline = createPipeline(config);
    await subscribe(pipeline, config, opts.subscribers ?? []);
    opts.tap?.(pipeline);
    const result = await pipeline.run(opts.input, opts.capabilities, { signal: opts.signal });
    return { result, configProblems };
  } finally {
    for (const definition of Object.values(loaded)) releaseSection(definition);
  }
}

export {
  defaultConfigFile,
  configFiles,
  importPackages,
  buildHandoff
};
