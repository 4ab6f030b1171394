#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  bindCapabilities
} from "./chunk-5VTZYHP3.mjs";
import {
  fmt,
  lineageMarker,
  messageChars,
  parseMarker
} from "./chunk-7KAIWO3K.mjs";
import {
  isSectionDrop
} from "./chunk-ORPKAE4C.mjs";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunk-JULZ67VA.mjs";

// node_modules/tapable/lib/Hook.js
var require_Hook = __commonJS({
  "node_modules/tapable/lib/Hook.js"(exports, module) {
    "use strict";
    var util = __require("util");
    var deprecateContext = util.deprecate(
      () => {
      },
      "Hook.context is deprecated and will be removed"
    );
    function CALL_DELEGATE(...args) {
      this.call = this._createCall("sync");
      return this.call(...args);
    }
    function CALL_ASYNC_DELEGATE(...args) {
      this.callAsync = this._createCall("async");
      return this.callAsync(...args);
    }
    function PROMISE_DELEGATE(...args) {
      this.promise = this._createCall("promise");
      return this.promise(...args);
    }
    var Hook = class {
      /**
       * @param {ArgumentNames<AsArray<T>>=} args argument names of the hook (used for code generation)
       * @param {string=} name name of the hook
       */
      constructor(args = (
        /** @type {ArgumentNames<AsArray<T>>} */
        /** @type {unknown} */
        []
      ), name = void 0) {
        this._args = args;
        this.name = name;
        this.taps = [];
        this.interceptors = [];
        this._call = CALL_DELEGATE;
        this.call = CALL_DELEGATE;
        this._callAsync = CALL_ASYNC_DELEGATE;
        this.callAsync = CALL_ASYNC_DELEGATE;
        this._promise = PROMISE_DELEGATE;
        this.promise = PROMISE_DELEGATE;
        this._x = void 0;
        this.compile = this.compile;
        this.tap = this.tap;
        this.tapAsync = this.tapAsync;
        this.tapPromise = this.tapPromise;
      }
      /**
       * @abstract
       * @param {CompileOptions<T, R, AdditionalOptions>} _options compile options
       * @returns {EXPECTED_FUNCTION} the compiled call function
       */
      compile(_options) {
        throw new Error("Abstract: should be overridden");
      }
      /**
       * @private
       * @param {"sync" | "async" | "promise"} type the call type
       * @returns {EXPECTED_FUNCTION} the compiled call function
       */
      _createCall(type) {
        return this.compile({
          taps: this.taps,
          interceptors: this.interceptors,
          args: this._args,
          type
        });
      }
      /**
       * @private
       * @param {"sync" | "async" | "promise"} type the tap type
       * @param {string | (Tap & IfSet<AdditionalOptions>)} options name or full tap options
       * @param {EXPECTED_FUNCTION} fn callback registered with the tap
       * @returns {void}
       */
      _tap(type, options, fn) {
        if (typeof options === "string") {
          const name = options.trim();
          if (name === "") {
            throw new Error("Missing name for tap");
          }
          options = /** @type {FullTap & IfSet<AdditionalOptions>} */
          { type, fn, name };
        } else {
          if (typeof options !== "object" || options === null) {
            throw new Error("Invalid tap options");
          }
          let { name } = options;
          if (typeof name === "string") {
            name = name.trim();
          }
          if (typeof name !== "string" || name === "") {
            throw new Error("Missing name for tap");
          }
          if (typeof /** @type {{ context?: unknown }} */
          options.context !== "undefined") {
            deprecateContext();
          }
          let onlyName = true;
          for (const key in options) {
            if (key !== "name") {
              onlyName = false;
              break;
            }
          }
          if (onlyName) {
            options = /** @type {FullTap & IfSet<AdditionalOptions>} */
            { type, fn, name };
          } else {
            options.name = name;
            options = Object.assign({ type, fn }, options);
          }
        }
        options = this._runRegisterInterceptors(
          /** @type {FullTap & IfSet<AdditionalOptions>} */
          options
        );
        this._insert(
          /** @type {FullTap & IfSet<AdditionalOptions>} */
          options
        );
      }
      /**
       * @param {string | (Tap & IfSet<AdditionalOptions>)} options tap name or full tap options
       * @param {(...args: AsArray<T>) => R} fn the function to register
       * @returns {void}
       */
      tap(options, fn) {
        this._tap("sync", options, fn);
      }
      /**
       * @param {string | (Tap & IfSet<AdditionalOptions>)} options tap name or full tap options
       * @param {(...args: Append<AsArray<T>, InnerCallback<Error, R>>) => void} fn the function to register
       * @returns {void}
       */
      tapAsync(options, fn) {
        this._tap("async", options, fn);
      }
      /**
       * @param {string | (Tap & IfSet<AdditionalOptions>)} options tap name or full tap options
       * @param {(...args: AsArray<T>) => Promise<R>} fn the function to register
       * @returns {void}
       */
      tapPromise(options, fn) {
        this._tap("promise", options, fn);
      }
      /**
       * @private
       * @param {FullTap & IfSet<AdditionalOptions>} options the tap descriptor
       * @returns {FullTap & IfSet<AdditionalOptions>} possibly transformed options
       */
      _runRegisterInterceptors(options) {
        const { interceptors } = this;
        const { length } = interceptors;
        if (length === 0) return options;
        for (let i = 0; i < length; i++) {
          const interceptor = interceptors[i];
          if (interceptor.register) {
            const newOptions = interceptor.register(options);
            if (newOptions !== void 0) {
              options = newOptions;
            }
          }
        }
        return options;
      }
      /**
       * @param {TapOptions & IfSet<AdditionalOptions>} options the options to merge into each tap
       * @returns {Omit<this, "call" | "callAsync" | "promise">} a wrapper that pre-applies the options
       */
      withOptions(options) {
        const mergeOptions = (opt) => (
          /** @type {Tap & IfSet<AdditionalOptions>} */
          Object.assign(
            {},
            options,
            typeof opt === "string" ? { name: opt } : opt
          )
        );
        return (
          /** @type {Omit<this, "call" | "callAsync" | "promise">} */
          {
            name: this.name,
            tap: (opt, fn) => this.tap(mergeOptions(opt), fn),
            tapAsync: (opt, fn) => this.tapAsync(mergeOptions(opt), fn),
            tapPromise: (opt, fn) => this.tapPromise(mergeOptions(opt), fn),
            intercept: (interceptor) => this.intercept(interceptor),
            isUsed: () => this.isUsed(),
            withOptions: (opt) => this.withOptions(mergeOptions(opt))
          }
        );
      }
      /**
       * @returns {boolean} true if the hook has any taps or interceptors registered
       */
      isUsed() {
        return this.taps.length > 0 || this.interceptors.length > 0;
      }
      /**
       * @param {HookInterceptor<T, R, AdditionalOptions>} interceptor the interceptor to register
       * @returns {void}
       */
      intercept(interceptor) {
        this._resetCompilation();
        this.interceptors.push(Object.assign({}, interceptor));
        if (interceptor.register) {
          for (let i = 0; i < this.taps.length; i++) {
            this.taps[i] = interceptor.register(
              /** @type {FullTap & IfSet<AdditionalOptions>} */
              this.taps[i]
            );
          }
        }
      }
      /**
       * @private
       * @returns {void}
       */
      _resetCompilation() {
        this.call = this._call;
        this.callAsync = this._callAsync;
        this.promise = this._promise;
      }
      /**
       * @private
       * @param {FullTap & IfSet<AdditionalOptions>} item the tap to insert into the ordered taps list
       * @returns {void}
       */
      _insert(item) {
        this._resetCompilation();
        const { taps } = this;
        const stage = typeof item.stage === "number" ? item.stage : 0;
        if (!(typeof item.before === "string" || Array.isArray(item.before))) {
          const n = taps.length;
          if (n === 0 || (taps[n - 1].stage || 0) <= stage) {
            taps[n] = item;
            return;
          }
        }
        let before;
        if (typeof item.before === "string") {
          before = /* @__PURE__ */ new Set([item.before]);
        } else if (Array.isArray(item.before)) {
          before = new Set(item.before);
        }
        let i = taps.length;
        while (i > 0) {
          i--;
          const tap = taps[i];
          taps[i + 1] = tap;
          const xStage = tap.stage || 0;
          if (before) {
            if (before.has(tap.name)) {
              before.delete(tap.name);
              continue;
            }
            if (before.size > 0) {
              continue;
            }
          }
          if (xStage > stage) {
            continue;
          }
          i++;
          break;
        }
        taps[i] = item;
      }
    };
    Object.setPrototypeOf(Hook.prototype, null);
    module.exports = Hook;
  }
});

