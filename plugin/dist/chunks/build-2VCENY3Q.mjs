#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  checkOutPath,
  writeOut
} from "./chunk-ZWKJNMST.mjs";
import {
  usageError
} from "./chunk-GS3UQNYK.mjs";
import {
  diskFilesUnder
} from "./chunk-5C3SQJ3M.mjs";
import {
  forTerminal,
  jsonForTerminal
} from "./chunk-S2M2GLMU.mjs";
import {
  buildHandoff,
  configFiles,
  prepareSections
} from "./chunk-TH66MBAP.mjs";
import "./chunk-3UAVYRSR.mjs";
import {
  builtinSections
} from "./chunk-DK3TBTZJ.mjs";
import {
  beforeBoundary,
  readJsonlTranscript,
  readPolicy
} from "./chunk-P7OMPM52.mjs";
import {
  systemClock
} from "./chunk-5VTZYHP3.mjs";
import {
  fmt
} from "./chunk-7KAIWO3K.mjs";
import {
  HandoffError
} from "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";

// cli/build.ts
import { existsSync, statSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";

// cli/capabilities.ts
function cliCapabilities(model = null, policy = readPolicy(null)) {
  return { host: "cli", model, files: diskFilesUnder(policy), now: systemClock };
}

// cli/model.ts
import { readFile } from "node:fs/promises";
var NO_FORK = { isAnswered: false, reason: "nothing-to-fork (the CLI has no live session to fork)" };
function num(v) {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}
function usageOf(u) {
  if (!u || typeof u !== "object") return void 0;
  const r = u;
  return {
    inputTokens: num(r.inputTokens ?? r.input_tokens),
    outputTokens: num(r.outputTokens ?? r.output_tokens),
    cacheReadTokens: num(r.cacheReadTokens ?? r.cache_read_input_tokens),
    cacheWriteTokens: num(r.cacheWriteTokens ?? r.cache_creation_input_tokens)
  };
}
function checkEntry(e, where) {
  const r = e;
  if (!r || typeof r !== "object" || typeof r.text !== "string") throw new Error(`${where}: an entry needs a "text" string`);
  if (r.kind === void 0 && r.match === void 0) throw new Error(`${where}: an entry needs "kind" (the section it answers, e.g. summary) or "match"`);
  if (r.kind !== void 0 && (typeof r.kind !== "string" || !/^[a-z][a-z0-9-]*$/.test(r.kind)))
    throw new Error(`${where}: "kind" names a section (kebab-case), got ${JSON.stringify(r.kind)}`);
  return r;
}
function parseReplies(text, file) {
  const trimmed = text.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    try {
      const v = JSON.parse(trimmed);
      const list = Array.isArray(v) ? v : Array.isArray(v.replies) ? v.replies : [v];
      return list.map((e, i) => checkEntry(e, `${file}: entry ${i + 1}`));
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
    }
  }
  const out = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let v;
    try {
      v = JSON.parse(line);
    } catch (err) {
      throw new Error(`${file}:${i + 1}: not JSON (${err.message})`, { cause: err });
    }
    out.push(checkEntry(v, `${file}:${i + 1}`));
  });
  return out;
}
function replayModel(replies, file = "the replies file") {
  return {
    async fork() {
      return NO_FORK;
    },
    async complete(req, signal) {
      if (signal.aborted) return { isAnswered: false, reason: "aborted" };
      const hit = replies.find((r) => r.kind !== void 0 ? r.kind === req.section : req.prompt.includes(r.match));
      if (!hit) return { isAnswered: false, reason: `no recorded reply in ${file} answers ${req.section ? `section ${req.section}` : "this call"}` };
      if (hit.text.trim() === "") return { isAnswered: false, reason: "empty-reply (recorded)" };
      const usage2 = usageOf(hit.usage);
      const model = hit.model ?? req.model;
      return { isAnswered: true, text: hit.text, ...model ? { model } : {}, ...usage2 ? { usage: usage2 } : {} };
    }
  };
}
function anthropicModel(opts) {
  let sdk;
  const load = () => sdk ??= import("./sdk-36QLX5E2.mjs").then(({ default: SDK }) => ({
    SDK,
    client: new SDK({
      apiKey: opts.apiKey,
      ...opts.baseURL ? { baseURL: opts.baseURL } : {},
      maxRetries: opts.maxRetries ?? 2,
      // The section's own timeout governs (through the signal); this only bounds a hung socket.
      timeout: 15 * 6e4
    })
  }));
  return {
    async fork() {
      return NO_FORK;
    },
    async complete(req, signal) {
      const model = req.model ?? opts.defaultModel ?? "claude-opus-5-5";
      const { client, SDK } = await load();
      try {
        const msg = await client.messages.create(
          {
            model,
            max_tokens: req.maxTokens ?? opts.defaultMaxTokens ?? 4096,
            ...req.system ? { system: req.system } : {},
            messages: [{ role: "user", content: req.prompt }]
          },
          { signal }
        );
        const text = msg.content.map((b) => b.type === "text" ? b.text : "").filter((t) => t !== "").join("\n");
        if (text.trim() === "") return { isAnswered: false, reason: `empty-reply (stop_reason ${msg.stop_reason ?? "none"})` };
        const usage2 = usageOf(msg.usage);
        return { isAnswered: true, text, model: msg.model || model, ...usage2 ? { usage: usage2 } : {} };
      } catch (err) {
        if (signal.aborted || err instanceof SDK.APIUserAbortError) return { isAnswered: false, reason: "aborted" };
        if (err instanceof SDK.APIError) {
          const detail = err.message.split("\n")[0];
          return { isAnswered: false, reason: `api-error${err.status ? ` (status ${err.status})` : ""}: ${detail}` };
        }
        return { isAnswered: false, reason: `api-error: ${err.message}` };
      }
    }
  };
}
async function cliModel(opts) {
  const env = opts.env ?? process.env;
  if (opts.repliesFile) {
    let text;
    try {
      text = await readFile(opts.repliesFile, "utf8");
    } catch (err) {
      const e = err;
      throw new HandoffError("USAGE", `--model-replies ${opts.repliesFile}: ${e.code === "ENOENT" ? "no such file" : e.message}`);
    }
    let replies;
    try {
      replies = parseReplies(text, opts.repliesFile);
    } catch (err) {
      throw new HandoffError("USAGE", `--model-replies ${err.message}`);
    }
    return { model: replayModel(replies, opts.repliesFile), source: "replies" };
  }
  const apiKey = env.ANTHROPIC_API_KEY;
  if (apiKey) {
    return {
      model: anthropicModel({ apiKey, ...env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {} }),
      source: "anthropic-api"
    };
  }
  return { model: null, source: "none" };
}

