#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  createPipeline
} from "./chunk-3UAVYRSR.mjs";
import {
  fmt
} from "./chunk-7KAIWO3K.mjs";
import {
  DROP_CODES,
  HandoffError,
  SectionDropError
} from "./chunk-ORPKAE4C.mjs";
import {
  __commonJS,
  __toESM
} from "./chunk-JULZ67VA.mjs";

// node_modules/fastest-levenshtein/mod.js
var require_mod = __commonJS({
  "node_modules/fastest-levenshtein/mod.js"(exports) {
    "use strict";
    exports.__esModule = true;
    exports.distance = exports.closest = void 0;
    var peq = new Uint32Array(65536);
    var myers_32 = function(a, b) {
      var n = a.length;
      var m = b.length;
      var lst = 1 << n - 1;
      var pv = -1;
      var mv = 0;
      var sc = n;
      var i = n;
      while (i--) {
        peq[a.charCodeAt(i)] |= 1 << i;
      }
      for (i = 0; i < m; i++) {
        var eq = peq[b.charCodeAt(i)];
        var xv = eq | mv;
        eq |= (eq & pv) + pv ^ pv;
        mv |= ~(eq | pv);
        pv &= eq;
        if (mv & lst) {
          sc++;
        }
        if (pv & lst) {
          sc--;
        }
        mv = mv << 1 | 1;
        pv = pv << 1 | ~(xv | mv);
        mv &= xv;
      }
      i = n;
      while (i--) {
        peq[a.charCodeAt(i)] = 0;
      }
      return sc;
    };
    var myers_x = function(b, a) {
      var n = a.length;
      var m = b.length;
      var mhc = [];
      var phc = [];
      var hsize = Math.ceil(n / 32);
      var vsize = Math.ceil(m / 32);
      for (var i = 0; i < hsize; i++) {
        phc[i] = -1;
        mhc[i] = 0;
      }
      var j = 0;
      for (; j < vsize - 1; j++) {
        var mv_1 = 0;
        var pv_1 = -1;
        var start_1 = j * 32;
        var vlen_1 = Math.min(32, m) + start_1;
        for (var k = start_1; k < vlen_1; k++) {
          peq[b.charCodeAt(k)] |= 1 << k;
        }
        for (var i = 0; i < n; i++) {
          var eq = peq[a.charCodeAt(i)];
          var pb = phc[i / 32 | 0] >>> i & 1;
          var mb = mhc[i / 32 | 0] >>> i & 1;
          var xv = eq | mv_1;
          var xh = ((eq | mb) & pv_1) + pv_1 ^ pv_1 | eq | mb;
          var ph = mv_1 | ~(xh | pv_1);
          var mh = pv_1 & xh;
          if (ph >>> 31 ^ pb) {
            phc[i / 32 | 0] ^= 1 << i;
          }
          if (mh >>> 31 ^ mb) {
            mhc[i / 32 | 0] ^= 1 << i;
          }
          ph = ph << 1 | pb;
          mh = mh << 1 | mb;
          pv_1 = mh | ~(xv | ph);
          mv_1 = ph & xv;
        }
        for (var k = start_1; k < vlen_1; k++) {
          peq[b.charCodeAt(k)] = 0;
        }
      }
      var mv = 0;
      var pv = -1;
      var start = j * 32;
      var vlen = Math.min(32, m - start) + start;
      for (var k = start; k < vlen; k++) {
        peq[b.charCodeAt(k)] |= 1 << k;
      }
      var score = m;
      for (var i = 0; i < n; i++) {
        var eq = peq[a.charCodeAt(i)];
        var pb = phc[i / 32 | 0] >>> i & 1;
        var mb = mhc[i / 32 | 0] >>> i & 1;
        var xv = eq | mv;
        var xh = ((eq | mb) & pv) + pv ^ pv | eq | mb;
        var ph = mv | ~(xh | pv);
        var mh = pv & xh;
        score += ph >>> m - 1 & 1;
        score -= mh >>> m - 1 & 1;
        if (ph >>> 31 ^ pb) {
          phc[i / 32 | 0] ^= 1 << i;
        }
        if (mh >>> 31 ^ mb) {
          mhc[i / 32 | 0] ^= 1 << i;
        }
        ph = ph << 1 | pb;
        mh = mh << 1 | mb;
        pv = mh | ~(xv | ph);
        mv = ph & xv;
      }
      for (var k = start; k < vlen; k++) {
        peq[b.charCodeAt(k)] = 0;
      }
      return score;
    };
    var distance2 = function(a, b) {
      if (a.length < b.length) {
        var tmp = b;
        b = a;
        a = tmp;
      }
      if (b.length === 0) {
        return a.length;
      }
      if (a.length <= 32) {
        return myers_32(a, b);
      }
      return myers_x(a, b);
    };
    exports.distance = distance2;
    var closest2 = function(str, arr) {
      var min_distance = Infinity;
      var min_index = 0;
      for (var i = 0; i < arr.length; i++) {
        var dist = distance2(str, arr[i]);
        if (dist < min_distance) {
          min_distance = dist;
          min_index = i;
        }
      }
      return arr[min_index];
    };
    exports.closest = closest2;
  }
});

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    function ucs2length(str) {
      const len = str.length;
      let length = 0;
      let pos = 0;
      let value;
      while (pos < len) {
        length++;
        value = str.charCodeAt(pos++);
        if (value >= 55296 && value <= 56319 && pos < len) {
          value = str.charCodeAt(pos);
          if ((value & 64512) === 56320)
            pos++;
        }
      }
      return length;
    }
    exports.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// pipeline/build.ts
import { existsSync as existsSync2 } from "node:fs";
import { dirname as dirname2, join as join3 } from "node:path";
import { fileURLToPath } from "node:url";

// pipeline/config/load.ts
import { homedir } from "node:os";
import { join } from "node:path";

// pipeline/config/format.ts
import { isAbsolute, relative } from "node:path";

// pipeline/config/lazy.ts
import { createRequire } from "node:module";
var libs;
var lib = () => libs ??= createRequire(import.meta.url)("./config-libs.cjs");
var ajv = () => lib().ajv();
var yaml = () => lib().yaml();
var codeFrame = () => lib().codeFrame();

// pipeline/config/format.ts
var import_fastest_levenshtein = __toESM(require_mod(), 1);
function frameAt(text, start, end) {
  const loc = {
    start: { line: start.line, column: start.col },
    ...end && end.line === start.line && end.col > start.col ? { end: { line: end.line, column: end.col } } : {}
  };
  return codeFrame().codeFrameColumns(text, loc, { highlightCode: false, linesAbove: 2, linesBelow: 1 });
}
var paint = (on, code, s) => on ? `\x1B[${code}m${s}\x1B[0m` : s;
function shownPath(file2, relativeTo) {
  if (!relativeTo) return file2;
  const rel = relative(relativeTo, file2);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : file2;
}
function formatIssue(issue, opts = {}) {
  const place = issue.line > 0 ? `${shownPath(issue.file, opts.relativeTo)}:${issue.line}:${issue.col}` : shownPath(issue.file, opts.relativeTo);
  const lines = [`${paint(opts.color, "1", place)}  ${paint(opts.color, "31", issue.message)}`];
  if (issue.frame) {
    const frame = opts.color ? issue.frame.replace(/^>/gm, paint(true, "31;1", ">")).replace(/^( +\| +)(\^+)$/gm, (_, gutter, marks) => gutter + paint(true, "31;1", marks)) : issue.frame;
    lines.push(frame);
  }
  if (issue.hint) lines.push(...issue.hint.split("\n").map((l) => `  = ${l}`));
  return lines.join("\n");
}
function formatIssues(issues, opts = {}) {
  return issues.map((i) => formatIssue(i, opts)).join("\n\n");
}
function formatReport(issues, opts = {}) {
  const n = issues.length;
  return `${formatIssues(issues, opts)}

${n} ${n === 1 ? "issue" : "issues"} in the pipeline config`;
}
var ConfigError = class extends HandoffError {
  issues;
  constructor(issues) {
    super("CONFIG_INVALID", formatReport(issues, { relativeTo: process.cwd() }));
    this.name = "ConfigError";
    this.issues = issues;
  }
};
function didYouMean(name, candidates) {
  const list = [...candidates];
  if (list.length === 0) return void 0;
  const best = (0, import_fastest_levenshtein.closest)(name, list);
  return (0, import_fastest_levenshtein.distance)(name, best) <= Math.max(1, Math.floor(Math.max(name.length, best.length) / 3)) ? best : void 0;
}
function showValue(value) {
  if (value === void 0) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (value !== null && typeof value === "object") return "a mapping";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  return String(value);
}

// pipeline/config/validate.ts
import { readFileSync } from "node:fs";