// node_modules/tapable/lib/HookCodeFactory.js
var require_HookCodeFactory = __commonJS({
  "node_modules/tapable/lib/HookCodeFactory.js"(exports, module) {
    "use strict";
    var HookCodeFactory = class {
      constructor() {
        this.options = void 0;
        this._args = void 0;
      }
      /**
       * @param {CompileOptions} options compile options
       * @returns {EXPECTED_FUNCTION} the compiled hook function
       */
      create(options) {
        this.init(options);
        let fn;
        switch (options.type) {
          case "sync":
            fn = new Function(
              this.args(),
              `"use strict";
${this.header()}${this.contentWithInterceptors({
                onError: (err) => `throw ${err};
`,
                onResult: (result) => `return ${result};
`,
                onDone: () => "",
                resultReturns: true,
                rethrowIfPossible: true
              })}`
            );
            break;
          case "async":
            fn = new Function(
              this.args({
                after: "_callback"
              }),
              `"use strict";
${this.header()}${this.contentWithInterceptors({
                onError: (err) => `_callback(${err});
`,
                onResult: (result) => `_callback(null, ${result});
`,
                onDone: () => "_callback();\n"
              })}`
            );
            break;
          case "promise": {
            let errorHelperUsed = false;
            const content = this.contentWithInterceptors({
              onError: (err) => {
                errorHelperUsed = true;
                return `_error(${err});
`;
              },
              onResult: (result) => `_resolve(${result});
`,
              onDone: () => "_resolve();\n"
            });
            let code = "";
            code += '"use strict";\n';
            code += this.header();
            code += "return new Promise((function(_resolve, _reject) {\n";
            if (errorHelperUsed) {
              code += "var _sync = true;\n";
              code += "function _error(_err) {\n";
              code += "if(_sync)\n";
              code += "_resolve(Promise.resolve().then((function() { throw _err; })));\n";
              code += "else\n";
              code += "_reject(_err);\n";
              code += "};\n";
            }
            code += content;
            if (errorHelperUsed) {
              code += "_sync = false;\n";
            }
            code += "}));\n";
            fn = new Function(this.args(), code);
            break;
          }
        }
        this.deinit();
        return fn;
      }
      /**
       * @param {Hook<EXPECTED_ANY, EXPECTED_ANY, EXPECTED_ANY>} instance the hook instance to attach the resolved tap function array to
       * @param {CompileOptions} options compile options containing the taps
       * @returns {void}
       */
      setup(instance, options) {
        const { taps } = options;
        const { length } = taps;
        const fns = Array.from({ length });
        for (let i = 0; i < length; i++) {
          fns[i] = taps[i].fn;
        }
        instance._x = fns;
      }
      /**
       * @param {CompileOptions} options compile options
       * @returns {void}
       */
      init(options) {
        this.options = options;
        this._args = /** @type {string[]} */
        /** @type {unknown} */
        options.args;
        this._joinedArgs = void 0;
      }
      /**
       * @returns {void}
       */
      deinit() {
        this.options = void 0;
        this._args = void 0;
        this._joinedArgs = void 0;
      }
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated code with interceptor calls wrapped around content
       */
      contentWithInterceptors(options) {
        if (
          /** @type {CompileOptions} */
          this.options.interceptors.length > 0
        ) {
          const { onError, onResult, onDone } = options;
          let code = "";
          const opts = (
            /** @type {CompileOptions} */
            this.options
          );
          for (let i = 0; i < opts.interceptors.length; i++) {
            const interceptor = opts.interceptors[i];
            if (interceptor.call) {
              code += `${this.getInterceptor(i)}.call(${this.args({
                before: interceptor.context ? "_context" : void 0
              })});
`;
            }
          }
          code += this.content(
            Object.assign(options, {
              onError: onError && /** @type {OnErrorCallback} */
              ((err) => {
                let code2 = "";
                for (let i = 0; i < opts.interceptors.length; i++) {
                  const interceptor = opts.interceptors[i];
                  if (interceptor.error) {
                    code2 += `${this.getInterceptor(i)}.error(${err});
`;
                  }
                }
                code2 += onError(err);
                return code2;
              }),
              onResult: onResult && /** @type {OnResultCallback} */
              ((result) => {
                let code2 = "";
                for (let i = 0; i < opts.interceptors.length; i++) {
                  const interceptor = opts.interceptors[i];
                  if (interceptor.result) {
                    code2 += `${this.getInterceptor(i)}.result(${result});
`;
                  }
                }
                code2 += onResult(result);
                return code2;
              }),
              onDone: onDone && /** @type {OnDoneCallback} */
              (() => {
                let code2 = "";
                for (let i = 0; i < opts.interceptors.length; i++) {
                  const interceptor = opts.interceptors[i];
                  if (interceptor.done) {
                    code2 += `${this.getInterceptor(i)}.done();
`;
                  }
                }
                code2 += onDone();
                return code2;
              })
            })
          );
          return code;
        }
        return this.content(options);
      }
      /**
       * @returns {string} generated header preamble shared across all call types
       */
      header() {
        let code = "";
        code += this.needContext() ? "var _context = {};\n" : "var _context;\n";
        code += "var _x = this._x;\n";
        if (
          /** @type {CompileOptions} */
          this.options.interceptors.length > 0
        ) {
          code += "var _taps = this.taps;\n";
          code += "var _interceptors = this.interceptors;\n";
        }
        return code;
      }
      /**
       * @returns {boolean} true if any tap requested a `_context`
       */
      needContext() {
        const { taps } = (
          /** @type {CompileOptions} */
          this.options
        );
        for (let i = 0; i < taps.length; i++) {
          if (
            /** @type {{ context?: boolean }} */
            taps[i].context
          ) return true;
        }
        return false;
      }
      /**
       * @param {number} tapIndex index of the tap to call
       * @param {CallTapOptions} options content generation options
       * @returns {string} generated code that invokes the tap
       */
      callTap(tapIndex, { onError, onResult, onDone, rethrowIfPossible }) {
        let code = "";
        let hasTapCached = false;
        const opts = (
          /** @type {CompileOptions} */
          this.options
        );
        for (let i = 0; i < opts.interceptors.length; i++) {
          const interceptor = opts.interceptors[i];
          if (interceptor.tap) {
            if (!hasTapCached) {
              code += `var _tap${tapIndex} = ${this.getTap(tapIndex)};
`;
              hasTapCached = true;
            }
            code += `${this.getInterceptor(i)}.tap(${interceptor.context ? "_context, " : ""}_tap${tapIndex});
`;
          }
        }
        code += `var _fn${tapIndex} = ${this.getTapFn(tapIndex)};
`;
        const tap = (
          /** @type {FullTap & { context?: boolean }} */
          opts.taps[tapIndex]
        );
        switch (tap.type) {
          case "sync":
            if (!rethrowIfPossible) {
              code += `var _hasError${tapIndex} = false;
`;
              code += "try {\n";
            }
            if (onResult) {
              code += `var _result${tapIndex} = _fn${tapIndex}(${this.args({
                before: tap.context ? "_context" : void 0
              })});
`;
            } else {
              code += `_fn${tapIndex}(${this.args({
                before: tap.context ? "_context" : void 0
              })});
`;
            }
            if (!rethrowIfPossible) {
              code += "} catch(_err) {\n";
              code += `_hasError${tapIndex} = true;
`;
              code += onError("_err");
              code += "}\n";
              code += `if(!_hasError${tapIndex}) {
`;
            }
            if (onResult) {
              code += onResult(`_result${tapIndex}`);
            }
            if (onDone) {
              code += onDone();
            }
            if (!rethrowIfPossible) {
              code += "}\n";
            }
            break;
          case "async": {
            let cbCode = "";
            cbCode += onResult ? `(function(_err${tapIndex}, _result${tapIndex}) {
` : `(function(_err${tapIndex}) {
`;
            cbCode += `if(_err${tapIndex}) {
`;
            cbCode += onError(`_err${tapIndex}`);
            cbCode += "} else {\n";
            if (onResult) {
              cbCode += onResult(`_result${tapIndex}`);
            }
            if (onDone) {
              cbCode += onDone();
            }
            cbCode += "}\n";
            cbCode += "})";
            code += `_fn${tapIndex}(${this.args({
              before: tap.context ? "_context" : void 0,
              after: cbCode
            })});
`;
            break;
          }
          case "promise":
            code += `var _hasResult${tapIndex} = false;
`;
            code += `var _promise${tapIndex} = _fn${tapIndex}(${this.args({
              before: tap.context ? "_context" : void 0
            })});
`;
            code += `if (!_promise${tapIndex} || !_promise${tapIndex}.then)
`;
            code += `  throw new Error('Tap function (tapPromise) did not return promise (returned ' + _promise${tapIndex} + ')');
`;
            code += `_promise${tapIndex}.then((function(_result${tapIndex}) {
`;
            code += `_hasResult${tapIndex} = true;
`;
            if (onResult) {
              code += onResult(`_result${tapIndex}`);
            }
            if (onDone) {
              code += onDone();
            }
            code += `}), function(_err${tapIndex}) {
`;
            code += `if(_hasResult${tapIndex}) throw _err${tapIndex};
`;
            code += onError(
              `!_err${tapIndex} ? new Error('Tap function (tapPromise) rejects "' + _err${tapIndex} + '" value') : _err${tapIndex}`
            );
            code += "});\n";
            break;
        }
        return code;
      }
      /**
       * @param {CallTapsOptions} options series-call options
       * @returns {string} generated code calling all taps in series
       */
      callTapsSeries({
        onError,
        onResult,
        resultReturns,
        onDone,
        doneReturns,
        rethrowIfPossible
      }) {
        const { taps } = (
          /** @type {CompileOptions} */
          this.options
        );
        const tapsLength = taps.length;
        if (tapsLength === 0) return onDone();
        let firstAsync = -1;
        for (let i = 0; i < tapsLength; i++) {
          if (taps[i].type !== "sync") {
            firstAsync = i;
            break;
          }
        }
        const somethingReturns = resultReturns || doneReturns;
        const doneBreak = (skipDone) => {
          if (skipDone) return "";
          return onDone();
        };
        let code = "";
        let current2 = onDone;
        let unrollCounter = 0;
        for (let j = tapsLength - 1; j >= 0; j--) {
          const i = j;
          const unroll = current2 !== onDone && (taps[i].type !== "sync" || unrollCounter++ > 20);
          if (unroll) {
            unrollCounter = 0;
            code += `function _next${i}() {
`;
            code += current2();
            code += "}\n";
            current2 = () => `${somethingReturns ? "return " : ""}_next${i}();
`;
          }
          const done = current2;
          const content = this.callTap(i, {
            onError: (error) => onError(i, error, done, doneBreak),
            onResult: onResult && ((result) => onResult(i, result, done, doneBreak)),
            onDone: !onResult ? done : void 0,
            rethrowIfPossible: rethrowIfPossible && (firstAsync < 0 || i < firstAsync)
          });
          current2 = () => content;
        }
        code += current2();
        return code;
      }
      /**
       * @param {CallTapsOptions} options looping-call options
       * @returns {string} generated code that calls taps in a loop
       */
      callTapsLooping({ onError, onDone, rethrowIfPossible }) {
        const opts = (
          /** @type {CompileOptions} */
          this.options
        );
        if (opts.taps.length === 0) return onDone();
        const syncOnly = opts.taps.every((t) => t.type === "sync");
        let code = "";
        if (!syncOnly) {
          code += "var _looper = (function() {\n";
          code += "var _loopAsync = false;\n";
        }
        code += "var _loop;\n";
        code += "do {\n";
        code += "_loop = false;\n";
        for (let i = 0; i < opts.interceptors.length; i++) {
          const interceptor = opts.interceptors[i];
          if (interceptor.loop) {
            code += `${this.getInterceptor(i)}.loop(${this.args({
              before: interceptor.context ? "_context" : void 0
            })});
`;
          }
        }
        code += this.callTapsSeries({
          onError,
          onResult: (i, result, next, doneBreak) => {
            let code2 = "";
            code2 += `if(${result} !== undefined) {
`;
            code2 += "_loop = true;\n";
            if (!syncOnly) code2 += "if(_loopAsync) _looper();\n";
            code2 += doneBreak(true);
            code2 += "} else {\n";
            code2 += next();
            code2 += "}\n";
            return code2;
          },
          onDone: onDone && (() => {
            let code2 = "";
            code2 += "if(!_loop) {\n";
            code2 += onDone();
            code2 += "}\n";
            return code2;
          }),
          rethrowIfPossible: rethrowIfPossible && syncOnly
        });
        code += "} while(_loop);\n";
        if (!syncOnly) {
          code += "_loopAsync = true;\n";
          code += "});\n";
          code += "_looper();\n";
        }
        return code;
      }
      /**
       * @param {CallTapsParallelOptions} options parallel-call options
       * @returns {string} generated code that calls all taps in parallel
       */
      callTapsParallel({
        onError,
        onResult,
        onDone,
        rethrowIfPossible,
        onTap = (i, run) => run()
      }) {
        const { taps } = (
          /** @type {CompileOptions} */
          this.options
        );
        const tapsLength = taps.length;
        if (tapsLength <= 1) {
          return this.callTapsSeries({
            onError,
            onResult,
            // @ts-expect-error is it a bug?
            onDone,
            rethrowIfPossible
          });
        }
        const done = () => {
          if (onDone) return "if(--_counter === 0) _done();\n";
          return "--_counter;";
        };
        const doneBreak = (skipDone) => {
          if (skipDone || !onDone) return "_counter = 0;\n";
          return "_counter = 0;\n_done();\n";
        };
        let code = "";
        code += "do {\n";
        code += `var _counter = ${tapsLength};
`;
        if (onDone) {
          code += "var _done = (function() {\n";
          code += onDone();
          code += "});\n";
        }
        for (let i = 0; i < tapsLength; i++) {
          code += "if(_counter <= 0) break;\n";
          code += onTap(
            i,
            () => this.callTap(i, {
              onError: (error) => {
                let code2 = "";
                code2 += "if(_counter > 0) {\n";
                code2 += onError(i, error, done, doneBreak);
                code2 += "}\n";
                return code2;
              },
              onResult: onResult && ((result) => {
                let code2 = "";
                code2 += "if(_counter > 0) {\n";
                code2 += onResult(i, result, done, doneBreak);
                code2 += "}\n";
                return code2;
              }),
              onDone: !onResult ? () => done() : void 0,
              rethrowIfPossible
            }),
            done,
            doneBreak
          );
        }
        code += "} while(false);\n";
        return code;
      }
      /**
       * @param {{ before?: string, after?: string }=} options optional arguments to prepend or append
       * @returns {string} comma-separated argument list as JS source
       */
      args({ before, after } = {}) {
        let joined = this._joinedArgs;
        if (joined === void 0) {
          joined = /** @type {string[]} */
          this._args.length === 0 ? "" : (
            /** @type {string[]} */
            this._args.join(", ")
          );
          this._joinedArgs = joined;
        }
        if (!before && !after) return joined;
        if (joined.length === 0) {
          if (before && after) return `${before}, ${after}`;
          return (
            /** @type {string} */
            before || after
          );
        }
        if (before && after) return `${before}, ${joined}, ${after}`;
        if (before) return `${before}, ${joined}`;
        return `${joined}, ${after}`;
      }
      /**
       * @param {number} idx tap index
       * @returns {string} JS expression that resolves to the registered tap function at index `idx`
       */
      getTapFn(idx) {
        return `_x[${idx}]`;
      }
      /**
       * @param {number} idx tap index
       * @returns {string} JS expression that resolves to the tap descriptor at index `idx`
       */
      getTap(idx) {
        return `_taps[${idx}]`;
      }
      /**
       * @param {number} idx interceptor index
       * @returns {string} JS expression that resolves to the interceptor at index `idx`
       */
      getInterceptor(idx) {
        return `_interceptors[${idx}]`;
      }
    };
    module.exports = HookCodeFactory;
  }
});