// cli/build.ts
var usage = `Usage: compact-handoff build <transcript.jsonl> [options]

Builds the handoff for a Claude Code transcript and prints what the next window would receive
(the handoff, then the Read results it hands up), then a report of each section. By default the
conversation is taken as it stood before the file's last compaction (the whole file when it holds
none). A preview: nothing is stored.

Options:
  --config FILE       extend the default pipeline with FILE (repeatable)
  --out FILE          write the handoff to FILE instead of stdout
  --json              print one JSON object: { handoff, sections, totalChars, marker, ... }
  --at-boundary N     the conversation as it stood before the N-th compaction (1 = oldest)
  --end               the whole file, every message after the last compaction included
  --window TOKENS     the context window, for the size guard's maxFraction
  --session ID        the session id for the marker (default: from the transcript)
  --model-replies FILE  answer the model calls (summary, commitments) with replies recorded in
                      FILE (JSON or JSONL; see cli/model.ts). Without it, the Anthropic API
                      answers when ANTHROPIC_API_KEY is set (ANTHROPIC_BASE_URL is honoured);
                      with neither, those sections are dropped (SECTION_NO_MODEL)
  --verbose           stack traces on errors

Exit codes: 0 ok, 1 invalid config or transcript, or an --out that could not be written, 2 usage
error (an --out folder that does not exist included), 3 internal error.`;
function parse(argv) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        config: { type: "string", multiple: true },
        out: { type: "string" },
        json: { type: "boolean" },
        "at-boundary": { type: "string" },
        end: { type: "boolean" },
        window: { type: "string" },
        session: { type: "string" },
        "model-replies": { type: "string" }
      }
    });
  } catch (err) {
    throw usageError(usage, err);
  }
}
function sameFile(a, b) {
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}
function positiveInt(flag, value) {
  if (value === void 0) return void 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new HandoffError("USAGE", `${flag} takes a whole number from 1 (got "${value}")`);
  return n;
}
function windowText(result) {
  if (result.messages.length === 0) return result.handoff;
  const parts = [
    result.handoff.trimEnd(),
    `<!-- then ${fmt(result.messages.length)} message${result.messages.length === 1 ? "" : "s"} after the handoff, as the engine hands them on -->`
  ];
  for (const m of result.messages) {
    if (m.text) parts.push(`[${m.role}] ${m.text}`);
    for (const u of m.toolUses ?? []) parts.push(`[${m.role}] \u2192 ${u.name} ${JSON.stringify(u.input)}`);
    for (const r of m.toolResults ?? []) parts.push(`[${m.role}] \u2190 ${r.isError ? "error" : "result"}:
${r.text}`);
  }
  return `${parts.join("\n\n")}
`;
}
function formatReport(result) {
  const rows = result.sections.map((s) => {
    const status = s.status === "ok" ? "kept   " : "dropped";
    const chars = s.status === "ok" ? s.chars : s.chars;
    const hint = s.status === "dropped" && s.code === "SECTION_NO_MODEL" ? " (--model-replies FILE, or ANTHROPIC_API_KEY)" : "";
    const why = s.status === "dropped" ? `  ${s.code}: ${s.message}${hint}` : "";
    return `  ${status} ${s.name.padEnd(12)} ${(chars === void 0 ? "-" : fmt(chars)).padStart(8)} chars ${fmt(s.ms).padStart(6)} ms${why}`;
  });
  const seam = result.seam.map((s) => `  subscriber ${s.name.padEnd(12)} ${s.hook} ${s.status} ${fmt(s.ms)} ms${s.message ? `: ${s.message}` : ""}`);
  return ["sections:", ...rows, ...seam, ...result.notes.map((n) => `  note: ${n}`), result.summaryLine].join("\n");
}
async function run(argv) {
  const { values, positionals } = parse(argv);
  if (positionals.length !== 1) throw new HandoffError("USAGE", "expected one transcript path (compact-handoff build --help)");
  const file = positionals[0];
  if (values.end && values["at-boundary"]) throw new HandoffError("USAGE", "--end and --at-boundary go one at a time");
  if (values.out !== void 0 && sameFile(values.out, file)) {
    throw new HandoffError("USAGE", `--out ${values.out} is the transcript being read: the handoff would overwrite it`);
  }
  if (values.out !== void 0) checkOutPath("--out", values.out);
  const boundary = positiveInt("--at-boundary", values["at-boundary"]);
  const window = positiveInt("--window", values.window);
  void prepareSections({ configFiles: configFiles(values.config ?? []), builtins: builtinSections });
  let transcript;
  try {
    transcript = await readJsonlTranscript(file);
  } catch (err) {
    if (err instanceof HandoffError) throw err;
    const e = err;
    throw new HandoffError("TRANSCRIPT_UNREADABLE", `cannot read ${file}: ${e.code === "ENOENT" ? "no such file" : e.message}`);
  }
  const conversation = beforeBoundary(transcript, values.end ? "end" : boundary ?? "last");
  if (transcript.malformed.count > 0) {
    const shown = transcript.malformed.lines.slice(0, 10).join(", ");
    process.stderr.write(
      `compact-handoff build: ${fmt(transcript.malformed.count)} malformed line(s) skipped in ${file} (line ${shown}${transcript.malformed.count > 10 ? ", \u2026" : ""})
`
    );
  }
  if (conversation.messages.length === 0) {
    const why = transcript.messages.length === 0 ? "it holds no conversation (no user or assistant line could be read)" : "the range asked for holds no messages";
    throw new HandoffError("TRANSCRIPT_EMPTY", `nothing to build a handoff from in ${file}: ${why}`);
  }
  const input = {
    trigger: "cli",
    sessionId: values.session ?? transcript.sessionId ?? basename(file, ".jsonl"),
    cwd: conversation.cwd ?? process.cwd(),
    contextWindow: window,
    model: conversation.model,
    transcript: conversation
  };
  const { model, source: modelSource } = await cliModel({ repliesFile: values["model-replies"] });
  const layers = configFiles(values.config ?? []).map((f) => typeof f === "string" ? f : f.optional && !existsSync(f.path) ? null : f.path).filter((f) => f !== null);
  const { result } = await buildHandoff({
    input,
    // A section reading without a policy of its own reads under the run's: the transcript's project.
    capabilities: cliCapabilities(model, readPolicy(conversation.cwd)),
    configFiles: configFiles(values.config ?? []),
    lenient: false,
    builtins: builtinSections
  });
  if (values.json) {
    const out = {
      handoff: result.handoff,
      marker: result.marker,
      totalChars: result.totalChars,
      summary: result.summaryLine,
      messages: result.messages,
      sections: result.sections.map((s) => ({
        name: s.name,
        status: s.status,
        ...s.status === "dropped" ? { code: s.code, message: s.message } : {},
        chars: s.status === "ok" ? s.chars : s.chars ?? null,
        ms: s.ms,
        ...s.body !== void 0 ? { body: s.body } : {},
        ...s.record ? { record: s.record } : {}
      })),
      seam: result.seam,
      transcript: { file, messages: conversation.messages.length, malformed: transcript.malformed.count },
      model: modelSource,
      config: layers
    };
    const text = jsonForTerminal(out) + "\n";
    if (values.out) await writeOut(values.out, text);
    else process.stdout.write(text);
  } else if (values.out) {
    await writeOut(values.out, windowText(result));
    process.stderr.write(forTerminal(`${formatReport(result)}
config: ${layers.join(", ")}
handoff written to ${values.out}
`));
  } else {
    process.stdout.write(forTerminal(windowText(result)));
    process.stderr.write(forTerminal(`
${formatReport(result)}
config: ${layers.join(", ")}
`));
  }
  await endIfLingering(result);
  return 0;
}
async function endIfLingering(result) {
  if (!result.seam.some((s) => s.status === "timedOut")) return;
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write("", () => resolve()))));
  process.exit(0);
}
var buildCommand = { summary: "build the handoff for a transcript on disk", usage, run };
export {
  buildCommand,
  formatReport,
  windowText
};