// pipeline/config/precompiled.ts
var file = validate0;
var schema0 = { "$schema": "http://json-schema.org/draft-07/schema#", "title": "compact-handoff pipeline config", "description": "The pipeline that composes a handoff: which sections run, in what order, with what limits. A later file (--config, the user's override) extends the default one.", "type": "object", "expected": "a mapping of settings such as `concurrency: 4`", "additionalProperties": false, "properties": { "concurrency": { "description": "How many sections run at once.", "type": "integer", "minimum": 1, "maximum": 16, "default": 4 }, "handoff": { "description": "The size guard on the whole handoff: when it is over either limit, the lowest-priority sections are cut first.", "type": "object", "expected": "a mapping with maxChars, maxFraction and/or lateShare", "additionalProperties": false, "properties": { "maxChars": { "description": "The most characters the whole handoff may have.", "type": "integer", "minimum": 1, "default": 45e3 }, "maxFraction": { "description": "The most of the context window the handoff may take, as a fraction (counting chars/4 as tokens).", "type": "number", "exclusiveMinimum": 0, "maximum": 1, "default": 0.2 }, "lateShare": { "description": "The share of the ceiling kept for the sections that wait for others (restore, excerpts: they choose what the others do not already carry); the sections that start at once share the rest. Nothing is kept when no such section runs.", "type": "number", "minimum": 0, "maximum": 0.9, "default": 0.5 } } }, "seamTimeoutMs": { "description": "How long one subscriber's tap (a `plugins:` package, or a beforeCompact subscriber) may take, in ms; then the run goes on without it and records it as timedOut.", "type": "integer", "minimum": 1, "maximum": 2147483647, "default": 5e3 }, "loadTimeoutMs": { "description": "How long loading one package (a section's `package:`, or a `plugins:` subscriber) may take, in ms, its top-level code included; then it is left out as not loaded.", "type": "integer", "minimum": 1, "maximum": 2147483647, "default": 1e4 }, "plugins": { "description": "Subscribers: npm packages whose default export is { name, apply(hooks) }, tapping the pipeline's hooks. Each is resolved from the config file that names it; a later file adds to the list.", "type": "array", "expected": "a list of subscribers (- package: ...)", "items": { "$ref": "#/definitions/plugin" } }, "sections": { "description": "The sections, in the order they appear in the handoff. A later file updates a section by naming it again and appends new names at the end.", "type": "array", "expected": "a list of sections (- name: ...)", "items": { "$ref": "#/definitions/section" } } }, "definitions": { "plugin": { "description": "One subscriber: the package, and the options its apply(hooks, options) is given.", "type": "object", "expected": "a mapping such as `- package: compact-handoff-subscriber-log`", "additionalProperties": false, "required": ["package"], "properties": { "package": { "description": "The npm package whose default export is the subscriber, installed beside this config file.", "type": "string", "minLength": 1 }, "options": { "description": "The subscriber's own settings, handed to its apply as they are. A later file naming the same package replaces them.", "type": "object", "expected": "a mapping of the subscriber's own settings" } } }, "section": { "description": "One section: its name and, when they differ from the section's own defaults, its limits and options.", "type": "object", "expected": "a mapping such as `- name: turns`", "additionalProperties": false, "required": ["name"], "properties": { "name": { "description": "A built-in section's name (its folder under sections/), or a name of your choosing for a section from `package`.", "type": "string", "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", "expected": 'a kebab-case name such as "my-section"' }, "package": { "description": "The npm package whose default export is this section (a third-party section).", "type": "string", "minLength": 1 }, "enabled": { "description": "false leaves the section out of the handoff (dropped as SECTION_DISABLED).", "type": "boolean" }, "timeoutMs": { "description": "How long the section may run, in ms (at most 2147483647, the longest timer Node keeps); then it is aborted and dropped (SECTION_TIMEOUT).", "type": "integer", "minimum": 1, "maximum": 2147483647 }, "budgetChars": { "description": "The most characters the section may return; more is dropped (SECTION_OVER_BUDGET).", "type": "integer", "minimum": 1 }, "priority": { "description": "When the whole handoff is over its size guard, the lowest priority is cut first.", "type": "integer" }, "options": { "description": "The section's own settings, checked against its optionsSchema. A later file merges its options over these, key by key.", "type": "object", "expected": "a mapping of the section's own settings" } } } } };
var schema1 = { "description": "One subscriber: the package, and the options its apply(hooks, options) is given.", "type": "object", "expected": "a mapping such as `- package: compact-handoff-subscriber-log`", "additionalProperties": false, "required": ["package"], "properties": { "package": { "description": "The npm package whose default export is the subscriber, installed beside this config file.", "type": "string", "minLength": 1 }, "options": { "description": "The subscriber's own settings, handed to its apply as they are. A later file naming the same package replaces them.", "type": "object", "expected": "a mapping of the subscriber's own settings" } } };
var schema2 = { "description": "One section: its name and, when they differ from the section's own defaults, its limits and options.", "type": "object", "expected": "a mapping such as `- name: turns`", "additionalProperties": false, "required": ["name"], "properties": { "name": { "description": "A built-in section's name (its folder under sections/), or a name of your choosing for a section from `package`.", "type": "string", "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", "expected": 'a kebab-case name such as "my-section"' }, "package": { "description": "The npm package whose default export is this section (a third-party section).", "type": "string", "minLength": 1 }, "enabled": { "description": "false leaves the section out of the handoff (dropped as SECTION_DISABLED).", "type": "boolean" }, "timeoutMs": { "description": "How long the section may run, in ms (at most 2147483647, the longest timer Node keeps); then it is aborted and dropped (SECTION_TIMEOUT).", "type": "integer", "minimum": 1, "maximum": 2147483647 }, "budgetChars": { "description": "The most characters the section may return; more is dropped (SECTION_OVER_BUDGET).", "type": "integer", "minimum": 1 }, "priority": { "description": "When the whole handoff is over its size guard, the lowest priority is cut first.", "type": "integer" }, "options": { "description": "The section's own settings, checked against its optionsSchema. A later file merges its options over these, key by key.", "type": "object", "expected": "a mapping of the section's own settings" } } };
var func0 = require_ucs2length().default;
var pattern0 = new RegExp("^[a-z][a-z0-9]*(-[a-z0-9]+)*$", "u");
function validate0(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "concurrency" || key0 === "handoff" || key0 === "seamTimeoutMs" || key0 === "loadTimeoutMs" || key0 === "plugins" || key0 === "sections")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema0, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.concurrency !== void 0) {
      let data0 = data.concurrency;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/concurrency", schemaPath: "#/properties/concurrency/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema0.properties.concurrency.type, parentSchema: schema0.properties.concurrency, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 16 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/concurrency", schemaPath: "#/properties/concurrency/maximum", keyword: "maximum", params: { comparison: "<=", limit: 16 }, message: "must be <= 16", schema: 16, parentSchema: schema0.properties.concurrency, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 1 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/concurrency", schemaPath: "#/properties/concurrency/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema0.properties.concurrency, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.handoff !== void 0) {
      let data1 = data.handoff;
      if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
        for (const key1 in data1) {
          if (!(key1 === "maxChars" || key1 === "maxFraction" || key1 === "lateShare")) {
            const err4 = { instancePath: instancePath + "/handoff", schemaPath: "#/properties/handoff/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties", schema: false, parentSchema: schema0.properties.handoff, data: data1 };
            if (vErrors === null) {
              vErrors = [err4];
            } else {
              vErrors.push(err4);
            }
            errors++;
          }
        }
        if (data1.maxChars !== void 0) {
          let data2 = data1.maxChars;
          if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
            const err5 = { instancePath: instancePath + "/handoff/maxChars", schemaPath: "#/properties/handoff/properties/maxChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema0.properties.handoff.properties.maxChars.type, parentSchema: schema0.properties.handoff.properties.maxChars, data: data2 };
            if (vErrors === null) {
              vErrors = [err5];
            } else {
              vErrors.push(err5);
            }
            errors++;
          }
          if (typeof data2 == "number") {
            if (data2 < 1 || isNaN(data2)) {
              const err6 = { instancePath: instancePath + "/handoff/maxChars", schemaPath: "#/properties/handoff/properties/maxChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema0.properties.handoff.properties.maxChars, data: data2 };
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            }
          }
        }
        if (data1.maxFraction !== void 0) {
          let data3 = data1.maxFraction;
          if (typeof data3 == "number") {
            if (data3 > 1 || isNaN(data3)) {
              const err7 = { instancePath: instancePath + "/handoff/maxFraction", schemaPath: "#/properties/handoff/properties/maxFraction/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema0.properties.handoff.properties.maxFraction, data: data3 };
              if (vErrors === null) {
                vErrors = [err7];
              } else {
                vErrors.push(err7);
              }
              errors++;
            }
            if (data3 <= 0 || isNaN(data3)) {
              const err8 = { instancePath: instancePath + "/handoff/maxFraction", schemaPath: "#/properties/handoff/properties/maxFraction/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema0.properties.handoff.properties.maxFraction, data: data3 };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
          } else {
            const err9 = { instancePath: instancePath + "/handoff/maxFraction", schemaPath: "#/properties/handoff/properties/maxFraction/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema0.properties.handoff.properties.maxFraction.type, parentSchema: schema0.properties.handoff.properties.maxFraction, data: data3 };
            if (vErrors === null) {
              vErrors = [err9];
            } else {
              vErrors.push(err9);
            }
            errors++;
          }
        }
        if (data1.lateShare !== void 0) {
          let data4 = data1.lateShare;
          if (typeof data4 == "number") {
            if (data4 > 0.9 || isNaN(data4)) {
              const err10 = { instancePath: instancePath + "/handoff/lateShare", schemaPath: "#/properties/handoff/properties/lateShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 0.9 }, message: "must be <= 0.9", schema: 0.9, parentSchema: schema0.properties.handoff.properties.lateShare, data: data4 };
              if (vErrors === null) {
                vErrors = [err10];
              } else {
                vErrors.push(err10);
              }
              errors++;
            }
            if (data4 < 0 || isNaN(data4)) {
              const err11 = { instancePath: instancePath + "/handoff/lateShare", schemaPath: "#/properties/handoff/properties/lateShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema0.properties.handoff.properties.lateShare, data: data4 };
              if (vErrors === null) {
                vErrors = [err11];
              } else {
                vErrors.push(err11);
              }
              errors++;
            }
          } else {
            const err12 = { instancePath: instancePath + "/handoff/lateShare", schemaPath: "#/properties/handoff/properties/lateShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema0.properties.handoff.properties.lateShare.type, parentSchema: schema0.properties.handoff.properties.lateShare, data: data4 };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          }
        }
      } else {
        const err13 = { instancePath: instancePath + "/handoff", schemaPath: "#/properties/handoff/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema0.properties.handoff.type, parentSchema: schema0.properties.handoff, data: data1 };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
    }
    if (data.seamTimeoutMs !== void 0) {
      let data5 = data.seamTimeoutMs;
      if (!(typeof data5 == "number" && (!(data5 % 1) && !isNaN(data5)))) {
        const err14 = { instancePath: instancePath + "/seamTimeoutMs", schemaPath: "#/properties/seamTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema0.properties.seamTimeoutMs.type, parentSchema: schema0.properties.seamTimeoutMs, data: data5 };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
      if (typeof data5 == "number") {
        if (data5 > 2147483647 || isNaN(data5)) {
          const err15 = { instancePath: instancePath + "/seamTimeoutMs", schemaPath: "#/properties/seamTimeoutMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 }, message: "must be <= 2147483647", schema: 2147483647, parentSchema: schema0.properties.seamTimeoutMs, data: data5 };
          if (vErrors === null) {
            vErrors = [err15];
          } else {
            vErrors.push(err15);
          }
          errors++;
        }
        if (data5 < 1 || isNaN(data5)) {
          const err16 = { instancePath: instancePath + "/seamTimeoutMs", schemaPath: "#/properties/seamTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema0.properties.seamTimeoutMs, data: data5 };
          if (vErrors === null) {
            vErrors = [err16];
          } else {
            vErrors.push(err16);
          }
          errors++;
        }
      }
    }
    if (data.loadTimeoutMs !== void 0) {
      let data6 = data.loadTimeoutMs;
      if (!(typeof data6 == "number" && (!(data6 % 1) && !isNaN(data6)))) {
        const err17 = { instancePath: instancePath + "/loadTimeoutMs", schemaPath: "#/properties/loadTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema0.properties.loadTimeoutMs.type, parentSchema: schema0.properties.loadTimeoutMs, data: data6 };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      }
      if (typeof data6 == "number") {
        if (data6 > 2147483647 || isNaN(data6)) {
          const err18 = { instancePath: instancePath + "/loadTimeoutMs", schemaPath: "#/properties/loadTimeoutMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 }, message: "must be <= 2147483647", schema: 2147483647, parentSchema: schema0.properties.loadTimeoutMs, data: data6 };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
        if (data6 < 1 || isNaN(data6)) {
          const err19 = { instancePath: instancePath + "/loadTimeoutMs", schemaPath: "#/properties/loadTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema0.properties.loadTimeoutMs, data: data6 };
          if (vErrors === null) {
            vErrors = [err19];
          } else {
            vErrors.push(err19);
          }
          errors++;
        }
      }
    }
    if (data.plugins !== void 0) {
      let data7 = data.plugins;
      if (Array.isArray(data7)) {
        const len0 = data7.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data8 = data7[i0];
          if (data8 && typeof data8 == "object" && !Array.isArray(data8)) {
            if (data8.package === void 0) {
              const err20 = { instancePath: instancePath + "/plugins/" + i0, schemaPath: "#/definitions/plugin/required", keyword: "required", params: { missingProperty: "package" }, message: "must have required property 'package'", schema: schema1.required, parentSchema: schema1, data: data8 };
              if (vErrors === null) {
                vErrors = [err20];
              } else {
                vErrors.push(err20);
              }
              errors++;
            }
            for (const key2 in data8) {
              if (!(key2 === "package" || key2 === "options")) {
                const err21 = { instancePath: instancePath + "/plugins/" + i0, schemaPath: "#/definitions/plugin/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties", schema: false, parentSchema: schema1, data: data8 };
                if (vErrors === null) {
                  vErrors = [err21];
                } else {
                  vErrors.push(err21);
                }
                errors++;
              }
            }
            if (data8.package !== void 0) {
              let data9 = data8.package;
              if (typeof data9 === "string") {
                if (func0(data9) < 1) {
                  const err22 = { instancePath: instancePath + "/plugins/" + i0 + "/package", schemaPath: "#/definitions/plugin/properties/package/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema1.properties.package, data: data9 };
                  if (vErrors === null) {
                    vErrors = [err22];
                  } else {
                    vErrors.push(err22);
                  }
                  errors++;
                }
              } else {
                const err23 = { instancePath: instancePath + "/plugins/" + i0 + "/package", schemaPath: "#/definitions/plugin/properties/package/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema1.properties.package.type, parentSchema: schema1.properties.package, data: data9 };
                if (vErrors === null) {
                  vErrors = [err23];
                } else {
                  vErrors.push(err23);
                }
                errors++;
              }
            }
            if (data8.options !== void 0) {
              let data10 = data8.options;
              if (!(data10 && typeof data10 == "object" && !Array.isArray(data10))) {
                const err24 = { instancePath: instancePath + "/plugins/" + i0 + "/options", schemaPath: "#/definitions/plugin/properties/options/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema1.properties.options.type, parentSchema: schema1.properties.options, data: data10 };
                if (vErrors === null) {
                  vErrors = [err24];
                } else {
                  vErrors.push(err24);
                }
                errors++;
              }
            }
          } else {
            const err25 = { instancePath: instancePath + "/plugins/" + i0, schemaPath: "#/definitions/plugin/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema1.type, parentSchema: schema1, data: data8 };
            if (vErrors === null) {
              vErrors = [err25];
            } else {
              vErrors.push(err25);
            }
            errors++;
          }
        }
      } else {
        const err26 = { instancePath: instancePath + "/plugins", schemaPath: "#/properties/plugins/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema0.properties.plugins.type, parentSchema: schema0.properties.plugins, data: data7 };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
    }
    if (data.sections !== void 0) {
      let data11 = data.sections;
      if (Array.isArray(data11)) {
        const len1 = data11.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data12 = data11[i1];
          if (data12 && typeof data12 == "object" && !Array.isArray(data12)) {
            if (data12.name === void 0) {
              const err27 = { instancePath: instancePath + "/sections/" + i1, schemaPath: "#/definitions/section/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema2.required, parentSchema: schema2, data: data12 };
              if (vErrors === null) {
                vErrors = [err27];
              } else {
                vErrors.push(err27);
              }
              errors++;
            }
            for (const key3 in data12) {
              if (!(key3 === "name" || key3 === "package" || key3 === "enabled" || key3 === "timeoutMs" || key3 === "budgetChars" || key3 === "priority" || key3 === "options")) {
                const err28 = { instancePath: instancePath + "/sections/" + i1, schemaPath: "#/definitions/section/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties", schema: false, parentSchema: schema2, data: data12 };
                if (vErrors === null) {
                  vErrors = [err28];
                } else {
                  vErrors.push(err28);
                }
                errors++;
              }
            }
            if (data12.name !== void 0) {
              let data13 = data12.name;
              if (typeof data13 === "string") {
                if (!pattern0.test(data13)) {
                  const err29 = { instancePath: instancePath + "/sections/" + i1 + "/name", schemaPath: "#/definitions/section/properties/name/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" }, message: 'must match pattern "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"', schema: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", parentSchema: schema2.properties.name, data: data13 };
                  if (vErrors === null) {
                    vErrors = [err29];
                  } else {
                    vErrors.push(err29);
                  }
                  errors++;
                }
              } else {
                const err30 = { instancePath: instancePath + "/sections/" + i1 + "/name", schemaPath: "#/definitions/section/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema2.properties.name.type, parentSchema: schema2.properties.name, data: data13 };
                if (vErrors === null) {
                  vErrors = [err30];
                } else {
                  vErrors.push(err30);
                }
                errors++;
              }
            }
            if (data12.package !== void 0) {
              let data14 = data12.package;
              if (typeof data14 === "string") {
                if (func0(data14) < 1) {
                  const err31 = { instancePath: instancePath + "/sections/" + i1 + "/package", schemaPath: "#/definitions/section/properties/package/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema2.properties.package, data: data14 };
                  if (vErrors === null) {
                    vErrors = [err31];
                  } else {
                    vErrors.push(err31);
                  }
                  errors++;
                }
              } else {
                const err32 = { instancePath: instancePath + "/sections/" + i1 + "/package", schemaPath: "#/definitions/section/properties/package/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema2.properties.package.type, parentSchema: schema2.properties.package, data: data14 };
                if (vErrors === null) {
                  vErrors = [err32];
                } else {
                  vErrors.push(err32);
                }
                errors++;
              }
            }
            if (data12.enabled !== void 0) {
              let data15 = data12.enabled;
              if (typeof data15 !== "boolean") {
                const err33 = { instancePath: instancePath + "/sections/" + i1 + "/enabled", schemaPath: "#/definitions/section/properties/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema2.properties.enabled.type, parentSchema: schema2.properties.enabled, data: data15 };
                if (vErrors === null) {
                  vErrors = [err33];
                } else {
                  vErrors.push(err33);
                }
                errors++;
              }
            }
            if (data12.timeoutMs !== void 0) {
              let data16 = data12.timeoutMs;
              if (!(typeof data16 == "number" && (!(data16 % 1) && !isNaN(data16)))) {
                const err34 = { instancePath: instancePath + "/sections/" + i1 + "/timeoutMs", schemaPath: "#/definitions/section/properties/timeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema2.properties.timeoutMs.type, parentSchema: schema2.properties.timeoutMs, data: data16 };
                if (vErrors === null) {
                  vErrors = [err34];
                } else {
                  vErrors.push(err34);
                }
                errors++;
              }
              if (typeof data16 == "number") {
                if (data16 > 2147483647 || isNaN(data16)) {
                  const err35 = { instancePath: instancePath + "/sections/" + i1 + "/timeoutMs", schemaPath: "#/definitions/section/properties/timeoutMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 }, message: "must be <= 2147483647", schema: 2147483647, parentSchema: schema2.properties.timeoutMs, data: data16 };
                  if (vErrors === null) {
                    vErrors = [err35];
                  } else {
                    vErrors.push(err35);
                  }
                  errors++;
                }
                if (data16 < 1 || isNaN(data16)) {
                  const err36 = { instancePath: instancePath + "/sections/" + i1 + "/timeoutMs", schemaPath: "#/definitions/section/properties/timeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema2.properties.timeoutMs, data: data16 };
                  if (vErrors === null) {
                    vErrors = [err36];
                  } else {
                    vErrors.push(err36);
                  }
                  errors++;
                }
              }
            }
            if (data12.budgetChars !== void 0) {
              let data17 = data12.budgetChars;
              if (!(typeof data17 == "number" && (!(data17 % 1) && !isNaN(data17)))) {
                const err37 = { instancePath: instancePath + "/sections/" + i1 + "/budgetChars", schemaPath: "#/definitions/section/properties/budgetChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema2.properties.budgetChars.type, parentSchema: schema2.properties.budgetChars, data: data17 };
                if (vErrors === null) {
                  vErrors = [err37];
                } else {
                  vErrors.push(err37);
                }
                errors++;
              }
              if (typeof data17 == "number") {
                if (data17 < 1 || isNaN(data17)) {
                  const err38 = { instancePath: instancePath + "/sections/" + i1 + "/budgetChars", schemaPath: "#/definitions/section/properties/budgetChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema2.properties.budgetChars, data: data17 };
                  if (vErrors === null) {
                    vErrors = [err38];
                  } else {
                    vErrors.push(err38);
                  }
                  errors++;
                }
              }
            }
            if (data12.priority !== void 0) {
              let data18 = data12.priority;
              if (!(typeof data18 == "number" && (!(data18 % 1) && !isNaN(data18)))) {
                const err39 = { instancePath: instancePath + "/sections/" + i1 + "/priority", schemaPath: "#/definitions/section/properties/priority/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema2.properties.priority.type, parentSchema: schema2.properties.priority, data: data18 };
                if (vErrors === null) {
                  vErrors = [err39];
                } else {
                  vErrors.push(err39);
                }
                errors++;
              }
            }
            if (data12.options !== void 0) {
              let data19 = data12.options;
              if (!(data19 && typeof data19 == "object" && !Array.isArray(data19))) {
                const err40 = { instancePath: instancePath + "/sections/" + i1 + "/options", schemaPath: "#/definitions/section/properties/options/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema2.properties.options.type, parentSchema: schema2.properties.options, data: data19 };
                if (vErrors === null) {
                  vErrors = [err40];
                } else {
                  vErrors.push(err40);
                }
                errors++;
              }
            }
          } else {
            const err41 = { instancePath: instancePath + "/sections/" + i1, schemaPath: "#/definitions/section/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema2.type, parentSchema: schema2, data: data12 };
            if (vErrors === null) {
              vErrors = [err41];
            } else {
              vErrors.push(err41);
            }
            errors++;
          }
        }
      } else {
        const err42 = { instancePath: instancePath + "/sections", schemaPath: "#/properties/sections/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema0.properties.sections.type, parentSchema: schema0.properties.sections, data: data11 };
        if (vErrors === null) {
          vErrors = [err42];
        } else {
          vErrors.push(err42);
        }
        errors++;
      }
    }
  } else {
    const err43 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema0.type, parentSchema: schema0, data };
    if (vErrors === null) {
      vErrors = [err43];
    } else {
      vErrors.push(err43);
    }
    errors++;
  }
  validate0.errors = vErrors;
  return errors === 0;
}
var options_0 = validate1;
var schema3 = { "type": "object", "additionalProperties": false, "properties": { "prompt": { "type": "string", "minLength": 1, "description": "a prompt file used instead of the built-in inventory prompt: absolute, or relative to the section folder" }, "coldModel": { "type": "string", "minLength": 1, "description": "the model the cold completion runs on when there is no session to fork (default: the session model)" }, "coldMaxChars": { "type": "integer", "minimum": 1e3, "description": "the most characters of conversation a cold completion is sent; the newest part is kept" }, "coldMaxTokens": { "type": "integer", "minimum": 256, "description": "the cold completion's output cap, in tokens" } } };
function validate1(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "prompt" || key0 === "coldModel" || key0 === "coldMaxChars" || key0 === "coldMaxTokens")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema3, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.prompt !== void 0) {
      let data0 = data.prompt;
      if (typeof data0 === "string") {
        if (func0(data0) < 1) {
          const err1 = { instancePath: instancePath + "/prompt", schemaPath: "#/properties/prompt/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema3.properties.prompt, data: data0 };
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      } else {
        const err2 = { instancePath: instancePath + "/prompt", schemaPath: "#/properties/prompt/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema3.properties.prompt.type, parentSchema: schema3.properties.prompt, data: data0 };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.coldModel !== void 0) {
      let data1 = data.coldModel;
      if (typeof data1 === "string") {
        if (func0(data1) < 1) {
          const err3 = { instancePath: instancePath + "/coldModel", schemaPath: "#/properties/coldModel/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema3.properties.coldModel, data: data1 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      } else {
        const err4 = { instancePath: instancePath + "/coldModel", schemaPath: "#/properties/coldModel/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema3.properties.coldModel.type, parentSchema: schema3.properties.coldModel, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.coldMaxChars !== void 0) {
      let data2 = data.coldMaxChars;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err5 = { instancePath: instancePath + "/coldMaxChars", schemaPath: "#/properties/coldMaxChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema3.properties.coldMaxChars.type, parentSchema: schema3.properties.coldMaxChars, data: data2 };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 < 1e3 || isNaN(data2)) {
          const err6 = { instancePath: instancePath + "/coldMaxChars", schemaPath: "#/properties/coldMaxChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1e3 }, message: "must be >= 1000", schema: 1e3, parentSchema: schema3.properties.coldMaxChars, data: data2 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      }
    }
    if (data.coldMaxTokens !== void 0) {
      let data3 = data.coldMaxTokens;
      if (!(typeof data3 == "number" && (!(data3 % 1) && !isNaN(data3)))) {
        const err7 = { instancePath: instancePath + "/coldMaxTokens", schemaPath: "#/properties/coldMaxTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema3.properties.coldMaxTokens.type, parentSchema: schema3.properties.coldMaxTokens, data: data3 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
      if (typeof data3 == "number") {
        if (data3 < 256 || isNaN(data3)) {
          const err8 = { instancePath: instancePath + "/coldMaxTokens", schemaPath: "#/properties/coldMaxTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 256 }, message: "must be >= 256", schema: 256, parentSchema: schema3.properties.coldMaxTokens, data: data3 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      }
    }
  } else {
    const err9 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema3.type, parentSchema: schema3, data };
    if (vErrors === null) {
      vErrors = [err9];
    } else {
      vErrors.push(err9);
    }
    errors++;
  }
  validate1.errors = vErrors;
  return errors === 0;
}
var options_1 = validate2;
var schema4 = { "type": "object", "additionalProperties": false, "properties": { "newestCommands": { "type": "integer", "minimum": 0, "maximum": 100, "description": "the newest shell commands always listed" }, "commandClipChars": { "type": "integer", "minimum": 40, "maximum": 2e3, "description": "each older command is clipped to this many characters" }, "maxFailures": { "type": "integer", "minimum": 0, "maximum": 200, "description": "at most this many failed calls are listed, newest first" } } };
function validate2(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "newestCommands" || key0 === "commandClipChars" || key0 === "maxFailures")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema4, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.newestCommands !== void 0) {
      let data0 = data.newestCommands;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/newestCommands", schemaPath: "#/properties/newestCommands/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema4.properties.newestCommands.type, parentSchema: schema4.properties.newestCommands, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 100 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/newestCommands", schemaPath: "#/properties/newestCommands/maximum", keyword: "maximum", params: { comparison: "<=", limit: 100 }, message: "must be <= 100", schema: 100, parentSchema: schema4.properties.newestCommands, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 0 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/newestCommands", schemaPath: "#/properties/newestCommands/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema4.properties.newestCommands, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.commandClipChars !== void 0) {
      let data1 = data.commandClipChars;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/commandClipChars", schemaPath: "#/properties/commandClipChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema4.properties.commandClipChars.type, parentSchema: schema4.properties.commandClipChars, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 > 2e3 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/commandClipChars", schemaPath: "#/properties/commandClipChars/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2e3 }, message: "must be <= 2000", schema: 2e3, parentSchema: schema4.properties.commandClipChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (data1 < 40 || isNaN(data1)) {
          const err6 = { instancePath: instancePath + "/commandClipChars", schemaPath: "#/properties/commandClipChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 40 }, message: "must be >= 40", schema: 40, parentSchema: schema4.properties.commandClipChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      }
    }
    if (data.maxFailures !== void 0) {
      let data2 = data.maxFailures;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err7 = { instancePath: instancePath + "/maxFailures", schemaPath: "#/properties/maxFailures/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema4.properties.maxFailures.type, parentSchema: schema4.properties.maxFailures, data: data2 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 > 200 || isNaN(data2)) {
          const err8 = { instancePath: instancePath + "/maxFailures", schemaPath: "#/properties/maxFailures/maximum", keyword: "maximum", params: { comparison: "<=", limit: 200 }, message: "must be <= 200", schema: 200, parentSchema: schema4.properties.maxFailures, data: data2 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
        if (data2 < 0 || isNaN(data2)) {
          const err9 = { instancePath: instancePath + "/maxFailures", schemaPath: "#/properties/maxFailures/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema4.properties.maxFailures, data: data2 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
  } else {
    const err10 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema4.type, parentSchema: schema4, data };
    if (vErrors === null) {
      vErrors = [err10];
    } else {
      vErrors.push(err10);
    }
    errors++;
  }
  validate2.errors = vErrors;
  return errors === 0;
}
var options_2 = validate3;
var schema5 = { "type": "object", "additionalProperties": false, "properties": { "commits": { "type": "integer", "minimum": 0, "maximum": 50, "description": "how many of the newest commits to list (0 leaves the row out)" }, "maxFiles": { "type": "integer", "minimum": 0, "maximum": 1e3, "description": "the most uncommitted paths listed; the rest are counted" }, "gh": { "type": "boolean", "description": "false skips the open-PR row and never runs gh" }, "prLimit": { "type": "integer", "minimum": 1, "maximum": 100, "description": "the most open PRs asked of gh" }, "gitTimeoutMs": { "type": "integer", "minimum": 1, "description": "each git call is killed after this long and its rows left out" }, "ghTimeoutMs": { "type": "integer", "minimum": 1, "description": "gh pr list is killed after this long and the PR row left out" } } };
function validate3(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "commits" || key0 === "maxFiles" || key0 === "gh" || key0 === "prLimit" || key0 === "gitTimeoutMs" || key0 === "ghTimeoutMs")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema5, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.commits !== void 0) {
      let data0 = data.commits;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/commits", schemaPath: "#/properties/commits/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.commits.type, parentSchema: schema5.properties.commits, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 50 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/commits", schemaPath: "#/properties/commits/maximum", keyword: "maximum", params: { comparison: "<=", limit: 50 }, message: "must be <= 50", schema: 50, parentSchema: schema5.properties.commits, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 0 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/commits", schemaPath: "#/properties/commits/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema5.properties.commits, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.maxFiles !== void 0) {
      let data1 = data.maxFiles;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.maxFiles.type, parentSchema: schema5.properties.maxFiles, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 > 1e3 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e3 }, message: "must be <= 1000", schema: 1e3, parentSchema: schema5.properties.maxFiles, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (data1 < 0 || isNaN(data1)) {
          const err6 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema5.properties.maxFiles, data: data1 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      }
    }
    if (data.gh !== void 0) {
      let data2 = data.gh;
      if (typeof data2 !== "boolean") {
        const err7 = { instancePath: instancePath + "/gh", schemaPath: "#/properties/gh/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema5.properties.gh.type, parentSchema: schema5.properties.gh, data: data2 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.prLimit !== void 0) {
      let data3 = data.prLimit;
      if (!(typeof data3 == "number" && (!(data3 % 1) && !isNaN(data3)))) {
        const err8 = { instancePath: instancePath + "/prLimit", schemaPath: "#/properties/prLimit/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.prLimit.type, parentSchema: schema5.properties.prLimit, data: data3 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
      if (typeof data3 == "number") {
        if (data3 > 100 || isNaN(data3)) {
          const err9 = { instancePath: instancePath + "/prLimit", schemaPath: "#/properties/prLimit/maximum", keyword: "maximum", params: { comparison: "<=", limit: 100 }, message: "must be <= 100", schema: 100, parentSchema: schema5.properties.prLimit, data: data3 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
        if (data3 < 1 || isNaN(data3)) {
          const err10 = { instancePath: instancePath + "/prLimit", schemaPath: "#/properties/prLimit/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema5.properties.prLimit, data: data3 };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      }
    }
    if (data.gitTimeoutMs !== void 0) {
      let data4 = data.gitTimeoutMs;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)))) {
        const err11 = { instancePath: instancePath + "/gitTimeoutMs", schemaPath: "#/properties/gitTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.gitTimeoutMs.type, parentSchema: schema5.properties.gitTimeoutMs, data: data4 };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
      if (typeof data4 == "number") {
        if (data4 < 1 || isNaN(data4)) {
          const err12 = { instancePath: instancePath + "/gitTimeoutMs", schemaPath: "#/properties/gitTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema5.properties.gitTimeoutMs, data: data4 };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
      }
    }
    if (data.ghTimeoutMs !== void 0) {
      let data5 = data.ghTimeoutMs;
      if (!(typeof data5 == "number" && (!(data5 % 1) && !isNaN(data5)))) {
        const err13 = { instancePath: instancePath + "/ghTimeoutMs", schemaPath: "#/properties/ghTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.ghTimeoutMs.type, parentSchema: schema5.properties.ghTimeoutMs, data: data5 };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
      if (typeof data5 == "number") {
        if (data5 < 1 || isNaN(data5)) {
          const err14 = { instancePath: instancePath + "/ghTimeoutMs", schemaPath: "#/properties/ghTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema5.properties.ghTimeoutMs, data: data5 };
          if (vErrors === null) {
            vErrors = [err14];
          } else {
            vErrors.push(err14);
          }
          errors++;
        }
      }
    }
  } else {
    const err15 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema5.type, parentSchema: schema5, data };
    if (vErrors === null) {
      vErrors = [err15];
    } else {
      vErrors.push(err15);
    }
    errors++;
  }
  validate3.errors = vErrors;
  return errors === 0;
}
var options_3 = validate4;
var schema6 = { "type": "object", "additionalProperties": false, "properties": { "model": { "type": "string", "minLength": 1, "description": "the model id the pass runs on (e.g. claude-opus-5-5, claude-haiku-5-5)" }, "maxTokens": { "type": "integer", "minimum": 128, "maximum": 8192, "description": "the reply's output cap, in tokens; a reply cut by it says so on the row (hitCap)" }, "maxInputChars": { "type": "integer", "minimum": 1e3, "description": "the most characters of conversation the pass is sent; the newest part is kept" } } };
function validate4(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "model" || key0 === "maxTokens" || key0 === "maxInputChars")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema6, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.model !== void 0) {
      let data0 = data.model;
      if (typeof data0 === "string") {
        if (func0(data0) < 1) {
          const err1 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema6.properties.model, data: data0 };
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      } else {
        const err2 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema6.properties.model.type, parentSchema: schema6.properties.model, data: data0 };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.maxTokens !== void 0) {
      let data1 = data.maxTokens;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err3 = { instancePath: instancePath + "/maxTokens", schemaPath: "#/properties/maxTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema6.properties.maxTokens.type, parentSchema: schema6.properties.maxTokens, data: data1 };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 > 8192 || isNaN(data1)) {
          const err4 = { instancePath: instancePath + "/maxTokens", schemaPath: "#/properties/maxTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 8192 }, message: "must be <= 8192", schema: 8192, parentSchema: schema6.properties.maxTokens, data: data1 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        if (data1 < 128 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/maxTokens", schemaPath: "#/properties/maxTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 128 }, message: "must be >= 128", schema: 128, parentSchema: schema6.properties.maxTokens, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
    if (data.maxInputChars !== void 0) {
      let data2 = data.maxInputChars;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err6 = { instancePath: instancePath + "/maxInputChars", schemaPath: "#/properties/maxInputChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema6.properties.maxInputChars.type, parentSchema: schema6.properties.maxInputChars, data: data2 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 < 1e3 || isNaN(data2)) {
          const err7 = { instancePath: instancePath + "/maxInputChars", schemaPath: "#/properties/maxInputChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1e3 }, message: "must be >= 1000", schema: 1e3, parentSchema: schema6.properties.maxInputChars, data: data2 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
    }
  } else {
    const err8 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema6.type, parentSchema: schema6, data };
    if (vErrors === null) {
      vErrors = [err8];
    } else {
      vErrors.push(err8);
    }
    errors++;
  }
  validate4.errors = vErrors;
  return errors === 0;
}
var options_4 = validate5;
var schema7 = { "type": "object", "additionalProperties": false, "properties": { "maxTurnChars": { "type": "integer", "minimum": 200, "description": "a single turn longer than this is clipped in the middle, and the clip is said" } } };
function validate5(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "maxTurnChars")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema7, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.maxTurnChars !== void 0) {
      let data0 = data.maxTurnChars;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/maxTurnChars", schemaPath: "#/properties/maxTurnChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema7.properties.maxTurnChars.type, parentSchema: schema7.properties.maxTurnChars, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 < 200 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/maxTurnChars", schemaPath: "#/properties/maxTurnChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 200 }, message: "must be >= 200", schema: 200, parentSchema: schema7.properties.maxTurnChars, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
    }
  } else {
    const err3 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema7.type, parentSchema: schema7, data };
    if (vErrors === null) {
      vErrors = [err3];
    } else {
      vErrors.push(err3);
    }
    errors++;
  }
  validate5.errors = vErrors;
  return errors === 0;
}
var options_5 = validate6;
var schema8 = { "type": "object", "additionalProperties": false, "properties": { "maxFiles": { "type": "integer", "minimum": 1, "maximum": 200, "description": "the most files outlined, newest touch first" }, "filesShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "the share of the room the newest files' lines take before their declarations are listed" }, "declarationsShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "the most of the room all declarations take together; older files fill the rest" }, "declarations": { "type": "integer", "minimum": 0, "description": "the most declarations listed under one file, those nearest where the work last was" }, "lineChars": { "type": "integer", "minimum": 20, "description": "a declaration line longer than this is clipped" }, "denyPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)" }, "allowPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs read and shown even when the deny list names them or they lie outside the project" } } };
function validate6(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "maxFiles" || key0 === "filesShare" || key0 === "declarationsShare" || key0 === "declarations" || key0 === "lineChars" || key0 === "denyPaths" || key0 === "allowPaths")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema8, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.maxFiles !== void 0) {
      let data0 = data.maxFiles;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema8.properties.maxFiles.type, parentSchema: schema8.properties.maxFiles, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 200 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/maximum", keyword: "maximum", params: { comparison: "<=", limit: 200 }, message: "must be <= 200", schema: 200, parentSchema: schema8.properties.maxFiles, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 1 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema8.properties.maxFiles, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.filesShare !== void 0) {
      let data1 = data.filesShare;
      if (typeof data1 == "number") {
        if (data1 > 1 || isNaN(data1)) {
          const err4 = { instancePath: instancePath + "/filesShare", schemaPath: "#/properties/filesShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema8.properties.filesShare, data: data1 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        if (data1 < 0 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/filesShare", schemaPath: "#/properties/filesShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema8.properties.filesShare, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      } else {
        const err6 = { instancePath: instancePath + "/filesShare", schemaPath: "#/properties/filesShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema8.properties.filesShare.type, parentSchema: schema8.properties.filesShare, data: data1 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.declarationsShare !== void 0) {
      let data2 = data.declarationsShare;
      if (typeof data2 == "number") {
        if (data2 > 1 || isNaN(data2)) {
          const err7 = { instancePath: instancePath + "/declarationsShare", schemaPath: "#/properties/declarationsShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema8.properties.declarationsShare, data: data2 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
        if (data2 < 0 || isNaN(data2)) {
          const err8 = { instancePath: instancePath + "/declarationsShare", schemaPath: "#/properties/declarationsShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema8.properties.declarationsShare, data: data2 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      } else {
        const err9 = { instancePath: instancePath + "/declarationsShare", schemaPath: "#/properties/declarationsShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema8.properties.declarationsShare.type, parentSchema: schema8.properties.declarationsShare, data: data2 };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.declarations !== void 0) {
      let data3 = data.declarations;
      if (!(typeof data3 == "number" && (!(data3 % 1) && !isNaN(data3)))) {
        const err10 = { instancePath: instancePath + "/declarations", schemaPath: "#/properties/declarations/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema8.properties.declarations.type, parentSchema: schema8.properties.declarations, data: data3 };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
      if (typeof data3 == "number") {
        if (data3 < 0 || isNaN(data3)) {
          const err11 = { instancePath: instancePath + "/declarations", schemaPath: "#/properties/declarations/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema8.properties.declarations, data: data3 };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
      }
    }
    if (data.lineChars !== void 0) {
      let data4 = data.lineChars;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)))) {
        const err12 = { instancePath: instancePath + "/lineChars", schemaPath: "#/properties/lineChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema8.properties.lineChars.type, parentSchema: schema8.properties.lineChars, data: data4 };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
      if (typeof data4 == "number") {
        if (data4 < 20 || isNaN(data4)) {
          const err13 = { instancePath: instancePath + "/lineChars", schemaPath: "#/properties/lineChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 20 }, message: "must be >= 20", schema: 20, parentSchema: schema8.properties.lineChars, data: data4 };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
      }
    }
    if (data.denyPaths !== void 0) {
      let data5 = data.denyPaths;
      if (Array.isArray(data5)) {
        const len0 = data5.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data6 = data5[i0];
          if (typeof data6 === "string") {
            if (func0(data6) < 1) {
              const err14 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema8.properties.denyPaths.items, data: data6 };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
          } else {
            const err15 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema8.properties.denyPaths.items.type, parentSchema: schema8.properties.denyPaths.items, data: data6 };
            if (vErrors === null) {
              vErrors = [err15];
            } else {
              vErrors.push(err15);
            }
            errors++;
          }
        }
      } else {
        const err16 = { instancePath: instancePath + "/denyPaths", schemaPath: "#/properties/denyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema8.properties.denyPaths.type, parentSchema: schema8.properties.denyPaths, data: data5 };
        if (vErrors === null) {
          vErrors = [err16];
        } else {
          vErrors.push(err16);
        }
        errors++;
      }
    }
    if (data.allowPaths !== void 0) {
      let data7 = data.allowPaths;
      if (Array.isArray(data7)) {
        const len1 = data7.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data8 = data7[i1];
          if (typeof data8 === "string") {
            if (func0(data8) < 1) {
              const err17 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema8.properties.allowPaths.items, data: data8 };
              if (vErrors === null) {
                vErrors = [err17];
              } else {
                vErrors.push(err17);
              }
              errors++;
            }
          } else {
            const err18 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema8.properties.allowPaths.items.type, parentSchema: schema8.properties.allowPaths.items, data: data8 };
            if (vErrors === null) {
              vErrors = [err18];
            } else {
              vErrors.push(err18);
            }
            errors++;
          }
        }
      } else {
        const err19 = { instancePath: instancePath + "/allowPaths", schemaPath: "#/properties/allowPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema8.properties.allowPaths.type, parentSchema: schema8.properties.allowPaths, data: data7 };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
  } else {
    const err20 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema8.type, parentSchema: schema8, data };
    if (vErrors === null) {
      vErrors = [err20];
    } else {
      vErrors.push(err20);
    }
    errors++;
  }
  validate6.errors = vErrors;
  return errors === 0;
}
var options_6 = validate7;
var schema9 = { "type": "object", "additionalProperties": false, "properties": { "resultChars": { "type": "integer", "minimum": 0, "description": "each tool result is cut to this many characters (0 leaves results out)" }, "inputChars": { "type": "integer", "minimum": 50, "description": "each tool call's input is cut to this many characters" }, "fullShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "the share of the room the newest messages take in full (at least the newest one); older ones are one line per tool call" }, "denyPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)" }, "allowPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs read and shown even when the deny list names them or they lie outside the project" } } };
function validate7(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "resultChars" || key0 === "inputChars" || key0 === "fullShare" || key0 === "denyPaths" || key0 === "allowPaths")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema9, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.resultChars !== void 0) {
      let data0 = data.resultChars;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/resultChars", schemaPath: "#/properties/resultChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema9.properties.resultChars.type, parentSchema: schema9.properties.resultChars, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 < 0 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/resultChars", schemaPath: "#/properties/resultChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema9.properties.resultChars, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
    }
    if (data.inputChars !== void 0) {
      let data1 = data.inputChars;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err3 = { instancePath: instancePath + "/inputChars", schemaPath: "#/properties/inputChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema9.properties.inputChars.type, parentSchema: schema9.properties.inputChars, data: data1 };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 < 50 || isNaN(data1)) {
          const err4 = { instancePath: instancePath + "/inputChars", schemaPath: "#/properties/inputChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 50 }, message: "must be >= 50", schema: 50, parentSchema: schema9.properties.inputChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
      }
    }
    if (data.fullShare !== void 0) {
      let data2 = data.fullShare;
      if (typeof data2 == "number") {
        if (data2 > 1 || isNaN(data2)) {
          const err5 = { instancePath: instancePath + "/fullShare", schemaPath: "#/properties/fullShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema9.properties.fullShare, data: data2 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (data2 < 0 || isNaN(data2)) {
          const err6 = { instancePath: instancePath + "/fullShare", schemaPath: "#/properties/fullShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema9.properties.fullShare, data: data2 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      } else {
        const err7 = { instancePath: instancePath + "/fullShare", schemaPath: "#/properties/fullShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema9.properties.fullShare.type, parentSchema: schema9.properties.fullShare, data: data2 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.denyPaths !== void 0) {
      let data3 = data.denyPaths;
      if (Array.isArray(data3)) {
        const len0 = data3.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data4 = data3[i0];
          if (typeof data4 === "string") {
            if (func0(data4) < 1) {
              const err8 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema9.properties.denyPaths.items, data: data4 };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
          } else {
            const err9 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema9.properties.denyPaths.items.type, parentSchema: schema9.properties.denyPaths.items, data: data4 };
            if (vErrors === null) {
              vErrors = [err9];
            } else {
              vErrors.push(err9);
            }
            errors++;
          }
        }
      } else {
        const err10 = { instancePath: instancePath + "/denyPaths", schemaPath: "#/properties/denyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema9.properties.denyPaths.type, parentSchema: schema9.properties.denyPaths, data: data3 };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.allowPaths !== void 0) {
      let data5 = data.allowPaths;
      if (Array.isArray(data5)) {
        const len1 = data5.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data6 = data5[i1];
          if (typeof data6 === "string") {
            if (func0(data6) < 1) {
              const err11 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema9.properties.allowPaths.items, data: data6 };
              if (vErrors === null) {
                vErrors = [err11];
              } else {
                vErrors.push(err11);
              }
              errors++;
            }
          } else {
            const err12 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema9.properties.allowPaths.items.type, parentSchema: schema9.properties.allowPaths.items, data: data6 };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          }
        }
      } else {
        const err13 = { instancePath: instancePath + "/allowPaths", schemaPath: "#/properties/allowPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema9.properties.allowPaths.type, parentSchema: schema9.properties.allowPaths, data: data5 };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
    }
  } else {
    const err14 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema9.type, parentSchema: schema9, data };
    if (vErrors === null) {
      vErrors = [err14];
    } else {
      vErrors.push(err14);
    }
    errors++;
  }
  validate7.errors = vErrors;
  return errors === 0;
}
var options_7 = validate8;
var schema10 = { "type": "object", "additionalProperties": false, "properties": { "maxFiles": { "type": "integer", "minimum": 0, "maximum": 20, "description": "the most files restored" }, "fileChars": { "type": "integer", "minimum": 100, "description": "a file longer than this is clipped, and the clip is said" }, "totalChars": { "type": "integer", "minimum": 100, "description": "a file that would take the restored total past this is left out" }, "readTimeoutMs": { "type": "integer", "minimum": 1, "description": "a read slower than this falls back to the transcript's copy" }, "denyPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)" }, "allowPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs read and shown even when the deny list names them or they lie outside the project" } } };
function validate8(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "maxFiles" || key0 === "fileChars" || key0 === "totalChars" || key0 === "readTimeoutMs" || key0 === "denyPaths" || key0 === "allowPaths")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema10, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.maxFiles !== void 0) {
      let data0 = data.maxFiles;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema10.properties.maxFiles.type, parentSchema: schema10.properties.maxFiles, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 20 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/maximum", keyword: "maximum", params: { comparison: "<=", limit: 20 }, message: "must be <= 20", schema: 20, parentSchema: schema10.properties.maxFiles, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 0 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema10.properties.maxFiles, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.fileChars !== void 0) {
      let data1 = data.fileChars;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/fileChars", schemaPath: "#/properties/fileChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema10.properties.fileChars.type, parentSchema: schema10.properties.fileChars, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 < 100 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/fileChars", schemaPath: "#/properties/fileChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema10.properties.fileChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
    if (data.totalChars !== void 0) {
      let data2 = data.totalChars;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err6 = { instancePath: instancePath + "/totalChars", schemaPath: "#/properties/totalChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema10.properties.totalChars.type, parentSchema: schema10.properties.totalChars, data: data2 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 < 100 || isNaN(data2)) {
          const err7 = { instancePath: instancePath + "/totalChars", schemaPath: "#/properties/totalChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema10.properties.totalChars, data: data2 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
    }
    if (data.readTimeoutMs !== void 0) {
      let data3 = data.readTimeoutMs;
      if (!(typeof data3 == "number" && (!(data3 % 1) && !isNaN(data3)))) {
        const err8 = { instancePath: instancePath + "/readTimeoutMs", schemaPath: "#/properties/readTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema10.properties.readTimeoutMs.type, parentSchema: schema10.properties.readTimeoutMs, data: data3 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
      if (typeof data3 == "number") {
        if (data3 < 1 || isNaN(data3)) {
          const err9 = { instancePath: instancePath + "/readTimeoutMs", schemaPath: "#/properties/readTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema10.properties.readTimeoutMs, data: data3 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
    if (data.denyPaths !== void 0) {
      let data4 = data.denyPaths;
      if (Array.isArray(data4)) {
        const len0 = data4.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data5 = data4[i0];
          if (typeof data5 === "string") {
            if (func0(data5) < 1) {
              const err10 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema10.properties.denyPaths.items, data: data5 };
              if (vErrors === null) {
                vErrors = [err10];
              } else {
                vErrors.push(err10);
              }
              errors++;
            }
          } else {
            const err11 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema10.properties.denyPaths.items.type, parentSchema: schema10.properties.denyPaths.items, data: data5 };
            if (vErrors === null) {
              vErrors = [err11];
            } else {
              vErrors.push(err11);
            }
            errors++;
          }
        }
      } else {
        const err12 = { instancePath: instancePath + "/denyPaths", schemaPath: "#/properties/denyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema10.properties.denyPaths.type, parentSchema: schema10.properties.denyPaths, data: data4 };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
    if (data.allowPaths !== void 0) {
      let data6 = data.allowPaths;
      if (Array.isArray(data6)) {
        const len1 = data6.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data7 = data6[i1];
          if (typeof data7 === "string") {
            if (func0(data7) < 1) {
              const err13 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema10.properties.allowPaths.items, data: data7 };
              if (vErrors === null) {
                vErrors = [err13];
              } else {
                vErrors.push(err13);
              }
              errors++;
            }
          } else {
            const err14 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema10.properties.allowPaths.items.type, parentSchema: schema10.properties.allowPaths.items, data: data7 };
            if (vErrors === null) {
              vErrors = [err14];
            } else {
              vErrors.push(err14);
            }
            errors++;
          }
        }
      } else {
        const err15 = { instancePath: instancePath + "/allowPaths", schemaPath: "#/properties/allowPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema10.properties.allowPaths.type, parentSchema: schema10.properties.allowPaths, data: data6 };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
    }
  } else {
    const err16 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema10.type, parentSchema: schema10, data };
    if (vErrors === null) {
      vErrors = [err16];
    } else {
      vErrors.push(err16);
    }
    errors++;
  }
  validate8.errors = vErrors;
  return errors === 0;
}
var options_8 = validate9;
var schema11 = { "type": "object", "additionalProperties": false, "properties": { "chunkLines": { "type": "integer", "minimum": 1, "maximum": 200, "description": "lines in one run, the unit a choice is made in" }, "lineChars": { "type": "integer", "minimum": 20, "description": "a longer line is clipped" }, "recencyScale": { "type": "number", "exclusiveMinimum": 0, "description": "how far back a mention still counts, as a share of the conversation's messages" }, "background": { "type": "number", "minimum": 0, "description": "what any name in a recently worked source weighs, beside what the session named" }, "outputBackground": { "type": "number", "minimum": 0, "description": "the same for a recent command's or search's output" }, "outputs": { "type": "boolean", "description": "false shows file lines only, no command or search output" }, "denyPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)" }, "allowPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs read and shown even when the deny list names them or they lie outside the project" } } };
function validate9(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "chunkLines" || key0 === "lineChars" || key0 === "recencyScale" || key0 === "background" || key0 === "outputBackground" || key0 === "outputs" || key0 === "denyPaths" || key0 === "allowPaths")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema11, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.chunkLines !== void 0) {
      let data0 = data.chunkLines;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/chunkLines", schemaPath: "#/properties/chunkLines/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema11.properties.chunkLines.type, parentSchema: schema11.properties.chunkLines, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 200 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/chunkLines", schemaPath: "#/properties/chunkLines/maximum", keyword: "maximum", params: { comparison: "<=", limit: 200 }, message: "must be <= 200", schema: 200, parentSchema: schema11.properties.chunkLines, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 1 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/chunkLines", schemaPath: "#/properties/chunkLines/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema11.properties.chunkLines, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.lineChars !== void 0) {
      let data1 = data.lineChars;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/lineChars", schemaPath: "#/properties/lineChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema11.properties.lineChars.type, parentSchema: schema11.properties.lineChars, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 < 20 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/lineChars", schemaPath: "#/properties/lineChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 20 }, message: "must be >= 20", schema: 20, parentSchema: schema11.properties.lineChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
    if (data.recencyScale !== void 0) {
      let data2 = data.recencyScale;
      if (typeof data2 == "number") {
        if (data2 <= 0 || isNaN(data2)) {
          const err6 = { instancePath: instancePath + "/recencyScale", schemaPath: "#/properties/recencyScale/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema11.properties.recencyScale, data: data2 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      } else {
        const err7 = { instancePath: instancePath + "/recencyScale", schemaPath: "#/properties/recencyScale/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.recencyScale.type, parentSchema: schema11.properties.recencyScale, data: data2 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.background !== void 0) {
      let data3 = data.background;
      if (typeof data3 == "number") {
        if (data3 < 0 || isNaN(data3)) {
          const err8 = { instancePath: instancePath + "/background", schemaPath: "#/properties/background/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema11.properties.background, data: data3 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      } else {
        const err9 = { instancePath: instancePath + "/background", schemaPath: "#/properties/background/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.background.type, parentSchema: schema11.properties.background, data: data3 };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.outputBackground !== void 0) {
      let data4 = data.outputBackground;
      if (typeof data4 == "number") {
        if (data4 < 0 || isNaN(data4)) {
          const err10 = { instancePath: instancePath + "/outputBackground", schemaPath: "#/properties/outputBackground/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema11.properties.outputBackground, data: data4 };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      } else {
        const err11 = { instancePath: instancePath + "/outputBackground", schemaPath: "#/properties/outputBackground/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.outputBackground.type, parentSchema: schema11.properties.outputBackground, data: data4 };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.outputs !== void 0) {
      let data5 = data.outputs;
      if (typeof data5 !== "boolean") {
        const err12 = { instancePath: instancePath + "/outputs", schemaPath: "#/properties/outputs/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema11.properties.outputs.type, parentSchema: schema11.properties.outputs, data: data5 };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
    if (data.denyPaths !== void 0) {
      let data6 = data.denyPaths;
      if (Array.isArray(data6)) {
        const len0 = data6.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data7 = data6[i0];
          if (typeof data7 === "string") {
            if (func0(data7) < 1) {
              const err13 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema11.properties.denyPaths.items, data: data7 };
              if (vErrors === null) {
                vErrors = [err13];
              } else {
                vErrors.push(err13);
              }
              errors++;
            }
          } else {
            const err14 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema11.properties.denyPaths.items.type, parentSchema: schema11.properties.denyPaths.items, data: data7 };
            if (vErrors === null) {
              vErrors = [err14];
            } else {
              vErrors.push(err14);
            }
            errors++;
          }
        }
      } else {
        const err15 = { instancePath: instancePath + "/denyPaths", schemaPath: "#/properties/denyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema11.properties.denyPaths.type, parentSchema: schema11.properties.denyPaths, data: data6 };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
    }
    if (data.allowPaths !== void 0) {
      let data8 = data.allowPaths;
      if (Array.isArray(data8)) {
        const len1 = data8.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data9 = data8[i1];
          if (typeof data9 === "string") {
            if (func0(data9) < 1) {
              const err16 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema11.properties.allowPaths.items, data: data9 };
              if (vErrors === null) {
                vErrors = [err16];
              } else {
                vErrors.push(err16);
              }
              errors++;
            }
          } else {
            const err17 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema11.properties.allowPaths.items.type, parentSchema: schema11.properties.allowPaths.items, data: data9 };
            if (vErrors === null) {
              vErrors = [err17];
            } else {
              vErrors.push(err17);
            }
            errors++;
          }
        }
      } else {
        const err18 = { instancePath: instancePath + "/allowPaths", schemaPath: "#/properties/allowPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema11.properties.allowPaths.type, parentSchema: schema11.properties.allowPaths, data: data8 };
        if (vErrors === null) {
          vErrors = [err18];
        } else {
          vErrors.push(err18);
        }
        errors++;
      }
    }
  } else {
    const err19 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema11.type, parentSchema: schema11, data };
    if (vErrors === null) {
      vErrors = [err19];
    } else {
      vErrors.push(err19);
    }
    errors++;
  }
  validate9.errors = vErrors;
  return errors === 0;
}
var precompiled = {
  file,
  options: /* @__PURE__ */ new Map([
    [`{"type":"object","additionalProperties":false,"properties":{"prompt":{"type":"string","minLength":1,"description":"a prompt file used instead of the built-in inventory prompt: absolute, or relative to the section folder"},"coldModel":{"type":"string","minLength":1,"description":"the model the cold completion runs on when there is no session to fork (default: the session model)"},"coldMaxChars":{"type":"integer","minimum":1000,"description":"the most characters of conversation a cold completion is sent; the newest part is kept"},"coldMaxTokens":{"type":"integer","minimum":256,"description":"the cold completion's output cap, in tokens"}}}`, options_0],
    ['{"type":"object","additionalProperties":false,"properties":{"newestCommands":{"type":"integer","minimum":0,"maximum":100,"description":"the newest shell commands always listed"},"commandClipChars":{"type":"integer","minimum":40,"maximum":2000,"description":"each older command is clipped to this many characters"},"maxFailures":{"type":"integer","minimum":0,"maximum":200,"description":"at most this many failed calls are listed, newest first"}}}', options_1],
    ['{"type":"object","additionalProperties":false,"properties":{"commits":{"type":"integer","minimum":0,"maximum":50,"description":"how many of the newest commits to list (0 leaves the row out)"},"maxFiles":{"type":"integer","minimum":0,"maximum":1000,"description":"the most uncommitted paths listed; the rest are counted"},"gh":{"type":"boolean","description":"false skips the open-PR row and never runs gh"},"prLimit":{"type":"integer","minimum":1,"maximum":100,"description":"the most open PRs asked of gh"},"gitTimeoutMs":{"type":"integer","minimum":1,"description":"each git call is killed after this long and its rows left out"},"ghTimeoutMs":{"type":"integer","minimum":1,"description":"gh pr list is killed after this long and the PR row left out"}}}', options_2],
    [`{"type":"object","additionalProperties":false,"properties":{"model":{"type":"string","minLength":1,"description":"the model id the pass runs on (e.g. claude-opus-5-5, claude-haiku-5-5)"},"maxTokens":{"type":"integer","minimum":128,"maximum":8192,"description":"the reply's output cap, in tokens; a reply cut by it says so on the row (hitCap)"},"maxInputChars":{"type":"integer","minimum":1000,"description":"the most characters of conversation the pass is sent; the newest part is kept"}}}`, options_3],
    ['{"type":"object","additionalProperties":false,"properties":{"maxTurnChars":{"type":"integer","minimum":200,"description":"a single turn longer than this is clipped in the middle, and the clip is said"}}}', options_4],
    [`{"type":"object","additionalProperties":false,"properties":{"maxFiles":{"type":"integer","minimum":1,"maximum":200,"description":"the most files outlined, newest touch first"},"filesShare":{"type":"number","minimum":0,"maximum":1,"description":"the share of the room the newest files' lines take before their declarations are listed"},"declarationsShare":{"type":"number","minimum":0,"maximum":1,"description":"the most of the room all declarations take together; older files fill the rest"},"declarations":{"type":"integer","minimum":0,"description":"the most declarations listed under one file, those nearest where the work last was"},"lineChars":{"type":"integer","minimum":20,"description":"a declaration line longer than this is clipped"},"denyPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)"},"allowPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs read and shown even when the deny list names them or they lie outside the project"}}}`, options_5],
    [`{"type":"object","additionalProperties":false,"properties":{"resultChars":{"type":"integer","minimum":0,"description":"each tool result is cut to this many characters (0 leaves results out)"},"inputChars":{"type":"integer","minimum":50,"description":"each tool call's input is cut to this many characters"},"fullShare":{"type":"number","minimum":0,"maximum":1,"description":"the share of the room the newest messages take in full (at least the newest one); older ones are one line per tool call"},"denyPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)"},"allowPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs read and shown even when the deny list names them or they lie outside the project"}}}`, options_6],
    [`{"type":"object","additionalProperties":false,"properties":{"maxFiles":{"type":"integer","minimum":0,"maximum":20,"description":"the most files restored"},"fileChars":{"type":"integer","minimum":100,"description":"a file longer than this is clipped, and the clip is said"},"totalChars":{"type":"integer","minimum":100,"description":"a file that would take the restored total past this is left out"},"readTimeoutMs":{"type":"integer","minimum":1,"description":"a read slower than this falls back to the transcript's copy"},"denyPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)"},"allowPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs read and shown even when the deny list names them or they lie outside the project"}}}`, options_7],
    [`{"type":"object","additionalProperties":false,"properties":{"chunkLines":{"type":"integer","minimum":1,"maximum":200,"description":"lines in one run, the unit a choice is made in"},"lineChars":{"type":"integer","minimum":20,"description":"a longer line is clipped"},"recencyScale":{"type":"number","exclusiveMinimum":0,"description":"how far back a mention still counts, as a share of the conversation's messages"},"background":{"type":"number","minimum":0,"description":"what any name in a recently worked source weighs, beside what the session named"},"outputBackground":{"type":"number","minimum":0,"description":"the same for a recent command's or search's output"},"outputs":{"type":"boolean","description":"false shows file lines only, no command or search output"},"denyPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)"},"allowPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs read and shown even when the deny list names them or they lie outside the project"}}}`, options_8]
  ]),
  defaultConfig: { "text": "# The default pipeline: which sections compose the handoff, in what order, with what limits.\n#\n# Checked against pipeline/config/schema.json (and each section's own optionsSchema) every run;\n# an issue reads `file:line:col  message` with the lines around it, all issues at once.\n#\n# To change it for yourself, do not edit this file: write only what differs in\n#   ~/.claude/compact-handoff/pipeline.config.yaml   (or the file $COMPACT_HANDOFF_CONFIG names)\n# or pass `--config FILE` to the CLI. Such a file extends this one:\n#   - concurrency and handoff.* replace the values here;\n#   - a section named again updates only the fields it gives (options merge key by key);\n#   - a new name is appended after these, in the order written;\n#   - `enabled: false` leaves a section out (it is reported as SECTION_DISABLED).\n# If that file has an issue, a compaction still runs with this default pipeline and the issue is\n# reported; `compact-handoff build` (the CLI) stops on it instead.\n\n# How many sections run at once (1 to 16).\nconcurrency: 4\n\n# Subscribers (docs/subscribing.md): npm packages whose default export is { name, apply(hooks) },\n# installed beside the file that names them, each entry `- package: <npm name>` with optional\n# `options` handed to its apply. None by default; a later file adds to the list, e.g.\n#   plugins:\n#     - package: compact-handoff-subscriber-log\n#       options:\n#         file: /home/me/compactions.jsonl\n\n# How long one subscriber's tap may take before the run goes on without it (recorded as timedOut).\n# The plugin's /plugin setting seamTimeoutMs, when set, stands over it.\nseamTimeoutMs: 5000\n\n# How long loading one package may take, its top-level code included (a top-level await that\n# never settles, say); then it is left out: a section as SECTION_LOAD_FAILED, a subscriber on `seam`.\nloadTimeoutMs: 10000\n\n# The ceiling on the whole handoff (chars, and a share of the context window). The sections that\n# start at once share it, less lateShare of it, in proportion to their budgets when those add up\n# past that; restore and excerpts, which wait for others, then share what those left in proportion\n# to their budgets, the later one taking whatever the earlier one left unused. Only if the composed\n# handoff is still over are whole sections cut, lowest priority first (SECTION_SIZE_GUARD).\n# 45,000 is where the quality bench's curve (bench/results/quality.txt) stands at about the size\n# of the engine's own summary plus its restored files.\nhandoff:\n  # At most this many characters.\n  maxChars: 45000\n  # At most this fraction of the model's context window, counting 4 chars as a token.\n  maxFraction: 0.2\n  # Kept for restore and excerpts: they choose what the other sections do not already carry, so\n  # their room carries more of what the next work uses than the tail of a section sized first (the\n  # summary's, most of all). On the quality bench (ours with the recorded summary), 0 \u2192 0.5 took\n  # the sessions ahead of stock at stock's size from 12 to 15 of 17 and recall at the default\n  # ceiling from 0.777 to 0.790; 0.4\u20130.7 measured 14\u201315 and 0.782\u20130.795, 0.3 13 and 0.782.\n  lateShare: 0.5\n\n# The sections, in the order they appear in the handoff. Each entry needs `name`; every other\n# field falls back to the section's own default (see sections/<name>/README.md):\n#   timeoutMs    how long it may run before it is aborted (SECTION_TIMEOUT)\n#   budgetChars  the most characters it may return (SECTION_OVER_BUDGET)\n#   priority     higher survives the size guard longer\n#   enabled      false to leave it out\n#   options      the section's own settings, checked against its optionsSchema\n#   package      for a third-party section: the npm package that default-exports it,\n#                installed beside the file that names it (docs/writing-a-section.md;\n#                e.g. `- name: todos` with `package: compact-handoff-section-todos`)\nsections:\n  # A fork of the session writes the summary: a tagged inventory of every fact first, a short\n  # reading second, then the files to reopen. A real fork reads the whole session and writes\n  # thousands of tokens, so it gets minutes; with no session to fork (a resumed session before\n  # its first turn, or the CLI) it falls back to a cold completion over the conversation as\n  # text. Highest priority: the size guard cuts everything else first.\n  - name: summary\n    timeoutMs: 240000\n    budgetChars: 14000\n    priority: 100\n    options:\n      # A prompt file to use instead of the built-in inventory prompt, to compare arms\n      # (absolute, or relative to sections/summary/). Unset: the built-in prompt.\n      # prompt: prompts/terse.md\n      # The cold fallback: how much of the conversation it is sent (the newest part is kept),\n      # and its output cap in tokens.\n      coldMaxChars: 400000\n      coldMaxTokens: 16384\n      # The model the cold fallback asks. Unset: the session's own model.\n      # coldModel: claude-haiku-4-5\n\n  # What the tool calls since the last compaction did, read off the messages, not recalled:\n  # the task list as the task calls left it, the files written (each once, with every tool that\n  # wrote it), the newest failed calls, and the shell commands in order, trimmed to fit. Above\n  # state in priority: the repository can be asked again after the compaction, the\n  # transcript's record of what was done cannot. 3,500 rather than 3,000 since it carries the\n  # task list: on the quality bench 3,000 lost 0.003 of recall (the tasks took older commands'\n  # room), 3,500 holds it (sections/ledger/README.md).\n  - name: ledger\n    timeoutMs: 5000\n    budgetChars: 3500\n    priority: 70\n    options:\n      # The newest shell commands always listed (clipped to 300 chars while there is room).\n      newestCommands: 10\n      # Each older command kept is clipped to this many characters.\n      commandClipChars: 150\n      # At most this many failed calls are listed, the newest ones.\n      maxFailures: 20\n\n  # The repository and session as they stand at compaction, read live from the session's\n  # working directory (git, and gh when it is installed and signed in). A row that cannot be\n  # read is left out and its reason recorded.\n  - name: state\n    timeoutMs: 5000\n    budgetChars: 2500\n    priority: 60\n    options:\n      # The newest commits listed (0 leaves the row out).\n      commits: 5\n      # Uncommitted paths listed before the rest are only counted.\n      maxFiles: 40\n      # false never runs gh and leaves the open-PR row out.\n      gh: true\n      # The most open PRs asked of gh; when it returns that many, the row says there may be more.\n      prLimit: 20\n      # Each git call, and gh pr list, is killed after this long and its rows left out.\n      gitTimeoutMs: 3000\n      ghTimeoutMs: 3000\n\n  # One completion over the conversation: what the assistant said it would do and never did,\n  # corrections it accepted, questions left unanswered. Usually short; below the summary and\n  # the user's words in priority.\n  - name: commitments\n    timeoutMs: 120000\n    budgetChars: 3000\n    priority: 50\n    # The plugin's /plugin settings commitmentsModel and commitmentsMaxTokens, when set, stand over\n    # these two (one more config layer, written for each compaction).\n    options:\n      # The model the pass runs on (a full id, so its cost can be priced).\n      model: claude-opus-5-5\n      # The reply's output cap in tokens; a reply cut by it says so (hitCap on the row).\n      maxTokens: 2048\n      # The most characters of conversation it is sent (the newest part is kept).\n      maxInputChars: 400000\n\n  # What the person typed, verbatim and in order. High priority: the user's own words are what\n  # a summary most often loses. Under the default ceiling it is held to its share (about 2,700 of\n  # its 4,000: see handoff.lateShare), which keeps as many of those words as 3,000 did before.\n  - name: turns\n    timeoutMs: 5000\n    budgetChars: 4000\n    priority: 80\n    options:\n      # A single turn longer than this is clipped in the middle, and the clip is said.\n      maxTurnChars: 6000\n\n  # Where things are: each file the session worked on (newest first), what was done to it, and\n  # its declarations by line number as the conversation last showed it. Read off the transcript.\n  - name: outline\n    timeoutMs: 5000\n    budgetChars: 2500\n    priority: 45\n    options:\n      # The most files listed, newest touch first.\n      maxFiles: 30\n      # The share of the room the file lines take before declarations are listed; older files\n      # fill what room the declarations leave.\n      filesShare: 0.3\n      # The most of the room all declarations take together, so that a few long files cannot\n      # crowd out the rest (at 0.5 the bench is level with no cap, and more files are listed).\n      declarationsShare: 0.5\n      # The most declarations under one file, those nearest where the work last was.\n      declarations: 8\n      # The read policy's lists, as restore's: a file on the deny list is named, never shown.\n      denyPaths: []\n      allowPaths: []\n      # A declaration line longer than this is clipped.\n      lineChars: 100\n\n  # The newest stretch of work as it happened: the newest messages verbatim (tool calls as made,\n  # each result cut short), and before them one line per tool call, so the steps that led there\n  # (what ran, in what order, what failed) fit in the same room. On the quality bench 2,200 with\n  # half in full measured best (ours+summary 0.8044, the same for 0.6; 0.8031 before): at 3,000\n  # it fills room excerpts spends better (0.8002), at 2,000 or a share of 0.4 it gives 0.801.\n  - name: recent\n    timeoutMs: 5000\n    budgetChars: 2200\n    priority: 42\n    options:\n      # Each tool result is cut to this many characters (0 leaves results out).\n      resultChars: 150\n      # Each tool call's input is cut to this many characters.\n      inputChars: 1500\n      # The share of the room the newest messages take in full (at least the newest one).\n      fullShare: 0.5\n      # The read policy's lists, as restore's: a call naming a deny-listed path shows neither\n      # what it printed nor what it wrote.\n      denyPaths: []\n      allowPaths: []\n\n  # Up to five files re-read as the handoff is written (through the engine's real Read tool) and\n  # handed up as Read results after it. The summary names them in its <restore-files> block;\n  # when it names none usable, the most recently touched files go. It waits for the summary and\n  # shares the room the other sections left with excerpts; its total is shared out among the\n  # files, and a file longer than its share comes back as the window where the session last\n  # worked in it. Kept small: excerpts spends the same room on more of what the next work uses\n  # (bench/results/quality.txt); these files come back as real Read results, ready to Edit.\n  - name: restore\n    timeoutMs: 60000\n    budgetChars: 8000\n    priority: 40\n    # The plugin's /plugin settings restoreFiles, restoreFileChars and restoreTotalChars, when set,\n    # stand over maxFiles, fileChars and totalChars.\n    options:\n      # The most files restored.\n      maxFiles: 5\n      # The most one file may take; a longer one comes back as a window, and the clip is said.\n      fileChars: 20000\n      # The most all files may take together, shared out among them.\n      totalChars: 7000\n      # A read slower than this falls back to the transcript's last copy of the file.\n      readTimeoutMs: 20000\n      # The read policy (pipeline/read-policy.ts; README \"Security\") never re-reads a secret on its\n      # deny list, a file outside the session's project, a special file or binary content. Globs:\n      # `~/` is the home folder, a leading `/` anchors, anything else matches at any depth.\n      # denyPaths adds to the default list (~/.ssh/**, ~/.aws/**, ~/.gnupg/**, .env, .env.*,\n      # id_rsa*, *.pem, *.key, /etc/shadow*, \u2026 ); allowPaths lets a path through that list and the\n      # project rule (never past the special-file, kernel-view and binary checks).\n      denyPaths: []\n      allowPaths: []\n\n  # The lines the work kept coming back to: short runs of the files the session worked on (as the\n  # conversation last showed them, numbered as in the file) and of the output its commands and\n  # searches printed, chosen by how much of what the session kept naming they hold that the rest\n  # of the handoff does not. It runs last and takes the room the others left.\n  - name: excerpts\n    timeoutMs: 10000\n    budgetChars: 34000\n    priority: 35\n    options:\n      # The most lines in one run, the unit a choice is made in (a blank line also ends a run).\n      chunkLines: 4\n      # A longer line is clipped.\n      lineChars: 200\n      # How far back a mention still counts, as a share of the conversation's messages.\n      recencyScale: 0.2\n      # What any name in a recently worked source weighs beside what the session named.\n      background: 0.05\n      # The same for a recent command's or search's output (less: hashes and lockfiles are dense\n      # in names).\n      outputBackground: 0.025\n      # false shows file lines only, no command or search output.\n      outputs: true\n      # The same read policy as restore's: a file it would refuse to re-read is not shown from\n      # the transcript either (set the two alike).\n      denyPaths: []\n      allowPaths: []\n", "data": { "concurrency": 4, "seamTimeoutMs": 5e3, "loadTimeoutMs": 1e4, "handoff": { "maxChars": 45e3, "maxFraction": 0.2, "lateShare": 0.5 }, "sections": [{ "name": "summary", "timeoutMs": 24e4, "budgetChars": 14e3, "priority": 100, "options": { "coldMaxChars": 4e5, "coldMaxTokens": 16384 } }, { "name": "ledger", "timeoutMs": 5e3, "budgetChars": 3500, "priority": 70, "options": { "newestCommands": 10, "commandClipChars": 150, "maxFailures": 20 } }, { "name": "state", "timeoutMs": 5e3, "budgetChars": 2500, "priority": 60, "options": { "commits": 5, "maxFiles": 40, "gh": true, "prLimit": 20, "gitTimeoutMs": 3e3, "ghTimeoutMs": 3e3 } }, { "name": "commitments", "timeoutMs": 12e4, "budgetChars": 3e3, "priority": 50, "options": { "model": "claude-opus-5-5", "maxTokens": 2048, "maxInputChars": 4e5 } }, { "name": "turns", "timeoutMs": 5e3, "budgetChars": 4e3, "priority": 80, "options": { "maxTurnChars": 6e3 } }, { "name": "outline", "timeoutMs": 5e3, "budgetChars": 2500, "priority": 45, "options": { "maxFiles": 30, "filesShare": 0.3, "declarationsShare": 0.5, "declarations": 8, "denyPaths": [], "allowPaths": [], "lineChars": 100 } }, { "name": "recent", "timeoutMs": 5e3, "budgetChars": 2200, "priority": 42, "options": { "resultChars": 150, "inputChars": 1500, "fullShare": 0.5, "denyPaths": [], "allowPaths": [] } }, { "name": "restore", "timeoutMs": 6e4, "budgetChars": 8e3, "priority": 40, "options": { "maxFiles": 5, "fileChars": 2e4, "totalChars": 7e3, "readTimeoutMs": 2e4, "denyPaths": [], "allowPaths": [] } }, { "name": "excerpts", "timeoutMs": 1e4, "budgetChars": 34e3, "priority": 35, "options": { "chunkLines": 4, "lineChars": 200, "recencyScale": 0.2, "background": 0.05, "outputBackground": 0.025, "outputs": true, "denyPaths": [], "allowPaths": [] } }] } }
};

// pipeline/config/schema.json
var schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "compact-handoff pipeline config",
  description: "The pipeline that composes a handoff: which sections run, in what order, with what limits. A later file (--config, the user's override) extends the default one.",
  type: "object",
  expected: "a mapping of settings such as `concurrency: 4`",
  additionalProperties: false,
  properties: {
    concurrency: {
      description: "How many sections run at once.",
      type: "integer",
      minimum: 1,
      maximum: 16,
      default: 4
    },
    handoff: {
      description: "The size guard on the whole handoff: when it is over either limit, the lowest-priority sections are cut first.",
      type: "object",
      expected: "a mapping with maxChars, maxFraction and/or lateShare",
      additionalProperties: false,
      properties: {
        maxChars: {
          description: "The most characters the whole handoff may have.",
          type: "integer",
          minimum: 1,
          default: 45e3
        },
        maxFraction: {
          description: "The most of the context window the handoff may take, as a fraction (counting chars/4 as tokens).",
          type: "number",
          exclusiveMinimum: 0,
          maximum: 1,
          default: 0.2
        },
        lateShare: {
          description: "The share of the ceiling kept for the sections that wait for others (restore, excerpts: they choose what the others do not already carry); the sections that start at once share the rest. Nothing is kept when no such section runs.",
          type: "number",
          minimum: 0,
          maximum: 0.9,
          default: 0.5
        }
      }
    },
    seamTimeoutMs: {
      description: "How long one subscriber's tap (a `plugins:` package, or a beforeCompact subscriber) may take, in ms; then the run goes on without it and records it as timedOut.",
      type: "integer",
      minimum: 1,
      maximum: 2147483647,
      default: 5e3
    },
    loadTimeoutMs: {
      description: "How long loading one package (a section's `package:`, or a `plugins:` subscriber) may take, in ms, its top-level code included; then it is left out as not loaded.",
      type: "integer",
      minimum: 1,
      maximum: 2147483647,
      default: 1e4
    },
    plugins: {
      description: "Subscribers: npm packages whose default export is { name, apply(hooks) }, tapping the pipeline's hooks. Each is resolved from the config file that names it; a later file adds to the list.",
      type: "array",
      expected: "a list of subscribers (- package: ...)",
      items: { $ref: "#/definitions/plugin" }
    },
    sections: {
      description: "The sections, in the order they appear in the handoff. A later file updates a section by naming it again and appends new names at the end.",
      type: "array",
      expected: "a list of sections (- name: ...)",
      items: { $ref: "#/definitions/section" }
    }
  },
  definitions: {
    plugin: {
      description: "One subscriber: the package, and the options its apply(hooks, options) is given.",
      type: "object",
      expected: "a mapping such as `- package: compact-handoff-subscriber-log`",
      additionalProperties: false,
      required: ["package"],
      properties: {
        package: {
          description: "The npm package whose default export is the subscriber, installed beside this config file.",
          type: "string",
          minLength: 1
        },
        options: {
          description: "The subscriber's own settings, handed to its apply as they are. A later file naming the same package replaces them.",
          type: "object",
          expected: "a mapping of the subscriber's own settings"
        }
      }
    },
    section: {
      description: "One section: its name and, when they differ from the section's own defaults, its limits and options.",
      type: "object",
      expected: "a mapping such as `- name: turns`",
      additionalProperties: false,
      required: ["name"],
      properties: {
        name: {
          description: "A built-in section's name (its folder under sections/), or a name of your choosing for a section from `package`.",
          type: "string",
          pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$",
          expected: 'a kebab-case name such as "my-section"'
        },
        package: {
          description: "The npm package whose default export is this section (a third-party section).",
          type: "string",
          minLength: 1
        },
        enabled: {
          description: "false leaves the section out of the handoff (dropped as SECTION_DISABLED).",
          type: "boolean"
        },
        timeoutMs: {
          description: "How long the section may run, in ms (at most 2147483647, the longest timer Node keeps); then it is aborted and dropped (SECTION_TIMEOUT).",
          type: "integer",
          minimum: 1,
          maximum: 2147483647
        },
        budgetChars: {
          description: "The most characters the section may return; more is dropped (SECTION_OVER_BUDGET).",
          type: "integer",
          minimum: 1
        },
        priority: {
          description: "When the whole handoff is over its size guard, the lowest priority is cut first.",
          type: "integer"
        },
        options: {
          description: "The section's own settings, checked against its optionsSchema. A later file merges its options over these, key by key.",
          type: "object",
          expected: "a mapping of the section's own settings"
        }
      }
    }
  }
};

// pipeline/config/validate.ts
var NAME_PATTERN = new RegExp(schema_default.definitions.section.properties.name.pattern);
var isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
var ConfigFile = class {
  constructor(file2, text) {
    this.file = file2;
    this.text = text;
    const known = precompiled.defaultConfig;
    if (known && text === known.text) {
      this.data = structuredClone(known.data);
      this.names = this.uniqueSectionNames();
      return;
    }
    for (const e of this.doc.errors) {
      this.issues.push(this.issueAtOffset(e.pos[0], e.pos[1], `YAML syntax: ${e.message}`));
    }
    let value = null;
    if (this.issues.length === 0) {
      try {
        value = this.doc.toJS();
      } catch (err) {
        this.issues.push(this.issueAtOffset(0, 0, `YAML: ${err.message}`));
      }
    }
    if (isRecord(value)) this.data = value;
    this.names = this.uniqueSectionNames();
    if (this.issues.length === 0 && value !== null) {
      this.issues.push(...issuesFromAjv(validateFileSchema(value), (segments) => ({ file: this, path: segments, label: this.label(segments) })));
    }
  }
  file;
  text;
  data = {};
  issues = [];
  names;
  parsed;
  /** The YAML document, with the line counter that places its nodes; parsed on first use. */
  get doc() {
    return this.yaml.doc;
  }
  get lineCounter() {
    return this.yaml.lineCounter;
  }
  get yaml() {
    if (!this.parsed) {
      const { LineCounter, parseDocument } = yaml();
      const lineCounter = new LineCounter();
      this.parsed = { doc: parseDocument(this.text, { lineCounter, prettyErrors: false }), lineCounter };
    }
    return this.parsed;
  }
  /** The issue at the YAML node for `path`, or at the key `key` of the mapping there. */
  issueAt(path, message, opts = {}) {
    const [start, end] = this.rangeOf(path, opts.key);
    return this.issueAtOffset(start, end, message, opts.hint);
  }
  /** line:col of the node for `path` (or of its nearest existing parent). */
  positionOf(path) {
    return this.lineCounter.linePos(this.rangeOf(path)[0]);
  }
  /** `sections.turns.timeoutMs` when the entry has a usable name, else `sections[1].timeoutMs`. */
  label(path) {
    if (path.length === 0) return "the config";
    let out = "";
    path.forEach((s, i) => {
      const name = i === 1 && path[0] === "sections" && typeof s === "number" ? this.names.get(s) : void 0;
      if (name) out += `.${name}`;
      else if (typeof s === "number") out += `[${s}]`;
      else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out += out ? `.${s}` : s;
      else out += `[${JSON.stringify(s)}]`;
    });
    return out;
  }
  issueAtOffset(start, end, message, hint) {
    const from = this.lineCounter.linePos(start);
    const to = this.lineCounter.linePos(end);
    const issue = { file: this.file, line: from.line, col: from.col, message, frame: this.text ? frameAt(this.text, from, to) : "" };
    if (hint) issue.hint = hint;
    return issue;
  }
  rangeOf(path, key) {
    const { isMap, isNode, isScalar } = yaml();
    let node;
    for (let n = path.length; n >= 0; n--) {
      node = n === 0 ? this.doc.contents : this.doc.getIn(path.slice(0, n), true);
      if (isNode(node)) break;
    }
    if (key !== void 0 && isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key);
      if (pair && isNode(pair.key) && pair.key.range) return [pair.key.range[0], pair.key.range[1]];
    }
    if (isNode(node) && node.range) return [node.range[0], node.range[1]];
    return [0, 0];
  }
  /** Names usable in labels: valid, and listed once in this file. */
  uniqueSectionNames() {
    const out = /* @__PURE__ */ new Map();
    const sections = this.data.sections;
    if (!Array.isArray(sections)) return out;
    const names = sections.map((s) => isRecord(s) && typeof s.name === "string" && NAME_PATTERN.test(s.name) ? s.name : void 0);
    names.forEach((name, i) => {
      if (name && names.indexOf(name) === names.lastIndexOf(name)) out.set(i, name);
    });
    return out;
  }
};
function readConfigFile(source) {
  let text;
  try {
    text = readFileSync(source.path, "utf8");
  } catch (err) {
    const code = err.code;
    if (code === "ENOENT" && source.optional) return null;
    const message = code === "ENOENT" ? "config file not found" : `config file cannot be read: ${err.message}`;
    return { file: source.path, line: 0, col: 0, message, frame: "" };
  }
  return new ConfigFile(source.path, text);
}
var ajv2;
var fileValidator;
var optionsValidators = /* @__PURE__ */ new WeakMap();
function configAjv(code) {
  const made = new (ajv()).Ajv({ allErrors: true, verbose: true, strict: false, validateSchema: false, ...code ? { code } : {} });
  made.addKeyword({ keyword: "expected", schemaType: "string" });
  return made;
}
function sharedAjv() {
  ajv2 ??= configAjv();
  return ajv2;
}
function validateFileSchema(value) {
  fileValidator ??= precompiled.file ?? sharedAjv().compile(schema_default);
  return fileValidator(value) ? [] : [...fileValidator.errors ?? []];
}
function validateOptions(optionsSchema, options, { checkSchema = true } = {}) {
  let validate = optionsValidators.get(optionsSchema);
  if (!validate) {
    validate = precompiled.options.get(JSON.stringify(optionsSchema)) ?? compileOptionsSchema(optionsSchema, checkSchema);
    optionsValidators.set(optionsSchema, validate);
  }
  if (validate instanceof Error) return validate;
  return validate(options) ? [] : [...validate.errors ?? []];
}
function compileOptionsSchema(optionsSchema, checkSchema) {
  const ajv3 = sharedAjv();
  try {
    if (checkSchema && !ajv3.validateSchema(optionsSchema)) return new Error(`schema is invalid: ${ajv3.errorsText(ajv3.errors)}`);
    return ajv3.compile(optionsSchema);
  } catch (err) {
    return err;
  }
}
var VALUE_KEYWORDS = /* @__PURE__ */ new Set([
  "type",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "enum",
  "const",
  "pattern",
  "minLength",
  "maxLength",
  "format",
  "minItems",
  "maxItems"
]);
function issuesFromAjv(errors, locate) {
  const issues = [];
  const valuesSeen = /* @__PURE__ */ new Set();
  for (const err of errors) {
    const segments = pointerSegments(err.instancePath);
    const at = locate(segments);
    const parent = err.parentSchema ?? {};
    const properties = isRecord(parent.properties) ? parent.properties : {};
    if (err.keyword === "additionalProperties") {
      const key = String(err.params.additionalProperty);
      const own = locate([...segments, key]);
      const known = Object.keys(properties);
      const suggestion = didYouMean(key, known);
      const message = `${own.label} is not a known key${suggestion ? ` \u2014 did you mean "${suggestion}"?` : ""}`;
      const where = at.label === "the config" ? "at the top level" : `in ${at.label}`;
      const hint = known.length ? `known keys ${where}: ${known.join(", ")}` : void 0;
      issues.push(own.file.issueAt(own.path.slice(0, -1), message, { key, ...hint ? { hint } : {} }));
    } else if (err.keyword === "required") {
      const missing = String(err.params.missingProperty);
      const property = properties[missing];
      const description = isRecord(property) && typeof property.description === "string" ? property.description : void 0;
      const hint = description ? `${missing}: ${description}` : void 0;
      issues.push(at.file.issueAt(at.path, `${at.label} is missing "${missing}"`, hint ? { hint } : {}));
    } else if (VALUE_KEYWORDS.has(err.keyword)) {
      if (valuesSeen.has(err.instancePath)) continue;
      valuesSeen.add(err.instancePath);
      const wanted = expected(parent);
      const got = `(got ${showValue(err.data)})`;
      const message = wanted ? `${at.label} must be ${wanted} ${got}` : `${at.label} ${err.message ?? "is invalid"} ${got}`;
      const last = segments[segments.length - 1];
      const hint = typeof parent.description === "string" && typeof last === "string" ? `${last}: ${parent.description}` : void 0;
      issues.push(at.file.issueAt(at.path, message, hint ? { hint } : {}));
    } else {
      issues.push(at.file.issueAt(at.path, `${at.label} ${err.message ?? "is invalid"}`));
    }
  }
  return issues;
}
function pointerSegments(pointer) {
  if (!pointer) return [];
  return pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")).map((s) => /^(0|[1-9]\d*)$/.test(s) ? Number(s) : s);
}
var num = (v) => typeof v === "number" ? v : void 0;
function expected(s) {
  if (typeof s.expected === "string") return s.expected;
  if (Array.isArray(s.enum)) return `one of ${s.enum.map(showValue).join(", ")}`;
  if ("const" in s) return showValue(s.const);
  const type = s.type;
  if (Array.isArray(type)) {
    const each = type.map((t) => expected({ type: t }));
    return each.every(Boolean) ? each.join(" or ") : void 0;
  }
  if (type === "integer" || type === "number") {
    const min = num(s.minimum);
    const max = num(s.maximum);
    const xmin = num(s.exclusiveMinimum);
    const xmax = num(s.exclusiveMaximum);
    const bounded = [min, max, xmin, xmax].filter((b) => b !== void 0).length;
    if (type === "integer" && bounded === 1 && min === 1) return "a positive integer";
    if (type === "integer" && bounded === 1 && min === 0) return "a non-negative integer";
    if (type === "integer" && bounded === 2 && min !== void 0 && max !== void 0) return `an integer from ${min} to ${max}`;
    const bounds = [
      xmin !== void 0 && `greater than ${xmin}`,
      min !== void 0 && `at least ${min}`,
      max !== void 0 && `at most ${max}`,
      xmax !== void 0 && `less than ${xmax}`
    ].filter((b) => typeof b === "string");
    return `${type === "integer" ? "an integer" : "a number"}${bounds.length ? ` ${bounds.join(" and ")}` : ""}`;
  }
  if (type === "boolean") return "true or false";
  if (type === "string") {
    if (typeof s.pattern === "string") return `a string matching /${s.pattern}/`;
    if (s.minLength === 1) return "a non-empty string";
    return "a string";
  }
  if (type === "object") return "a mapping";
  if (type === "array") return "a list";
  if (type === "null") return "null";
  return void 0;
}

// pipeline/config/load.ts
var CONFIG_FILE_NAME = "pipeline.config.yaml";
function userConfigPath(env = process.env, home = homedir()) {
  return env.COMPACT_HANDOFF_CONFIG || join(home, ".claude", "compact-handoff", CONFIG_FILE_NAME);
}
function userConfigSource(env = process.env, home = homedir()) {
  return { path: userConfigPath(env, home), optional: !env.COMPACT_HANDOFF_CONFIG };
}
function loadConfig(opts) {
  const { config, issues } = resolveConfig(opts);
  if (issues.length > 0) throw new ConfigError(issues);
  return config;
}
function loadConfigLenient(opts) {
  const full = resolveConfig(opts);
  if (full.issues.length === 0) return { config: full.config, problems: [] };
  const defaultFile = sourceOf(opts.files[0]).path;
  if (full.issues.some((i) => i.file === defaultFile)) throw new ConfigError(full.issues);
  const alone = resolveConfig({ ...opts, files: opts.files.slice(0, 1) });
  if (alone.issues.length > 0) throw new ConfigError(alone.issues);
  return { config: alone.config, problems: full.issues };
}
var sourceOf = (s) => typeof s === "string" ? { path: s } : s;
var SCALAR_FIELDS = ["package", "enabled", "timeoutMs", "budgetChars", "priority"];
var isRecord2 = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
function resolveConfig(opts) {
  if (opts.files.length === 0) throw new TypeError("loadConfig needs at least the default config file");
  const issues = [];
  const files = [];
  for (const source of opts.files.map(sourceOf)) {
    const read = readConfigFile(source);
    if (read === null) continue;
    if ("doc" in read) {
      files.push(read);
      issues.push(...read.issues);
    } else issues.push(read);
  }
  const limits = {
    concurrency: schema_default.properties.concurrency.default,
    maxChars: schema_default.properties.handoff.properties.maxChars.default,
    maxFraction: schema_default.properties.handoff.properties.maxFraction.default,
    lateShare: schema_default.properties.handoff.properties.lateShare.default,
    seamTimeoutMs: schema_default.properties.seamTimeoutMs.default,
    loadTimeoutMs: schema_default.properties.loadTimeoutMs.default
  };
  const plugins = /* @__PURE__ */ new Map();
  const merged = /* @__PURE__ */ new Map();
  for (const file2 of files) {
    const data = file2.data;
    if (data.concurrency !== void 0) limits.concurrency = data.concurrency;
    if (data.seamTimeoutMs !== void 0) limits.seamTimeoutMs = data.seamTimeoutMs;
    if (data.loadTimeoutMs !== void 0) limits.loadTimeoutMs = data.loadTimeoutMs;
    if (Array.isArray(data.plugins)) {
      for (const entry of data.plugins) {
        if (!isRecord2(entry) || typeof entry.package !== "string") continue;
        plugins.delete(entry.package);
        plugins.set(entry.package, { package: entry.package, declaredIn: file2.file, options: isRecord2(entry.options) ? entry.options : {} });
      }
    }
    if (isRecord2(data.handoff)) {
      if (data.handoff.maxChars !== void 0) limits.maxChars = data.handoff.maxChars;
      if (data.handoff.maxFraction !== void 0) limits.maxFraction = data.handoff.maxFraction;
      if (data.handoff.lateShare !== void 0) limits.lateShare = data.handoff.lateShare;
    }
    if (Array.isArray(data.sections)) issues.push(...mergeSections(file2, merged));
  }
  const sections = [];
  for (const section of merged.values()) {
    const { plan, issues: found } = planSection(section, opts);
    sections.push(plan);
    issues.push(...found);
  }
  const order = new Map(files.map((f, i) => [f.file, i]));
  const rank = (i) => order.get(i.file) ?? -1;
  issues.sort((a, b) => rank(a) - rank(b) || a.line - b.line || a.col - b.col);
  return { config: { files: files.map((f) => f.file), ...limits, sections, plugins: [...plugins.values()] }, issues };
}
function mergeSections(file2, merged) {
  const issues = [];
  const firstIndex = /* @__PURE__ */ new Map();
  file2.data.sections.forEach((entry, index) => {
    if (!isRecord2(entry) || typeof entry.name !== "string") return;
    const place = { file: file2, index };
    const prior = firstIndex.get(entry.name);
    if (prior !== void 0) {
      const { line } = file2.positionOf(["sections", prior, "name"]);
      issues.push(
        file2.issueAt(["sections", index, "name"], `section "${entry.name}" is listed twice in this file (first at line ${line})`, {
          hint: "list a section once per file; a later file updates it by naming it again"
        })
      );
      return;
    }
    firstIndex.set(entry.name, index);
    let section = merged.get(entry.name);
    if (!section) {
      section = { name: entry.name, options: {}, first: place, last: place, optionPlaces: /* @__PURE__ */ new Map() };
      merged.set(entry.name, section);
    }
    section.last = place;
    for (const field of SCALAR_FIELDS) {
      if (entry[field] !== void 0) Object.assign(section, { [field]: entry[field] });
    }
    if (entry.package !== void 0) section.packagePlace = place;
    if (isRecord2(entry.options)) {
      section.lastOptions = place;
      for (const [key, value] of Object.entries(entry.options)) {
        section.options[key] = value;
        section.optionPlaces.set(key, place);
      }
    }
  });
  return issues;
}
function planSection(section, opts) {
  const issues = [];
  const fromPackage = typeof section.package === "string";
  const own = (table, key) => table && Object.hasOwn(table, key) ? table[key] : null;
  const definition = fromPackage ? own(opts.packages, section.package) : own(opts.builtins, section.name);
  const namePath = ["sections", section.first.index, "name"];
  if (!definition && !fromPackage && NAME_PATTERN.test(section.name)) {
    const builtins = Object.keys(opts.builtins);
    const suggestion = didYouMean(section.name, builtins);
    issues.push(
      section.first.file.issueAt(namePath, `unknown section "${section.name}"${suggestion ? ` \u2014 did you mean "${suggestion}"?` : ""}`, {
        hint: `built-in sections: ${builtins.join(", ") || "(none)"}; a section from npm also needs \`package: <npm name>\``
      })
    );
  }
  const options = { ...definition?.defaults.options, ...section.options };
  if (definition?.optionsSchema) {
    const errors = validateOptions(definition.optionsSchema, options, { checkSchema: fromPackage });
    if (errors instanceof Error) {
      issues.push(section.first.file.issueAt(namePath, `section "${section.name}" has an optionsSchema that does not compile: ${errors.message}`));
    } else {
      issues.push(...issuesFromAjv(errors, (segments) => locateOption(section, segments)));
    }
  }
  const defaults = definition?.defaults ?? { timeoutMs: 0, budgetChars: 0, priority: 0 };
  const plan = {
    name: section.name,
    enabled: section.enabled ?? true,
    timeoutMs: section.timeoutMs ?? defaults.timeoutMs,
    budgetChars: section.budgetChars ?? defaults.budgetChars,
    priority: section.priority ?? defaults.priority,
    options,
    definition
  };
  if (fromPackage) {
    plan.package = section.package;
    plan.declaredIn = (section.packagePlace ?? section.first).file.file;
  }
  return { plan, issues };
}
function locateOption(section, segments) {
  const key = segments[0];
  const place = (typeof key === "string" ? section.optionPlaces.get(key) : void 0) ?? section.lastOptions ?? section.last;
  const path = ["sections", place.index, "options", ...segments];
  return { file: place.file, path, label: place.file.label(path) };
}

// pipeline/packages.ts
import { existsSync, readFileSync as readFileSync2, realpathSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join as join2, relative as relative2, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

// pipeline/section-worker.ts
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
async function startSectionThread(url, timeoutMs) {
  const { Worker } = await import("node:worker_threads");
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
var isRecord3 = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
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
  if (isRecord3(value)) {
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
  const isSubpathMap = isRecord3(exports) && Object.keys(exports).some((k) => k.startsWith("."));
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
    const candidate = join2(dir, "node_modules", name);
    if (existsSync(join2(candidate, "package.json"))) {
      pkgDir = candidate;
      break;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  if (!pkgDir)
    throw new PackageLoadError(
      `"${name}" is not installed beside ${fromDir} or in a folder above it (install it there: cd ${fromDir} && npm install ${name}, or the path of its .tgz or folder)`
    );
  const realDir = realpathSync(pkgDir);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync2(join2(realDir, "package.json"), "utf8"));
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
    const rel = relative2(realDir, p);
    return rel === ".." || rel.startsWith(`..${sep}`) || resolve(realDir, rel) !== p;
  };
  const file2 = join2(realDir, target);
  if (outside(file2)) throw new PackageLoadError(`"${name}" has an entry outside its own folder (${file2}); a package's code must be inside it`);
  if (!existsSync(file2)) throw new PackageLoadError(`"${name}" names ${target} as its entry, and there is no such file in ${realDir}`);
  const realFile = realpathSync(file2);
  if (outside(realFile)) throw new PackageLoadError(`"${name}" has an entry outside its own folder (${realFile}); a package's code must be inside it`);
  return realFile;
}
async function importDefault(specifier, fromDir, timeoutMs = LOAD_TIMEOUT_MS) {
  const file2 = resolvePackage(specifier, fromDir);
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
    mod = await Promise.race([import(pathToFileURL(file2).href), late]);
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
  if (!isRecord3(value)) return [`the default export must be a section definition (defineSection({...})), got ${describe(value)}`];
  const problems = [];
  const need = (ok, field, wanted, got) => ok || problems.push(`${field} must be ${wanted} (got ${describe(got)})`);
  need(typeof value.name === "string" && /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(value.name), "name", "a kebab-case string", value.name);
  need(typeof value.title === "string" && value.title.trim() !== "", "title", "a non-empty string (the heading in the handoff)", value.title);
  need(typeof value.description === "string", "description", "a string", value.description);
  need(typeof value.run === "function", "run", "a function (async run(ctx))", value.run);
  const d = value.defaults;
  if (need(isRecord3(d), "defaults", "a mapping with timeoutMs, budgetChars and priority", d) === true) {
    const defaults = d;
    need(positiveInt(defaults.timeoutMs, MAX_TIMER), "defaults.timeoutMs", `an integer from 1 to ${MAX_TIMER}`, defaults.timeoutMs);
    need(positiveInt(defaults.budgetChars), "defaults.budgetChars", "a positive integer", defaults.budgetChars);
    need(Number.isInteger(defaults.priority), "defaults.priority", "an integer", defaults.priority);
    need(defaults.options === void 0 || isRecord3(defaults.options), "defaults.options", "a mapping", defaults.options);
  }
  need(value.optionsSchema === void 0 || isRecord3(value.optionsSchema), "optionsSchema", "a JSON Schema object", value.optionsSchema);
  need(
    value.needs === void 0 || Array.isArray(value.needs) && value.needs.every((n) => typeof n === "string"),
    "needs",
    "a list of section names",
    value.needs
  );
  need(value.prepare === void 0 || typeof value.prepare === "function", "prepare", "a function (async prepare())", value.prepare);
  return problems;
}
function subscriberProblems(value) {
  if (!isRecord3(value)) return [`the default export must be a subscriber ({ name, apply(hooks) }), got ${describe(value)}`];
  const problems = [];
  if (typeof value.name !== "string" || value.name.trim() === "") problems.push(`name must be a non-empty string (got ${describe(value.name)})`);
  if (typeof value.apply !== "function") problems.push(`apply must be a function (apply(hooks, options)) (got ${describe(value.apply)})`);
  return problems;
}
var unmark = (v) => {
  const stub = () => void 0;
  if (v === FUNCTION_MARK) return stub;
  if (!isRecord3(v)) return v;
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
  const { prepare: _prepare, ...shape } = value;
  const definition = {
    ...shape,
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
  const candidates = [join3(here, "pipeline.config.yaml"), join3(here, "..", "pipeline.config.yaml")];
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
      loaded[plan.package] = await loadSectionPackage(plan.package, plan.declaredIn ?? join3(process.cwd(), "pipeline.config.yaml"), config.loadTimeoutMs);
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
async function prepareSections(opts) {
  let plans;
  try {
    plans = loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages: {} }).config.sections;
  } catch {
    return;
  }
  await Promise.all(
    plans.map(
      (p) => p.enabled && p.definition?.prepare ? Promise.resolve().then(() => p.definition.prepare()).catch(() => void 0) : void 0
    )
  );
}
function configProblemsAhead(opts) {
  try {
    const first = resolveConfig({ files: opts.configFiles, builtins: opts.builtins });
    if (first.config.sections.some((p) => p.package)) return null;
    return first.issues.length ? loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages: {} }).problems : [];
  } catch {
    return null;
  }
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
  prepareSections,
  configProblemsAhead,
  buildHandoff
};