// node_modules/tapable/lib/AsyncParallelBailHook.js
var require_AsyncParallelBailHook = __commonJS({
  "node_modules/tapable/lib/AsyncParallelBailHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncParallelBailHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult, onDone }) {
        const opts = (
          /** @type {CompileOptions} */
          this.options
        );
        let code = "";
        code += `var _results = new Array(${opts.taps.length});
`;
        code += "var _checkDone = function() {\n";
        code += "for(var i = 0; i < _results.length; i++) {\n";
        code += "var item = _results[i];\n";
        code += "if(item === undefined) return false;\n";
        code += "if(item.result !== undefined) {\n";
        code += onResult("item.result");
        code += "return true;\n";
        code += "}\n";
        code += "if(item.error) {\n";
        code += onError("item.error");
        code += "return true;\n";
        code += "}\n";
        code += "}\n";
        code += "return false;\n";
        code += "}\n";
        code += this.callTapsParallel({
          onError: (i, err, done, doneBreak) => {
            let code2 = "";
            code2 += `if(${i} < _results.length && ((_results.length = ${i + 1}), (_results[${i}] = { error: ${err} }), _checkDone())) {
`;
            code2 += doneBreak(true);
            code2 += "} else {\n";
            code2 += done();
            code2 += "}\n";
            return code2;
          },
          onResult: (i, result, done, doneBreak) => {
            let code2 = "";
            code2 += `if(${i} < _results.length && (${result} !== undefined && (_results.length = ${i + 1}), (_results[${i}] = { result: ${result} }), _checkDone())) {
`;
            code2 += doneBreak(true);
            code2 += "} else {\n";
            code2 += done();
            code2 += "}\n";
            return code2;
          },
          onTap: (i, run, done, _doneBreak) => {
            let code2 = "";
            if (i > 0) {
              code2 += `if(${i} >= _results.length) {
`;
              code2 += done();
              code2 += "} else {\n";
            }
            code2 += run();
            if (i > 0) code2 += "}\n";
            return code2;
          },
          onDone
        });
        return code;
      }
    };
    var factory = new AsyncParallelBailHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncParallelBailHook(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      const hook = new Hook(args, name);
      hook.constructor = AsyncParallelBailHook;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncParallelBailHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncParallelBailHook.prototype = null;
    module.exports = AsyncParallelBailHook;
  }
});

// node_modules/tapable/lib/AsyncParallelHook.js
var require_AsyncParallelHook = __commonJS({
  "node_modules/tapable/lib/AsyncParallelHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncParallelHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone }) {
        return this.callTapsParallel({
          onError: (i, err, done, doneBreak) => onError(err) + doneBreak(true),
          onDone
        });
      }
    };
    var factory = new AsyncParallelHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncParallelHook2(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      const hook = new Hook(args, name);
      hook.constructor = AsyncParallelHook2;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncParallelHookType<T, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncParallelHook2.prototype = null;
    module.exports = AsyncParallelHook2;
  }
});

// node_modules/tapable/lib/AsyncSeriesBailHook.js
var require_AsyncSeriesBailHook = __commonJS({
  "node_modules/tapable/lib/AsyncSeriesBailHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncSeriesBailHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult, resultReturns, onDone }) {
        return this.callTapsSeries({
          onError: (i, err, next, doneBreak) => onError(err) + doneBreak(true),
          onResult: (i, result, next) => `if(${result} !== undefined) {
${onResult(
            result
          )}
} else {
${next()}}
`,
          resultReturns,
          onDone
        });
      }
    };
    var factory = new AsyncSeriesBailHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncSeriesBailHook(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      const hook = new Hook(args, name);
      hook.constructor = AsyncSeriesBailHook;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncSeriesBailHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncSeriesBailHook.prototype = null;
    module.exports = AsyncSeriesBailHook;
  }
});

// node_modules/tapable/lib/AsyncSeriesHook.js
var require_AsyncSeriesHook = __commonJS({
  "node_modules/tapable/lib/AsyncSeriesHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncSeriesHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone }) {
        return this.callTapsSeries({
          onError: (i, err, next, doneBreak) => onError(err) + doneBreak(true),
          onDone
        });
      }
    };
    var factory = new AsyncSeriesHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncSeriesHook2(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      const hook = new Hook(args, name);
      hook.constructor = AsyncSeriesHook2;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncSeriesHookType<T, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncSeriesHook2.prototype = null;
    module.exports = AsyncSeriesHook2;
  }
});

// node_modules/tapable/lib/AsyncSeriesLoopHook.js
var require_AsyncSeriesLoopHook = __commonJS({
  "node_modules/tapable/lib/AsyncSeriesLoopHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncSeriesLoopHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone }) {
        return this.callTapsLooping({
          onError: (i, err, next, doneBreak) => onError(err) + doneBreak(true),
          onDone
        });
      }
    };
    var factory = new AsyncSeriesLoopHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncSeriesLoopHook(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      const hook = new Hook(args, name);
      hook.constructor = AsyncSeriesLoopHook;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncSeriesLoopHookType<T, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncSeriesLoopHook.prototype = null;
    module.exports = AsyncSeriesLoopHook;
  }
});

// node_modules/tapable/lib/AsyncSeriesWaterfallHook.js
var require_AsyncSeriesWaterfallHook = __commonJS({
  "node_modules/tapable/lib/AsyncSeriesWaterfallHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncSeriesWaterfallHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult }) {
        return this.callTapsSeries({
          onError: (i, err, next, doneBreak) => onError(err) + doneBreak(true),
          onResult: (i, result, next) => {
            let code = "";
            code += `if(${result} !== undefined) {
`;
            code += `${/** @type {string[]} */
            this._args[0]} = ${result};
`;
            code += "}\n";
            code += next();
            return code;
          },
          onDone: () => onResult(
            /** @type {string[]} */
            this._args[0]
          )
        });
      }
    };
    var factory = new AsyncSeriesWaterfallHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncSeriesWaterfallHook2(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      if (args.length < 1) {
        throw new Error("Waterfall hooks must have at least one argument");
      }
      const hook = new Hook(args, name);
      hook.constructor = AsyncSeriesWaterfallHook2;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncSeriesWaterfallHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncSeriesWaterfallHook2.prototype = null;
    module.exports = AsyncSeriesWaterfallHook2;
  }
});

// node_modules/tapable/lib/HookMap.js
var require_HookMap = __commonJS({
  "node_modules/tapable/lib/HookMap.js"(exports, module) {
    "use strict";
    var util = __require("util");
    var defaultFactory = (key, hook) => hook;
    var HookMap = class {
      /**
       * @param {HookFactory<H>} factory factory creating new hooks for unknown keys
       * @param {string=} name name of the hook map
       */
      constructor(factory, name = void 0) {
        this._map = /* @__PURE__ */ new Map();
        this.name = name;
        this._factory = factory;
        this._interceptors = [];
      }
      /**
       * @param {EXPECTED_ANY} key the key to look up
       * @returns {H | undefined} the hook stored for `key`, if any
       */
      get(key) {
        return this._map.get(key);
      }
      /**
       * @param {EXPECTED_ANY} key the key to look up or create
       * @returns {H} the hook stored for `key`, creating one via the factory if missing
       */
      for(key) {
        const map = this._map;
        const hook = map.get(key);
        if (hook !== void 0) {
          return hook;
        }
        let newHook = this._factory(key);
        const interceptors = this._interceptors;
        for (let i = 0; i < interceptors.length; i++) {
          newHook = /** @type {NonNullable<HookMapInterceptor<H>["factory"]>} */
          interceptors[i].factory(key, newHook);
        }
        map.set(key, newHook);
        return newHook;
      }
      /**
       * @param {HookMapInterceptor<H>} interceptor the interceptor to register
       * @returns {void}
       */
      intercept(interceptor) {
        this._interceptors.push(
          Object.assign(
            {
              factory: defaultFactory
            },
            interceptor
          )
        );
      }
    };
    HookMap.prototype.tap = // @ts-expect-error deprecated
    util.deprecate(function tap(key, options, fn) {
      return this.for(key).tap(options, fn);
    }, "HookMap#tap(key,\u2026) is deprecated. Use HookMap#for(key).tap(\u2026) instead.");
    HookMap.prototype.tapAsync = // @ts-expect-error deprecated
    util.deprecate(function tapAsync(key, options, fn) {
      return this.for(key).tapAsync(options, fn);
    }, "HookMap#tapAsync(key,\u2026) is deprecated. Use HookMap#for(key).tapAsync(\u2026) instead.");
    HookMap.prototype.tapPromise = // @ts-expect-error deprecated
    util.deprecate(function tapPromise(key, options, fn) {
      return this.for(key).tapPromise(options, fn);
    }, "HookMap#tapPromise(key,\u2026) is deprecated. Use HookMap#for(key).tapPromise(\u2026) instead.");
    module.exports = HookMap;
  }
});

// node_modules/tapable/lib/MultiHook.js
var require_MultiHook = __commonJS({
  "node_modules/tapable/lib/MultiHook.js"(exports, module) {
    "use strict";
    var MultiHook = class _MultiHook {
      /**
       * @param {H[]} hooks the underlying hooks to multiplex tap calls across
       * @param {string=} name name of the multi hook
       */
      constructor(hooks, name = void 0) {
        this.hooks = hooks;
        this.name = name;
      }
      /**
       * @template T, R
       * @param {string | Tap} options tap name or full tap options
       * @param {(...args: AsArray<T>) => R} fn the function to register
       * @returns {void}
       */
      tap(options, fn) {
        const { hooks } = this;
        for (let i = 0; i < hooks.length; i++) {
          hooks[i].tap(options, fn);
        }
      }
      /**
       * @template T, R
       * @param {string | Tap} options tap name or full tap options
       * @param {(...args: Append<AsArray<T>, InnerCallback<Error, R>>) => void} fn the function to register
       * @returns {void}
       */
      tapAsync(options, fn) {
        const { hooks } = this;
        for (let i = 0; i < hooks.length; i++) {
          hooks[i].tapAsync(options, fn);
        }
      }
      /**
       * @template T, R
       * @param {string | Tap} options tap name or full tap options
       * @param {(...args: AsArray<T>) => Promise<R>} fn the function to register
       * @returns {void}
       */
      tapPromise(options, fn) {
        const { hooks } = this;
        for (let i = 0; i < hooks.length; i++) {
          hooks[i].tapPromise(
            options,
            /** @type {EXPECTED_ANY} */
            fn
          );
        }
      }
      /**
       * @returns {boolean} true if any of the underlying hooks reports usage
       */
      isUsed() {
        const { hooks } = this;
        for (let i = 0; i < hooks.length; i++) {
          if (hooks[i].isUsed()) {
            return true;
          }
        }
        return false;
      }
      /**
       * @param {HookInterceptor<EXPECTED_ANY, EXPECTED_ANY, EXPECTED_ANY>} interceptor the interceptor to register
       * @returns {void}
       */
      intercept(interceptor) {
        const { hooks } = this;
        for (let i = 0; i < hooks.length; i++) {
          hooks[i].intercept(interceptor);
        }
      }
      /**
       * @param {TapOptions} options the options to merge into each tap
       * @returns {MultiHook<H>} a new MultiHook wrapping each underlying hook with the options
       */
      withOptions(options) {
        return (
          /** @type {MultiHook<H>} */
          new _MultiHook(
            this.hooks.map(
              (hook) => (
                /** @type {H} */
                /** @type {unknown} */
                hook.withOptions(options)
              )
            ),
            this.name
          )
        );
      }
    };
    module.exports = MultiHook;
  }
});

// node_modules/tapable/lib/SyncBailHook.js
var require_SyncBailHook = __commonJS({
  "node_modules/tapable/lib/SyncBailHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var SyncBailHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult, resultReturns, onDone, rethrowIfPossible }) {
        return this.callTapsSeries({
          onError: (i, err) => onError(err),
          onResult: (i, result, next) => `if(${result} !== undefined) {
${onResult(
            result
          )};
} else {
${next()}}
`,
          resultReturns,
          onDone,
          rethrowIfPossible
        });
      }
    };
    var factory = new SyncBailHookCodeFactory();
    var TAP_ASYNC = () => {
      throw new Error("tapAsync is not supported on a SyncBailHook");
    };
    var TAP_PROMISE = () => {
      throw new Error("tapPromise is not supported on a SyncBailHook");
    };
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function SyncBailHook(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      const hook = new Hook(args, name);
      hook.constructor = SyncBailHook;
      hook.tapAsync = TAP_ASYNC;
      hook.tapPromise = TAP_PROMISE;
      hook.compile = COMPILE;
      return (
        /** @type {SyncBailHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    SyncBailHook.prototype = null;
    module.exports = SyncBailHook;
  }
});

// node_modules/tapable/lib/SyncHook.js
var require_SyncHook = __commonJS({
  "node_modules/tapable/lib/SyncHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var SyncHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone, rethrowIfPossible }) {
        return this.callTapsSeries({
          onError: (i, err) => onError(err),
          onDone,
          rethrowIfPossible
        });
      }
    };
    var factory = new SyncHookCodeFactory();
    var TAP_ASYNC = () => {
      throw new Error("tapAsync is not supported on a SyncHook");
    };
    var TAP_PROMISE = () => {
      throw new Error("tapPromise is not supported on a SyncHook");
    };
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function SyncHook2(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      const hook = new Hook(args, name);
      hook.constructor = SyncHook2;
      hook.tapAsync = TAP_ASYNC;
      hook.tapPromise = TAP_PROMISE;
      hook.compile = COMPILE;
      return (
        /** @type {SyncHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    SyncHook2.prototype = null;
    module.exports = SyncHook2;
  }
});

// node_modules/tapable/lib/SyncLoopHook.js
var require_SyncLoopHook = __commonJS({
  "node_modules/tapable/lib/SyncLoopHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var SyncLoopHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone, rethrowIfPossible }) {
        return this.callTapsLooping({
          onError: (i, err) => onError(err),
          onDone,
          rethrowIfPossible
        });
      }
    };
    var factory = new SyncLoopHookCodeFactory();
    var TAP_ASYNC = () => {
      throw new Error("tapAsync is not supported on a SyncLoopHook");
    };
    var TAP_PROMISE = () => {
      throw new Error("tapPromise is not supported on a SyncLoopHook");
    };
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function SyncLoopHook(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      const hook = new Hook(args, name);
      hook.constructor = SyncLoopHook;
      hook.tapAsync = TAP_ASYNC;
      hook.tapPromise = TAP_PROMISE;
      hook.compile = COMPILE;
      return (
        /** @type {SyncLoopHookType<T, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    SyncLoopHook.prototype = null;
    module.exports = SyncLoopHook;
  }
});

// node_modules/tapable/lib/SyncWaterfallHook.js
var require_SyncWaterfallHook = __commonJS({
  "node_modules/tapable/lib/SyncWaterfallHook.js"(exports, module) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var SyncWaterfallHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult, resultReturns, rethrowIfPossible }) {
        return this.callTapsSeries({
          onError: (i, err) => onError(err),
          onResult: (i, result, next) => {
            let code = "";
            code += `if(${result} !== undefined) {
`;
            code += `${/** @type {string[]} */
            this._args[0]} = ${result};
`;
            code += "}\n";
            code += next();
            return code;
          },
          onDone: () => onResult(
            /** @type {string[]} */
            this._args[0]
          ),
          doneReturns: resultReturns,
          rethrowIfPossible
        });
      }
    };
    var factory = new SyncWaterfallHookCodeFactory();
    var TAP_ASYNC = () => {
      throw new Error("tapAsync is not supported on a SyncWaterfallHook");
    };
    var TAP_PROMISE = () => {
      throw new Error("tapPromise is not supported on a SyncWaterfallHook");
    };
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function SyncWaterfallHook2(args = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name = void 0) {
      if (args.length < 1) {
        throw new Error("Waterfall hooks must have at least one argument");
      }
      const hook = new Hook(args, name);
      hook.constructor = SyncWaterfallHook2;
      hook.tapAsync = TAP_ASYNC;
      hook.tapPromise = TAP_PROMISE;
      hook.compile = COMPILE;
      return (
        /** @type {SyncWaterfallHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    SyncWaterfallHook2.prototype = null;
    module.exports = SyncWaterfallHook2;
  }
});

// node_modules/tapable/lib/index.js
var require_lib = __commonJS({
  "node_modules/tapable/lib/index.js"(exports, module) {
    "use strict";
    module.exports.AsyncParallelBailHook = require_AsyncParallelBailHook();
    module.exports.AsyncParallelHook = require_AsyncParallelHook();
    module.exports.AsyncSeriesBailHook = require_AsyncSeriesBailHook();
    module.exports.AsyncSeriesHook = require_AsyncSeriesHook();
    module.exports.AsyncSeriesLoopHook = require_AsyncSeriesLoopHook();
    module.exports.AsyncSeriesWaterfallHook = require_AsyncSeriesWaterfallHook();
    module.exports.HookMap = require_HookMap();
    module.exports.MultiHook = require_MultiHook();
    module.exports.SyncBailHook = require_SyncBailHook();
    module.exports.SyncHook = require_SyncHook();
    module.exports.SyncLoopHook = require_SyncLoopHook();
    module.exports.SyncWaterfallHook = require_SyncWaterfallHook();
    module.exports.__esModule = true;
  }
});

// node_modules/p-timeout/index.js
var TimeoutError = class _TimeoutError extends Error {
  name = "TimeoutError";
  constructor(message, options) {
    super(message, options);
    Error.captureStackTrace?.(this, _TimeoutError);
  }
};
var getAbortedReason = (signal) => signal.reason ?? new DOMException("This operation was aborted.", "AbortError");
function pTimeout(promise, options) {
  const {
    milliseconds,
    fallback,
    message,
    customTimers = { setTimeout, clearTimeout },
    signal
  } = options;
  let timer;
  let abortHandler;
  const wrappedPromise = new Promise((resolve, reject) => {
    if (typeof milliseconds !== "number" || Math.sign(milliseconds) !== 1) {
      throw new TypeError(`Expected \`milliseconds\` to be a positive number, got \`${milliseconds}\``);
    }
    if (signal?.aborted) {
      reject(getAbortedReason(signal));
      promise.then(resolve, reject);
      return;
    }
    if (signal) {
      abortHandler = () => {
        reject(getAbortedReason(signal));
      };
      signal.addEventListener("abort", abortHandler, { once: true });
    }
    promise.then(resolve, reject);
    if (milliseconds === Number.POSITIVE_INFINITY) {
      return;
    }
    const timeoutError = new TimeoutError();
    timer = customTimers.setTimeout.call(void 0, () => {
      if (fallback) {
        try {
          resolve(fallback());
        } catch (error) {
          reject(error);
        }
        return;
      }
      if (typeof promise.cancel === "function") {
        promise.cancel();
      }
      if (message === false) {
        resolve();
      } else if (message instanceof Error) {
        reject(message);
      } else {
        timeoutError.message = message ?? `Promise timed out after ${milliseconds} milliseconds`;
        reject(timeoutError);
      }
    }, milliseconds);
  });
  const cancelablePromise = wrappedPromise.finally(() => {
    cancelablePromise.clear();
    if (abortHandler && signal) {
      signal.removeEventListener("abort", abortHandler);
    }
  });
  cancelablePromise.clear = () => {
    customTimers.clearTimeout.call(void 0, timer);
    timer = void 0;
  };
  return cancelablePromise;
}

// pipeline/compose.ts
var pad = (n) => String(n).padStart(3, "0");
function lineageFromTranscript(t) {
  for (let i = t.messages.length - 1; i >= 0; i--) {
    const m = t.messages[i];
    if (m.kind !== "handoff") continue;
    const marker = parseMarker(m.text);
    if (!marker) continue;
    const earlier = Array.from({ length: marker.n }, (_, k) => ({ n: k + 1 }));
    return { n: marker.n + 1, prev: marker.n, earlier };
  }
  return { n: 1, prev: null, earlier: [] };
}
function sizeLimit(config, contextWindow) {
  const byWindow = contextWindow ? Math.floor(config.maxFraction * contextWindow * 4) : Infinity;
  return byWindow < config.maxChars ? { chars: byWindow, setting: `maxFraction: ${config.maxFraction} of a ${fmt(contextWindow)}-token window` } : { chars: config.maxChars, setting: `maxChars: ${config.maxChars}` };
}
function renderSection(o) {
  return `## ${o.title}

${o.body.trimEnd()}`;
}
function renderLeftOut(outcomes) {
  const rows = outcomes.filter((o) => o.status === "dropped" && o.code !== "SECTION_DISABLED");
  if (rows.length === 0) return "";
  return ["## Left out", "", ...rows.map((o) => `- ${o.title}: ${o.status === "dropped" ? o.message : ""}`)].join("\n");
}
function renderEarlier(lineage) {
  if (lineage.earlier.length === 0) return "";
  const rows = lineage.earlier.map((e) => `- n=${pad(e.n)}${e.at ? ` (${e.at.slice(0, 16).replace("T", " ")})` : ""}: handoff_lookup {"n": ${e.n}}`);
  return [
    "## Earlier compactions",
    "",
    ...rows,
    "",
    'Each is on disk with the conversation it replaced (add "file": "transcript"); handoff_search {"query": "..."} searches them all.'
  ].join("\n");
}
var PREAMBLE = "This conversation was compacted. What follows is a handoff: facts read off the conversation and the repository, in sections. Nothing before it is in this window any more.";
function render(state) {
  const kept = state.outcomes.filter((o) => o.status === "ok");
  return [state.marker, PREAMBLE, ...kept.map(renderSection), renderEarlier(state.lineage), renderLeftOut(state.outcomes)].filter((part) => part !== "").join("\n\n").concat("\n");
}
function frameChars(marker, lineage, outcomes, toCome) {
  const empty = (o) => ({
    name: o.name,
    title: o.title,
    status: "ok",
    body: "",
    messages: [],
    chars: 0,
    ms: 0,
    notes: []
  });
  const framed = [...outcomes.map((o) => o.status === "ok" ? empty(o) : o), ...toCome.map(empty)];
  return render({ marker, lineage, outcomes: framed }).length;
}
function handoffChars(handoff, outcomes) {
  return handoff.length + outcomes.reduce((n, o) => n + (o.status === "ok" ? o.messages.reduce((k, m) => k + messageChars(m), 0) : 0), 0);
}
var totalChars = (state) => handoffChars(render(state), state.outcomes);
function applySizeGuard(state) {
  const limit = sizeLimit(state.config, state.input.contextWindow);
  const priority = new Map(state.config.sections.map((s) => [s.name, s.priority]));
  const cut = (outcomes, at, total2) => outcomes.map((x, i) => {
    if (i !== at || x.status !== "ok") return x;
    return {
      name: x.name,
      title: x.title,
      status: "dropped",
      code: "SECTION_SIZE_GUARD",
      message: `[section ${x.name}] cut: the handoff was ${fmt(total2)} chars, over its ceiling of ${fmt(limit.chars)} (${limit.setting}); this section has the lowest priority left (priority: ${priority.get(x.name) ?? 0})`,
      chars: x.chars,
      body: x.body,
      ms: x.ms,
      notes: x.notes,
      record: x.record
    };
  });
  let total = totalChars(state);
  while (total > limit.chars) {
    const victims = state.outcomes.map((o, i) => ({ o, i })).filter(({ o }) => o.status === "ok").sort((a, b) => (priority.get(a.o.name) ?? 0) - (priority.get(b.o.name) ?? 0) || b.i - a.i);
    let next = null;
    for (const v of victims) {
      const tried = { ...state, outcomes: cut(state.outcomes, v.i, total) };
      if (totalChars(tried) < total) {
        next = tried;
        break;
      }
    }
    if (!next) return { ...state, overCeiling: { chars: total, ceiling: limit.chars, setting: limit.setting } };
    state = next;
    total = totalChars(state);
  }
  return state;
}
function composeHandoff(state) {
  const kept = state.outcomes.filter((o) => o.status === "ok");
  return { ...state, handoff: render(state), messages: kept.flatMap((o) => o.messages) };
}
function tapCoreCompose(hooks) {
  hooks.compose.tap({ name: "core:size-guard", stage: -10 }, applySizeGuard);
  hooks.compose.tap({ name: "core:compose", stage: 0 }, composeHandoff);
}

// pipeline/hooks.ts
var import_tapable = __toESM(require_lib(), 1);
function createHooks() {
  return Object.freeze({
    /** The resolved config, before anything runs; taps may return an amended copy. */
    config: new import_tapable.AsyncSeriesWaterfallHook(["config"]),
    /** The section plans about to run, in config order; taps may reorder, add or remove. */
    sections: new import_tapable.SyncWaterfallHook(["plans"]),
    /** A section is about to start (after the sections it needs have settled). */
    beforeSection: new import_tapable.SyncHook(["plan", "input"]),
    /** A section settled; taps may replace its outcome (e.g. to drop it). */
    sectionResult: new import_tapable.SyncWaterfallHook(["outcome"]),
    /** A section was dropped, with its code and message. */
    sectionDropped: new import_tapable.SyncHook(["outcome"]),
    /** The subscriber seam: once per run, before any section starts. Guarded: a tap that throws
     *  or hangs is recorded on the result and changes nothing else. */
    beforeCompact: new import_tapable.AsyncParallelHook(["event"]),
    /** Builds the handoff text from the outcomes (`core:size-guard`, then `core:compose`). */
    compose: new import_tapable.SyncWaterfallHook(["state"]),
    /** The run is over; the result is final. Errors here are reported, not fatal. */
    done: new import_tapable.AsyncSeriesHook(["result"])
  });
}

// node_modules/yocto-queue/index.js
var Node = class {
  value;
  next;
  constructor(value) {
    this.value = value;
  }
};
var Queue = class {
  #head;
  #tail;
  #size;
  constructor() {
    this.clear();
  }
  enqueue(value) {
    const node = new Node(value);
    if (this.#head) {
      this.#tail.next = node;
      this.#tail = node;
    } else {
      this.#head = node;
      this.#tail = node;
    }
    this.#size++;
  }
  dequeue() {
    const current2 = this.#head;
    if (!current2) {
      return;
    }
    this.#head = this.#head.next;
    this.#size--;
    if (!this.#head) {
      this.#tail = void 0;
    }
    return current2.value;
  }
  peek() {
    if (!this.#head) {
      return;
    }
    return this.#head.value;
  }
  clear() {
    this.#head = void 0;
    this.#tail = void 0;
    this.#size = 0;
  }
  get size() {
    return this.#size;
  }
  *[Symbol.iterator]() {
    let current2 = this.#head;
    while (current2) {
      yield current2.value;
      current2 = current2.next;
    }
  }
  *drain() {
    while (this.#head) {
      yield this.dequeue();
    }
  }
};

// node_modules/p-limit/index.js
function pLimit(concurrency) {
  let rejectOnClear = false;
  if (typeof concurrency === "object") {
    ({ concurrency, rejectOnClear = false } = concurrency);
  }
  validateConcurrency(concurrency);
  if (typeof rejectOnClear !== "boolean") {
    throw new TypeError("Expected `rejectOnClear` to be a boolean");
  }
  const queue = new Queue();
  let activeCount = 0;
  const resumeNext = () => {
    if (activeCount < concurrency && queue.size > 0) {
      activeCount++;
      queue.dequeue().run();
    }
  };
  const next = () => {
    activeCount--;
    resumeNext();
  };
  const run = async (function_, resolve, arguments_) => {
    const result = (async () => function_(...arguments_))();
    resolve(result);
    try {
      await result;
    } catch {
    }
    next();
  };
  const enqueue = (function_, resolve, reject, arguments_) => {
    const queueItem = { reject };
    new Promise((internalResolve) => {
      queueItem.run = internalResolve;
      queue.enqueue(queueItem);
    }).then(run.bind(void 0, function_, resolve, arguments_));
    if (activeCount < concurrency) {
      resumeNext();
    }
  };
  const generator = (function_, ...arguments_) => new Promise((resolve, reject) => {
    enqueue(function_, resolve, reject, arguments_);
  });
  Object.defineProperties(generator, {
    activeCount: {
      get: () => activeCount
    },
    pendingCount: {
      get: () => queue.size
    },
    clearQueue: {
      value() {
        if (!rejectOnClear) {
          queue.clear();
          return;
        }
        const abortError = AbortSignal.abort().reason;
        while (queue.size > 0) {
          queue.dequeue().reject(abortError);
        }
      }
    },
    concurrency: {
      get: () => concurrency,
      set(newConcurrency) {
        validateConcurrency(newConcurrency);
        concurrency = newConcurrency;
        queueMicrotask(() => {
          while (activeCount < concurrency && queue.size > 0) {
            resumeNext();
          }
        });
      }
    },
    map: {
      async value(iterable, function_) {
        const promises = [];
        try {
          Array.from(iterable, (value, index) => {
            const promise = generator(function_, value, index);
            promises.push(promise);
            return promise;
          });
        } catch (error) {
          for (const promise of promises) {
            promise.catch(() => {
            });
          }
          throw error;
        }
        return Promise.all(promises);
      }
    }
  });
  return generator;
}
function validateConcurrency(concurrency) {
  if (!((Number.isInteger(concurrency) || concurrency === Number.POSITIVE_INFINITY) && concurrency > 0)) {
    throw new TypeError("Expected `concurrency` to be a number from 1 and up");
  }
}

// pipeline/run-sections.ts
import { performance as performance2 } from "node:perf_hooks";

// pipeline/busy-time.ts
import { promiseHooks } from "node:v8";
import { performance } from "node:perf_hooks";
var meters = /* @__PURE__ */ new WeakMap();
var current;
var since = 0;
var stack = [];
var allMs = 0;
function switchTo(next) {
  const now = performance.now();
  if (current) {
    current.ms += now - since;
    allMs += now - since;
  }
  current = next;
  since = now;
}
var stopHooks = null;
function enableHooks() {
  stopHooks = promiseHooks.createHook({
    init(promise, parent) {
      const meter = current ?? (parent ? meters.get(parent) : void 0);
      if (meter) meters.set(promise, meter);
    },
    before(promise) {
      stack.push(current);
      switchTo(meters.get(promise));
    },
    after() {
      switchTo(stack.pop());
    }
  });
}
var users = 0;
function startMetering() {
  if (users++ === 0) enableHooks();
  return () => {
    if (--users === 0) {
      switchTo(void 0);
      stack.length = 0;
      stopHooks?.();
      stopHooks = null;
      meters = /* @__PURE__ */ new WeakMap();
    }
  };
}
function metered(meter, fn) {
  stack.push(current);
  switchTo(meter);
  try {
    return fn();
  } finally {
    switchTo(stack.pop());
  }
}
function othersSince(meter, mark) {
  return Math.max(0, allMs - mark.all - (meter.ms - mark.own));
}
function markOf(meter) {
  return { all: allMs, own: meter.ms };
}
function fairTimers(meter) {
  let handle;
  const set = ((fn, ms) => {
    const mark = markOf(meter);
    const started = performance.now();
    const check = () => {
      const spent = performance.now() - started - othersSince(meter, mark);
      if (spent >= ms) fn();
      else handle = globalThis.setTimeout(check, Math.ceil(ms - spent));
    };
    handle = globalThis.setTimeout(check, ms);
    return handle;
  });
  const clear = ((_h) => {
    if (handle !== void 0) globalThis.clearTimeout(handle);
  });
  return { setTimeout: set, clearTimeout: clear };
}

// pipeline/run-sections.ts
var FRAME_CHARS = 1500;
function shareBudgets(plans, ceiling, lateShare = 0) {
  const budgets = /* @__PURE__ */ new Map();
  const running = plans.filter((p) => p.enabled && p.definition);
  const upfront = running.filter((p) => !p.definition.needs?.length);
  const sum = upfront.reduce((n, p) => n + p.budgetChars, 0);
  const room = ceiling ? Math.max(0, ceiling.chars - FRAME_CHARS) : Infinity;
  const kept = upfront.length < running.length ? lateShare : 0;
  const upfrontRoom = Math.floor(room * (1 - kept));
  for (const p of running) {
    if (sum > upfrontRoom && upfront.includes(p)) {
      const chars = Math.floor(p.budgetChars * upfrontRoom / sum);
      const less = kept > 0 ? ` less the lateShare of ${kept} kept for the sections that wait for others` : "";
      budgets.set(p.name, { chars, setting: `budgetChars: ${p.budgetChars}, its share of the handoff's ceiling${less}, ${ceiling.setting}` });
    } else if (ceiling && p.budgetChars > room) {
      budgets.set(p.name, { chars: room, setting: `budgetChars: ${p.budgetChars}, held to the handoff's ceiling, ${ceiling.setting}` });
    } else budgets.set(p.name, { chars: p.budgetChars, setting: "budgetChars" });
  }
  return budgets;
}
function waitsFor(other, plan, plans, seen = /* @__PURE__ */ new Set()) {
  for (const name of other.definition?.needs ?? []) {
    if (name === plan.name) return true;
    const next = plans.find((p) => p.name === name);
    if (next && !seen.has(name) && (seen.add(name), waitsFor(next, plan, plans, seen))) return true;
  }
  return false;
}
function roomFor(plan, budget, others, budgets, input, ceiling) {
  if (!ceiling) return budget;
  const plans = others.map((o) => o.plan);
  const settled = others.filter((o) => o.outcome && budgets.has(o.plan.name)).map((o) => o.outcome);
  const toCome = others.filter((o) => !o.outcome && budgets.has(o.plan.name)).map((o) => ({ name: o.plan.name, title: o.plan.definition.title }));
  let taken = frameChars(lineageMarker(input.sessionId, input.lineage), input.lineage, settled, toCome);
  let later = 0;
  for (const o of others) {
    if (o.plan === plan || !budgets.has(o.plan.name)) continue;
    if (!o.outcome && waitsFor(o.plan, plan, plans)) later += o.plan.budgetChars;
    else taken += o.outcome ? o.outcome.status === "ok" ? o.outcome.chars : 0 : budgets.get(o.plan.name).chars;
  }
  const left = Math.max(0, ceiling.chars - taken);
  const room = later > 0 ? Math.floor(left * plan.budgetChars / (plan.budgetChars + later)) : left;
  return room < budget.chars ? { chars: room, setting: `budgetChars: ${plan.budgetChars}, held to what the other sections left under the ceiling, ${ceiling.setting}` } : budget;
}
function createReporter() {
  const notes = [];
  return { note: (m) => void notes.push(m), notes };
}
function dropped(plan, code, message, extra = {}) {
  return {
    name: plan.name,
    title: plan.definition?.title ?? plan.name,
    status: "dropped",
    code,
    message: `[section ${plan.name}] ${message}`,
    ms: 0,
    notes: [],
    ...extra
  };
}
var reasonText = (reason) => String(reason?.message ?? reason ?? "aborted");
function normalize(value) {
  if (value == null) return null;
  if (typeof value === "string") return { body: value };
  return value;
}
async function runOne(plan, input, needed, opts, given) {
  const def = plan.definition;
  if (!plan.enabled) return dropped(plan, "SECTION_DISABLED", "switched off (enabled: false)");
  if (!def) return dropped(plan, "SECTION_LOAD_FAILED", plan.loadError ?? "no section definition was loaded");
  if (opts.signal?.aborted) return dropped(plan, "SECTION_CANCELLED", `the run was cancelled before it started: ${reasonText(opts.signal.reason)}`);
  const { chars: budget, setting: budgetSetting } = given ?? { chars: plan.budgetChars, setting: "budgetChars" };
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener("abort", onRunAbort, { once: true });
  const report = createReporter();
  const ctx = {
    name: plan.name,
    input,
    options: plan.options,
    budgetChars: budget,
    timeoutMs: plan.timeoutMs,
    signal: controller.signal,
    // Bound to this section: every model call and read it makes carries its name to the host.
    capabilities: bindCapabilities(opts.capabilities, plan.name),
    report,
    needed
  };
  const started = opts.capabilities.now();
  const base = () => ({ ms: opts.capabilities.now() - started, notes: [...report.notes] });
  const meter = { ms: 0 };
  const mark = markOf(meter);
  const wallStart = performance2.now();
  const ownMs = () => performance2.now() - wallStart - othersSince(meter, mark);
  const stopMetering = opts.meterAwaits ? startMetering() : () => {
  };
  try {
    opts.hooks.beforeSection.call(plan, input);
    const work = Promise.resolve().then(() => metered(meter, () => def.run(ctx)));
    const value = await pTimeout(work, {
      milliseconds: plan.timeoutMs,
      // p-timeout only stops waiting; the signal is what tells the section to stop working.
      message: new TimeoutError("timeout"),
      // Time other sections held the thread is granted back: the hog is the one that times out.
      customTimers: fairTimers(meter)
    });
    if (ownMs() > plan.timeoutMs) throw new TimeoutError("timeout");
    const result = normalize(value);
    const messages = result?.messages ?? [];
    const body = result?.body ?? "";
    if (!result || body.trim() === "" && messages.length === 0) {
      return dropped(plan, "SECTION_EMPTY", "returned nothing", { ...base(), record: result?.record });
    }
    const chars = body.length + messages.reduce((n, m) => n + messageChars(m), 0);
    if (chars > budget) {
      return dropped(plan, "SECTION_OVER_BUDGET", `${fmt(chars)} chars exceeds budget of ${fmt(budget)} (${budgetSetting})`, {
        ...base(),
        chars,
        record: result.record
      });
    }
    return {
      name: plan.name,
      title: def.title,
      status: "ok",
      body,
      chars,
      messages,
      record: result.record,
      ...base()
    };
  } catch (err) {
    if (err instanceof TimeoutError) {
      controller.abort(new Error(`timed out after ${plan.timeoutMs} ms`));
      const held = meter.ms >= plan.timeoutMs / 2 ? `; its own code held the event loop for ${fmt(Math.round(meter.ms))} ms` : "";
      return dropped(plan, "SECTION_TIMEOUT", `timed out after ${fmt(plan.timeoutMs)} ms (timeoutMs: ${plan.timeoutMs})${held}`, base());
    }
    if (isSectionDrop(err)) {
      return dropped(plan, err.code, err.message, { ...base(), ...err.record ? { record: err.record } : {} });
    }
    const message = err instanceof Error ? err.message : String(err);
    return dropped(plan, "SECTION_THREW", `threw: ${message.split("\n")[0]}`, base());
  } finally {
    stopMetering();
    opts.signal?.removeEventListener("abort", onRunAbort);
    if (!controller.signal.aborted) controller.abort(new Error("section settled"));
  }
}
function settle(outcome, hooks) {
  let final;
  try {
    final = hooks.sectionResult.call(outcome) ?? outcome;
  } catch (err) {
    final = { ...outcome, notes: [...outcome.notes, `sectionResult tap threw: ${err.message}`] };
  }
  if (final.status === "dropped") {
    try {
      hooks.sectionDropped.call(final);
    } catch (err) {
      final.notes.push(`sectionDropped tap threw: ${err.message}`);
    }
  }
  return final;
}
async function runSections(plans, input, opts) {
  const limit = pLimit(Math.max(1, opts.concurrency));
  const metering = { ...opts, meterAwaits: opts.meterAwaits ?? false };
  const settled = /* @__PURE__ */ new Map();
  const budgets = shareBudgets(plans, opts.ceiling, opts.lateShare);
  const progress = plans.map((plan) => ({ plan, outcome: void 0 }));
  const upfront = [];
  for (const [i, plan] of plans.entries()) {
    const waitFor = (plan.definition?.needs ?? []).filter((n) => settled.has(n));
    const promise = (async () => {
      const needed = {};
      for (const name of waitFor) needed[name] = await settled.get(name);
      if (waitFor.length && opts.ceiling) await Promise.all(upfront);
      const outcome = await limit(() => {
        const shared = budgets.get(plan.name);
        const budget = shared && waitFor.length ? roomFor(plan, shared, progress, budgets, input, opts.ceiling) : shared;
        return runOne(plan, input, needed, metering, budget);
      });
      return progress[i].outcome = settle(outcome, opts.hooks);
    })().catch((err) => dropped(plan, "SECTION_THREW", `runner failed: ${err?.message ?? err}`));
    settled.set(plan.name, promise);
    if (!waitFor.length) upfront.push(promise);
  }
  return Promise.all(plans.map((p) => settled.get(p.name)));
}

// pipeline/pipeline.ts
var SEAM_TIMEOUT_MS = 5e3;
var OBSERVERS = /* @__PURE__ */ new Set(["beforeSection", "sectionDropped", "done"]);
var WATERFALLS = /* @__PURE__ */ new Set(["config", "sections", "sectionResult", "compose"]);
var ASYNC_HOOKS = /* @__PURE__ */ new Set(["config", "beforeCompact", "done"]);
var SeamLedger = class {
  records = [];
  byKey = /* @__PURE__ */ new Map();
  note(name, hook, status, ms, message) {
    const key = `${name}\0${hook}`;
    const row = this.byKey.get(key);
    if (!row) {
      const fresh = { name, hook, status, ms, ...message ? { message } : {} };
      this.byKey.set(key, fresh);
      this.records.push(fresh);
      return;
    }
    row.ms += ms;
    if (row.status === "ok" && status !== "ok") Object.assign(row, { status }, message ? { message } : {});
  }
};
var errorText = (err) => String(err?.message ?? err);
function settleTap(type, fn, args, timeoutMs) {
  const work = type === "async" ? new Promise((resolve, reject) => fn(...args, (err, value) => err ? reject(err) : resolve(value))) : Promise.resolve().then(() => fn(...args));
  return pTimeout(work, { milliseconds: timeoutMs });
}
var SeamDeniedError = class extends Error {
  name = "SeamDeniedError";
};
var failure = (err, timeoutMs) => err?.name === "TimeoutError" ? { status: "timedOut", message: `no answer within ${fmt(timeoutMs)} ms (seamTimeoutMs: ${timeoutMs})` } : err instanceof SeamDeniedError ? { status: "denied", message: err.message } : { status: "threw", message: errorText(err) };
function guardSeam(hooks, ledger, now, timeoutMs) {
  hooks.beforeCompact.intercept({
    register(tap) {
      const fn = tap.fn;
      const guarded = async (event) => {
        const started = now();
        try {
          await settleTap(tap.type, fn, [readOnly(event)], timeoutMs);
          ledger()?.note(tap.name, "beforeCompact", "ok", now() - started);
        } catch (err) {
          const { status, message } = failure(err, timeoutMs);
          ledger()?.note(tap.name, "beforeCompact", status, now() - started, message);
        }
      };
      return { ...tap, type: "promise", fn: guarded };
    }
  });
}
var views = /* @__PURE__ */ new WeakMap();
var refuse = () => {
  throw new TypeError("this hook is observed, not changed: what a subscriber is handed here is read-only");
};
function readOnly(value) {
  if (value === null || typeof value !== "object") return value;
  let view = views.get(value);
  if (!view) {
    view = new Proxy(value, {
      get(target, key, receiver) {
        const got = Reflect.get(target, key, receiver);
        const desc = Reflect.getOwnPropertyDescriptor(target, key);
        return desc && !desc.configurable && !desc.writable ? got : readOnly(got);
      },
      set: refuse,
      deleteProperty: refuse,
      defineProperty: refuse,
      setPrototypeOf: refuse
    });
    views.set(value, view);
  }
  return view;
}
function observed(hook, args) {
  return OBSERVERS.has(hook) ? args.map(readOnly) : args;
}
function subscriberFacade(subscriber, hooks, ledger, now, timeoutMs) {
  const pending = [];
  const facade = {};
  for (const hook of Object.keys(hooks)) {
    const real = hooks[hook];
    const method = (type) => (options, fn) => {
      if (typeof fn !== "function") throw new TypeError(`hooks.${hook} needs a function to tap`);
      if (type !== "sync" && !ASYNC_HOOKS.has(hook)) throw new TypeError(`hooks.${hook} is synchronous: tap it with tap()`);
      const tapOptions = { ...typeof options === "object" && options ? options : {}, name: subscriber };
      if (hook === "beforeCompact") {
        const name = type === "sync" ? "tap" : type === "promise" ? "tapPromise" : "tapAsync";
        pending.push(() => real[name].call(real, tapOptions, fn));
        return;
      }
      const settle2 = (args, out, started) => {
        ledger()?.note(subscriber, hook, "ok", now() - started);
        return WATERFALLS.has(hook) ? out ?? args[0] : void 0;
      };
      const fail = (args, err, started) => {
        const { status, message } = failure(err, timeoutMs);
        ledger()?.note(subscriber, hook, status, now() - started, message);
        return WATERFALLS.has(hook) ? args[0] : void 0;
      };
      if (ASYNC_HOOKS.has(hook)) {
        const guarded = async (...args) => {
          const started = now();
          try {
            return settle2(args, await settleTap(type, fn, observed(hook, args), timeoutMs), started);
          } catch (err) {
            return fail(args, err, started);
          }
        };
        pending.push(() => real.tapPromise.call(real, tapOptions, guarded));
      } else {
        const guarded = (...args) => {
          const started = now();
          try {
            const out = fn(...observed(hook, args));
            if (typeof out?.then === "function") {
              Promise.resolve(out).catch(() => {
              });
              throw new TypeError(`hooks.${hook} is synchronous: its tap returned a promise`);
            }
            return settle2(args, out, started);
          } catch (err) {
            return fail(args, err, started);
          }
        };
        pending.push(() => real.tap.call(real, tapOptions, guarded));
      }
    };
    facade[hook] = Object.freeze({ tap: method("sync"), tapPromise: method("promise"), tapAsync: method("async") });
  }
  return { facade: Object.freeze(facade), register: () => pending.forEach((r) => r()) };
}
function createPipeline(config, opts = {}) {
  const hooks = createHooks();
  const timeoutMs = opts.seamTimeoutMs ?? config.seamTimeoutMs ?? SEAM_TIMEOUT_MS;
  const early = new SeamLedger();
  let ledger = null;
  guardSeam(hooks, () => ledger, Date.now, timeoutMs);
  tapCoreCompose(hooks);
  return {
    hooks,
    subscribe(subscriber, options = {}) {
      const { facade, register } = subscriberFacade(subscriber.name, hooks, () => ledger, Date.now, timeoutMs);
      const started = Date.now();
      try {
        const returned = subscriber.apply(facade, options);
        if (typeof returned?.then === "function") {
          Promise.resolve(returned).catch(() => {
          });
          throw new TypeError("apply returned a promise: it must tap the hooks and return (do async work in a tapPromise)");
        }
        register();
        return true;
      } catch (err) {
        early.note(subscriber.name, "apply", "threw", Date.now() - started, errorText(err));
        return false;
      }
    },
    noteSubscriberFailure(name, hook, message) {
      early.note(name, hook, "threw", 0, message);
    },
    async run(input, capabilities, runOpts = {}) {
      const started = capabilities.now();
      ledger = new SeamLedger();
      const seam = ledger.records;
      seam.push(...early.records.map((r) => ({ ...r })));
      const resolved = await hooks.config.promise(config);
      const plans = hooks.sections.call(resolved.sections);
      const lineage = input.lineage ?? lineageFromTranscript(input.transcript);
      const marker = lineageMarker(input.sessionId, lineage);
      await hooks.beforeCompact.promise({
        sessionId: input.sessionId,
        trigger: input.trigger,
        messageCount: input.transcript.messages.length
      });
      const outcomes = await runSections(
        plans,
        { ...input, lineage },
        {
          concurrency: resolved.concurrency,
          capabilities,
          hooks,
          signal: runOpts.signal,
          ceiling: sizeLimit(resolved, input.contextWindow),
          lateShare: resolved.lateShare
        }
      );
      const composed = hooks.compose.call({
        input,
        config: resolved,
        lineage,
        marker,
        outcomes,
        handoff: "",
        messages: []
      });
      const kept = composed.outcomes.filter((o) => o.status === "ok");
      const totalChars2 = handoffChars(composed.handoff, composed.outcomes);
      const droppedCount = composed.outcomes.length - kept.length;
      const result = {
        handoff: composed.handoff,
        marker,
        lineage,
        messages: composed.messages,
        sections: composed.outcomes,
        totalChars: totalChars2,
        summaryLine: `${kept.length} of ${composed.outcomes.length} sections kept (${fmt(totalChars2)} chars); ${droppedCount} dropped`,
        seam,
        notes: composed.overCeiling ? [
          `the handoff is ${fmt(composed.overCeiling.chars)} chars, over its ceiling of ${fmt(composed.overCeiling.ceiling)} (${composed.overCeiling.setting}), and no section left to cut would make it smaller`
        ] : [],
        ms: capabilities.now() - started
      };
      try {
        await hooks.done.promise(result);
      } catch (err) {
        result.notes.push(`a done tap threw: ${String(err?.message ?? err)}`);
      }
      return result;
    }
  };
}

export {
  SeamDeniedError,
  createPipeline
};
