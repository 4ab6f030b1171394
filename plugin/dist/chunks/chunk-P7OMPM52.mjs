#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  clip,
  fmt,
  lineCount,
  lineSpan,
  oneLine,
  parseMarker,
  shortPath
} from "./chunk-7KAIWO3K.mjs";
import {
  HandoffError
} from "./chunk-ORPKAE4C.mjs";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunk-JULZ67VA.mjs";

// node_modules/isbinaryfile/lib/index.js
var require_lib = __commonJS({
  "node_modules/isbinaryfile/lib/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.isBinaryFileSync = exports.isBinaryFile = void 0;
    var fs = __require("fs");
    var util_1 = __require("util");
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
    exports.isBinaryFile = isBinaryFile2;
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
    exports.isBinaryFileSync = isBinaryFileSync2;
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

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports, module) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports.hasRegexChars = (str2) => REGEX_SPECIAL_CHARS.test(str2);
    exports.isRegexChar = (str2) => str2.length === 1 && exports.hasRegexChars(str2);
    exports.escapeRegex = (str2) => str2.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports.toPosixSlashes = (str2) => str2.replace(REGEX_BACKSLASH, "/");
    exports.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports.removeBackslashes = (str2) => {
      return str2.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports.basename = (path, { windows } = {}) => {
      const segs = path.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports, module) {
    "use strict";
    var utils = require_utils();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code) => {
      return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts = [];
      let str2 = input;
      let index = -1;
      let start = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str2.charCodeAt(index + 1);
      const advance = () => {
        prev = code;
        return str2.charCodeAt(++index);
      };
      while (index < length) {
        code = advance();
        let next;
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code = advance();
          if (code === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code = advance())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (code === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code === CHAR_DOT && (code = advance()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start + 1) {
            start += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code === CHAR_PLUS || code === CHAR_AT || code === CHAR_ASTERISK || code === CHAR_QUESTION_MARK || code === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code === CHAR_EXCLAMATION_MARK && index === start) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code = advance())) {
                if (code === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance();
                  continue;
                }
                if (code === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start) {
          negated = token.negated = true;
          start++;
          continue;
        }
        if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code = advance())) {
              if (code === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance();
                continue;
              }
              if (code === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base = str2;
      let prefix = "";
      let glob = "";
      if (start > 0) {
        prefix = str2.slice(0, start);
        str2 = str2.slice(start);
        lastIndex -= start;
      }
      if (base && isGlob === true && lastIndex > 0) {
        base = str2.slice(0, lastIndex);
        glob = str2.slice(lastIndex);
      } else if (isGlob === true) {
        base = "";
        glob = str2;
      } else {
        base = str2;
      }
      if (base && base !== "" && base !== "/" && base !== str2) {
        if (isPathSeparator(base.charCodeAt(base.length - 1))) {
          base = base.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob) glob = utils.removeBackslashes(glob);
        if (base && backslashes === true) {
          base = utils.removeBackslashes(base);
        }
      }
      const state = {
        prefix,
        input,
        start,
        base,
        glob,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start;
          const i = slashes[idx];
          const value2 = input.slice(n2, i);
          if (opts.tokens) {
            if (idx === 0 && start !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i >= start) {
            parts.push(value2);
            prevIndex = i;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start;
        const value = input.slice(n);
        parts.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts;
      }
      return state;
    };
    module.exports = scan;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports, module) {
    "use strict";
    var constants2 = require_constants();
    var utils = require_utils();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants2;
    var expandRange = (args, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args, options);
      }
      args.sort();
      const value = `[${args.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts.push(value);
      return parts;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed = true;
      while (changed === true) {
        changed = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          const a = values[i];
          const b = values[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i = 1; i < pattern.length; i++) {
        const ch = pattern[i];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i),
              end: i
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars) => {
      const source = chars.length === 1 ? utils.escapeRegex(chars[0]) : `[${chars.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars.push(branch);
        index += match.end + 1;
      }
      if (chars.length < 1) {
        return;
      }
      return chars;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants2.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars = getStarExtglobSequenceChars(branch);
        if (chars) {
          sawStarSequence = true;
          safeChars.push(...chars);
          continue;
        }
        const literal = normalizeSimpleBranch(branch);
        if (literal && literal.length === 1) {
          safeChars.push(literal);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants2.globChars(opts.windows);
      const EXTGLOB_CHARS = constants2.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num = 0) => {
        state.consumed += value2;
        state.index += num;
      };
      const append = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal = input.slice(token.startIndex, state.index + 1);
        const body = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open2 = tokens[token.tokensIndex];
          open2.type = "text";
          open2.value = literal;
          open2.output = safeOutput || utils.escapeRegex(literal);
          for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
            tokens[i].value = "";
            tokens[i].output = "";
            delete tokens[i].suffix;
          }
          state.output = token.output + open2.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
          if (first === "\\") {
            backslashes = true;
            return m;
          }
          if (first === "?") {
            if (esc) {
              return esc + first + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars.length);
          }
          if (first === ".") {
            return DOT_LITERAL.repeat(chars.length);
          }
          if (first === "*") {
            if (esc) {
              return esc + first + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance();
          } else {
            value += advance();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix = POSIX_REGEX_SOURCE[rest2];
                if (posix) {
                  prev.value = pre + posix;
                  state.backtrack = true;
                  advance();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open2 = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open2);
          push(open2);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i = arr.length - 1; i >= 0; i--) {
              tokens.pop();
              if (arr[i].type === "brace") {
                break;
              }
              if (arr[i].type !== "dots") {
                range.unshift(arr[i].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack[stack.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before && (before.type === "star" || before.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse.fastpaths = (input, options) => {
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants2.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str2) => {
        switch (str2) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str2);
            if (!match) return;
            const source2 = create(match[1]);
            if (!source2) return;
            return source2 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source = create(output);
      if (source && opts.strictSlashes !== true) {
        source += `${SLASH_LITERAL}?`;
      }
      return source;
    };
    module.exports = parse;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports, module) {
    "use strict";
    var scan = require_scan();
    var parse = require_parse();
    var utils = require_utils();
    var constants2 = require_constants();
    var isObject = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch2 = (glob, options, returnState = false) => {
      if (Array.isArray(glob)) {
        const fns = glob.map((input) => picomatch2(input, options, returnState));
        const arrayMatcher = (str2) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str2);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject(glob) && glob.tokens && glob.input;
      if (glob === "" || typeof glob !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix = opts.windows;
      const regex = isState ? picomatch2.compileRe(glob, options) : picomatch2.makeRe(glob, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch2(opts.ignore, ignoreOpts, returnState);
      }
      const matcher = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch2.test(input, regex, options, { glob, posix });
        const result = { glob, state, regex, posix, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result);
        }
        if (isMatch === false) {
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result);
          }
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result);
        }
        return returnObject ? result : true;
      };
      if (returnState) {
        matcher.state = state;
      }
      return matcher;
    };
    picomatch2.test = (input, regex, options, { glob, posix } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix ? utils.toPosixSlashes : null);
      let match = input === glob;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch2.matchBase(input, regex, options, posix);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch2.matchBase = (input, glob, options, posix = options && options.windows) => {
      const regex = glob instanceof RegExp ? glob : picomatch2.makeRe(glob, options);
      return regex.test(utils.basename(input, { windows: posix }));
    };
    picomatch2.isMatch = (str2, patterns, options) => picomatch2(patterns, options)(str2);
    picomatch2.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch2.parse(p, options));
      return parse(pattern, { ...options, fastpaths: false });
    };
    picomatch2.scan = (input, options) => scan(input, options);
    picomatch2.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append = opts.contains ? "" : "$";
      let source = `${prepend}(?:${state.output})${append}`;
      if (state && state.negated === true) {
        source = `^(?!${source}).*$`;
      }
      const regex = picomatch2.toRegex(source, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch2.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse(input, options);
      }
      return picomatch2.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch2.toRegex = (source, options) => {
      try {
        const opts = options || {};
        return new RegExp(source, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err) {
        if (options && options.debug === true) throw err;
        return /$^/;
      }
    };
    picomatch2.constants = constants2;
    module.exports = picomatch2;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports, module) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils();
    function picomatch2(glob, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob, options, returnState);
    }
    Object.assign(picomatch2, pico);
    module.exports = picomatch2;
  }
});

// pipeline/transcript.ts
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
var isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var str = (v) => typeof v === "string" ? v : void 0;
var emptyTranscript = (source) => ({
  source,
  messages: [],
  boundaries: [],
  malformed: { count: 0, lines: [] }
});
function noteMalformed(t, where) {
  t.malformed.count++;
  t.malformed.lines.push(where);
}
var INTERRUPT_RE = /^\[Request interrupted by user[^\]\n]*\]$/;
var HOOK_RE = /^(?:<system-reminder>\s*)?[A-Za-z]+(?::\S+)? hook (?:feedback|blocking error|error|additional context|success)\b/;
var TASK_TRAILER_RE = /^Read the output file[^\n]*$/;
var CONTINUATION = "This session is being continued from a previous conversation";
var TAG_KIND = {
  // real: tool_heavy L21, ae4a77f8 L1484 ("<command-name>/compact…"); subagent L4 and sniffly
  // ba79134d L1 open with <command-message> (1.0.17 and 2.1.38 order the wrapper differently).
  "command-name": "command",
  "command-message": "command",
  "command-args": "command",
  // binary: the `!` bash mode echoes what was run as <bash-input>; its output as <bash-stdout> etc.
  "command-contents": "command",
  "bash-input": "command",
  // real: tool_heavy L22, ae4a77f8 L1485 (<local-command-stdout>); stderr and bash-*: binary.
  "local-command-stdout": "command-output",
  "local-command-stderr": "command-output",
  "bash-stdout": "command-output",
  "bash-stderr": "command-output",
  "bash-exit-code": "command-output",
  // real: tool_heavy L20, ae4a77f8 L1483 (<local-command-caveat>, also isMeta).
  "local-command-caveat": "meta",
  // binary (not in the real files as a whole user row): reminders the engine injects.
  "system-reminder": "meta",
  // real: fa812bfe L664 — a background task finished; the engine queued this as a user row.
  "task-notification": "meta",
  // binary: other wrappers the engine injects on the person's behalf (wrapper-tag list).
  "teammate-message": "meta",
  "agent-message": "meta",
  "cross-session-message": "meta",
  "fetched-web-content": "meta",
  "remote-review": "meta",
  "remote-review-progress": "meta",
  ide_selection: "meta",
  ide_opened_file: "meta",
  "user-prompt-submit-hook": "hook",
  "post-tool-use-hook": "hook"
};
var TALK = /* @__PURE__ */ new Set(["typed", "assistant", "tool-results"]);
var hasPromptFields = (row) => "permissionMode" in row || "thinkingMetadata" in row;
function wrapperKind(text) {
  let kind;
  let at = 0;
  const s = text.trim();
  while (at < s.length) {
    while (at < s.length && /\s/.test(s[at])) at++;
    if (at >= s.length) break;
    if (kind !== void 0 && s.startsWith("Read the output file", at) && TASK_TRAILER_RE.test(s.slice(at))) return kind;
    const open2 = /^<([a-z][\w-]*)>/.exec(s.slice(at, at + 64));
    const tag = open2?.[1];
    const tagKind = tag === void 0 ? void 0 : TAG_KIND[tag];
    if (tagKind === void 0) return void 0;
    const close = s.indexOf(`</${tag}>`, at + open2[0].length);
    if (close < 0) return void 0;
    kind ??= tagKind;
    at = close + tag.length + 3;
  }
  return kind;
}
function classifyUser(text, hasToolResults, flags, firstInWindow) {
  const body = text.trim();
  if (body === "" && hasToolResults) return "tool-results";
  if ((flags.isCompactSummary === true || firstInWindow) && parseMarker(text) !== null) return "handoff";
  if (flags.isCompactSummary === true) return "compact-summary";
  if (flags.isMeta === true) return HOOK_RE.test(body) ? "hook" : "meta";
  if (INTERRUPT_RE.test(body)) return "interrupt";
  const wrapped = wrapperKind(body);
  if (wrapped) return wrapped;
  if (flags.answersPrompt === true && !hasToolResults) return "hook";
  if (flags.isSidechain === true) return "meta";
  return "typed";
}
function isInjectedBlock(text) {
  return wrapperKind(text) === "meta";
}
function userKindAndText(texts, hasToolResults, flags, firstInWindow) {
  const all = texts.join("\n");
  if (texts.length > 1) {
    const kept = texts.filter((t) => !isInjectedBlock(t));
    if (kept.length > 0 && kept.length < texts.length) {
      const rest = kept.join("\n");
      const kind = classifyUser(rest, hasToolResults, flags, firstInWindow);
      return { kind, text: kind === "typed" ? rest : all };
    }
  }
  return { kind: classifyUser(all, hasToolResults, flags, firstInWindow), text: all };
}
var REFUSAL_RE = /^(?:Error: )?(?:The user doesn't want to proceed with this tool use|Permission for this tool use was denied)\. The tool use was rejected \([^)\n]*\)\. (?:To tell you how to proceed, the user said|The user said):\n([\s\S]*\S[\s\S]*)$/;
function toolResult(toolUseId, text, isError) {
  const r = { toolUseId, text, isError };
  const said = isError ? REFUSAL_RE.exec(text)?.[1] : void 0;
  if (said !== void 0) r.said = said;
  return r;
}
function engineFlags(row, text, first) {
  return { ...row, isCompactSummary: row.isCompactSummary === true || first && text.trimStart().startsWith(CONTINUATION) };
}
function engineResultText(result) {
  if (typeof result === "string") return result;
  if (!isObj(result)) return void 0;
  const parts = [str(result.stdout), str(result.stderr)].filter((s) => !!s);
  return parts.length ? parts.join("\n") : void 0;
}
function readEngineMessages(messages, meta = {}) {
  const t = emptyTranscript("engine");
  if (meta.sessionId !== void 0) t.sessionId = meta.sessionId;
  if (meta.cwd !== void 0) t.cwd = meta.cwd;
  if (meta.model !== void 0) t.model = meta.model;
  if (!Array.isArray(messages)) return t;
  const results = /* @__PURE__ */ new Map();
  const fallbacks = [];
  let lastTalk = -1;
  messages.forEach((row, i) => {
    if (!isObj(row) || row.role !== "user" && row.role !== "assistant") return noteMalformed(t, i);
    const role = row.role;
    const text = str(row.text) ?? "";
    const toolUses = [];
    for (const u of Array.isArray(row.toolUses) ? row.toolUses : []) {
      if (!isObj(u)) continue;
      const id = str(u.tool_use_id) ?? str(u.id);
      const name = str(u.tool) ?? str(u.name);
      if (id === void 0 || name === void 0) continue;
      const use = { id, name, input: isObj(u.input) ? u.input : {} };
      toolUses.push(use);
      const ownText = str(u.text) ?? engineResultText(u.result);
      const ownError = typeof u.isError === "boolean" ? u.isError : void 0;
      fallbacks.push(ownText !== void 0 || ownError !== void 0 ? { use, fallback: toolResult(id, ownText ?? "", ownError ?? false) } : { use });
    }
    const toolResults = [];
    for (const r of Array.isArray(row.toolResults) ? row.toolResults : []) {
      if (!isObj(r)) continue;
      const id = str(r.tool_use_id) ?? str(r.toolUseId);
      if (id === void 0) continue;
      const result = toolResult(id, str(r.text) ?? engineResultText(r.result) ?? "", r.isError === true || r.is_error === true);
      toolResults.push(result);
      if (!results.has(id)) results.set(id, result);
    }
    const first = lastTalk < 0;
    const { kind, text: shown } = role === "assistant" ? { kind: "assistant", text } : userKindAndText([text], toolResults.length > 0, engineFlags(row, text, first), first);
    const msg = { index: t.messages.length, role, kind, text: shown, toolUses, toolResults };
    if (TALK.has(kind)) lastTalk = msg.index;
    const uuid = str(row.handle) ?? str(row.uuid);
    if (uuid !== void 0) msg.uuid = uuid;
    const ts = str(row.timestamp);
    if (ts !== void 0) msg.timestamp = ts;
    t.messages.push(msg);
  });
  for (const { use, fallback } of fallbacks) {
    const r = results.get(use.id) ?? fallback;
    if (r) use.result = r;
  }
  return t;
}
function toolResultText(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts = [];
  for (const b of content) if (isObj(b) && b.type === "text" && typeof b.text === "string") parts.push(b.text);
  return parts.join("\n");
}
var joinText = (a, b) => a === "" ? b : b === "" ? a : `${a}
${b}`;
function jsonlParser() {
  const t = emptyTranscript("jsonl");
  const results = /* @__PURE__ */ new Map();
  const uses = [];
  let open2 = null;
  let lastTalk = -1;
  const prompts = /* @__PURE__ */ new Set();
  const line = (raw, lineNo) => {
    if (raw.trim() === "") return;
    let d;
    try {
      d = JSON.parse(raw);
    } catch {
      noteMalformed(t, lineNo);
      return;
    }
    if (!isObj(d) || typeof d.type !== "string") {
      noteMalformed(t, lineNo);
      return;
    }
    if (t.sessionId === void 0 && typeof d.sessionId === "string") t.sessionId = d.sessionId;
    if (t.cwd === void 0 && typeof d.cwd === "string") t.cwd = d.cwd;
    const type = d.type;
    if (type === "system") {
      if (d.subtype === "compact_boundary") {
        const cm = isObj(d.compactMetadata) ? d.compactMetadata : {};
        const b = { line: lineNo, messageIndex: t.messages.length };
        if (typeof cm.trigger === "string") b.trigger = cm.trigger;
        if (typeof cm.preTokens === "number") b.preTokens = cm.preTokens;
        t.boundaries.push(b);
        open2 = null;
      }
      return;
    }
    if (type !== "user" && type !== "assistant") return;
    const m = d.message;
    if (!isObj(m) || m.role !== void 0 && m.role !== type) {
      noteMalformed(t, lineNo);
      return;
    }
    const content = m.content;
    if (typeof content !== "string" && !Array.isArray(content)) {
      noteMalformed(t, lineNo);
      return;
    }
    const texts = [];
    const toolUses = [];
    const toolResults = [];
    if (typeof content === "string") texts.push(content);
    else {
      for (const b of content) {
        if (!isObj(b)) continue;
        if (b.type === "text") {
          if (typeof b.text === "string") texts.push(b.text);
        } else if (b.type === "tool_use") {
          if (typeof b.id === "string" && typeof b.name === "string") {
            const use = { id: b.id, name: b.name, input: isObj(b.input) ? b.input : {} };
            if (typeof d.cwd === "string") use.cwd = d.cwd;
            toolUses.push(use);
            uses.push(use);
          }
        } else if (b.type === "tool_result") {
          if (typeof b.tool_use_id === "string") {
            const r = toolResult(b.tool_use_id, toolResultText(b.content), b.is_error === true);
            toolResults.push(r);
            if (!results.has(r.toolUseId)) results.set(r.toolUseId, r);
          }
        }
      }
    }
    if (type === "assistant") {
      if (typeof m.model === "string" && m.model !== "<synthetic>") t.model = m.model;
      const id = typeof m.id === "string" && m.id !== "" ? m.id : void 0;
      if (open2 && id !== void 0 && open2.id === id) {
        open2.msg.text = joinText(open2.msg.text, texts.join("\n"));
        open2.msg.toolUses.push(...toolUses);
        return;
      }
      const msg2 = newMessage(t, d, lineNo, "assistant", "assistant", texts.join("\n"), toolUses, toolResults);
      open2 = id === void 0 ? null : { msg: msg2, id };
      lastTalk = msg2.index;
      return;
    }
    if (d.isCompactSummary === true && d.parentUuid === null && t.boundaries.at(-1)?.messageIndex !== t.messages.length) {
      t.boundaries.push({ line: lineNo, messageIndex: t.messages.length, from: "summary-row" });
      open2 = null;
    }
    const firstInWindow = lastTalk < (t.boundaries.at(-1)?.messageIndex ?? 0);
    const prompt = hasPromptFields(d);
    if (prompt && typeof d.uuid === "string") prompts.add(d.uuid);
    const answersPrompt = !prompt && typeof d.parentUuid === "string" && prompts.has(d.parentUuid);
    const { kind, text: shown } = userKindAndText(texts, toolResults.length > 0, answersPrompt ? { ...d, answersPrompt } : d, firstInWindow);
    if (kind !== "tool-results") open2 = null;
    const msg = newMessage(t, d, lineNo, "user", kind, shown, toolUses, toolResults);
    if (TALK.has(kind)) lastTalk = msg.index;
  };
  const finish = () => {
    for (const use of uses) {
      const r = results.get(use.id);
      if (r) use.result = r;
    }
    return t;
  };
  return { line, finish };
}
function newMessage(t, d, line, role, kind, text, toolUses, toolResults) {
  const msg = { index: t.messages.length, role, kind, text, toolUses, toolResults, line };
  if (typeof d.uuid === "string") msg.uuid = d.uuid;
  if (typeof d.timestamp === "string") msg.timestamp = d.timestamp;
  if (d.isSidechain === true) msg.sidechain = true;
  t.messages.push(msg);
  return msg;
}
var DEFAULT_MAX_TRANSCRIPT_MB = 512;
var MAX_LINE_BYTES = 64 * 1024 * 1024;
function maxTranscriptBytes(env = process.env) {
  const raw = env.COMPACT_HANDOFF_MAX_TRANSCRIPT_MB;
  const mb = raw !== void 0 && /^\d+$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : DEFAULT_MAX_TRANSCRIPT_MB;
  return {
    bytes: mb * 1024 * 1024,
    setting: raw !== void 0 && mb !== DEFAULT_MAX_TRANSCRIPT_MB ? `COMPACT_HANDOFF_MAX_TRANSCRIPT_MB=${mb}` : `the default ${mb} MB; COMPACT_HANDOFF_MAX_TRANSCRIPT_MB sets it`
  };
}
async function readJsonlTranscript(path, limit = maxTranscriptBytes()) {
  const size = (await stat(path)).size;
  if (size > limit.bytes) {
    throw new HandoffError(
      "TRANSCRIPT_TOO_LARGE",
      `${path} is ${fmt(Math.ceil(size / 1024 / 1024))} MB, over the ${fmt(Math.round(limit.bytes / 1024 / 1024))} MB a transcript may be (${limit.setting})`
    );
  }
  const parser = jsonlParser();
  let lineNo = 0;
  let parts = [];
  let pending = 0;
  let overlong = false;
  const endLine = () => {
    lineNo++;
    if (overlong)
      parser.line("{not read: longer than MAX_LINE_BYTES", lineNo);
    else parser.line(parts.length === 1 ? parts[0].toString("utf8") : Buffer.concat(parts, pending).toString("utf8"), lineNo);
    parts = [];
    pending = 0;
    overlong = false;
  };
  for await (const chunk of createReadStream(path)) {
    let from = 0;
    for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
      if (!overlong) parts.push(chunk.subarray(from, nl));
      pending += nl - from;
      if (pending > MAX_LINE_BYTES) overlong = true;
      endLine();
      from = nl + 1;
    }
    if (from < chunk.length && !overlong) {
      parts.push(chunk.subarray(from));
      pending += chunk.length - from;
      if (pending > MAX_LINE_BYTES) {
        overlong = true;
        parts = [];
      }
    }
  }
  if (pending > 0 || overlong) endLine();
  return parser.finish();
}
var ENGINE_TRAILERS = [
  /\n*REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks\.\s*$/,
  /\n*agentId: [\w-]+ \(for resuming to continue this agent's work if needed\)\s*(?:<usage>[^<]*<\/usage>\s*)?$/,
  /\n*Shell cwd was reset to [^\n]*\s*$/
];
var REMINDER_OPEN = "<system-reminder>";
var REMINDER_CLOSE = "</system-reminder>";
function withoutEngineNotes(text) {
  for (let out = text; ; ) {
    let next = out;
    const end = next.trimEnd();
    if (end.endsWith(REMINDER_CLOSE) && end.lastIndexOf(REMINDER_OPEN) >= 0) next = end.slice(0, end.lastIndexOf(REMINDER_OPEN)).replace(/\n+$/, "");
    for (const re of ENGINE_TRAILERS) next = next.replace(re, "");
    if (next === out) return out;
    out = next;
  }
}
function windowStart(messages) {
  return messages.findLastIndex((m) => m.kind === "handoff" || m.kind === "compact-summary") + 1;
}
function beforeBoundary(t, which) {
  if (which === "end") return t;
  const count = t.boundaries.length;
  if (which === "last") {
    if (count === 0) return t;
    which = count;
  }
  if (!Number.isInteger(which) || which < 1 || which > count) {
    const has = count === 0 ? "has no compaction boundaries" : `has ${count} compaction boundar${count === 1 ? "y" : "ies"} (1\u2013${count})`;
    throw new HandoffError("USAGE", `boundary ${which} is out of range: the transcript ${has}`);
  }
  const b = t.boundaries[which - 1];
  return {
    ...t,
    messages: t.messages.slice(0, b.messageIndex),
    boundaries: t.boundaries.slice(0, which - 1),
    malformed: (() => {
      const lines = t.malformed.lines.filter((l) => l < b.line);
      return { count: lines.length, lines };
    })()
  };
}

// pipeline/read-policy.ts
var import_isbinaryfile = __toESM(require_lib(), 1);
var import_picomatch = __toESM(require_picomatch2(), 1);
import { closeSync, constants, lstatSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, relative, resolve } from "node:path";
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
var VIRTUAL_ROOTS = ["/proc", "/sys", "/dev"];
var SNIFF_BYTES = 8192;
var CHUNK_BYTES = 65536;
function readPolicy(root, opts = {}, home = homedir()) {
  return { root: root ? resolve(root) : null, deny: [...DEFAULT_DENY, ...opts.denyPaths ?? []], allow: [...opts.allowPaths ?? []], home };
}
function resolveIn(policy, path) {
  if (isAbsolute(path)) return resolve(path);
  return policy.root === null ? null : resolve(policy.root, path);
}
var anchoredGlob = (pattern, home) => pattern.startsWith("~/") ? home + pattern.slice(1) : pattern.startsWith("/") ? pattern : `**/${pattern}`;
var matchers = /* @__PURE__ */ new Map();
function globMatch(pattern, home, path) {
  const anchored = anchoredGlob(pattern, home);
  let m = matchers.get(anchored);
  if (!m) matchers.set(anchored, m = (0, import_picomatch.default)(anchored, { dot: true }));
  return m(path);
}
var listMatchers = /* @__PURE__ */ new Map();
function anyMatch(patterns, home, path) {
  const key = `${home}\0${patterns.join("\0")}`;
  let m = listMatchers.get(key);
  if (!m) {
    const globs = patterns.map((p) => anchoredGlob(p, home));
    const re = new RegExp(globs.map((g) => `(?:${import_picomatch.default.makeRe(g, { dot: true }).source})`).join("|"));
    const literal = new Set(globs);
    m = (p) => literal.has(p) || re.test(p);
    listMatchers.set(key, m);
  }
  return m(path);
}
var firstMatch = (patterns, policy, path) => patterns.length > 0 && anyMatch(patterns, policy.home, path) ? patterns.find((p) => globMatch(p, policy.home, path)) : void 0;
var inside = (root, path) => {
  const rel = relative(root, path);
  return rel === "" || !rel.startsWith("..") && !isAbsolute(rel);
};
var realRoots = /* @__PURE__ */ new Map();
var realRoot = (root) => {
  let real = realRoots.get(root);
  if (real === void 0) {
    try {
      real = realpathSync(root);
    } catch {
      real = root;
    }
    realRoots.set(root, real);
  }
  return real;
};
function kindOf(s) {
  if (s.isDirectory()) return "a directory";
  if (s.isFIFO()) return "a FIFO";
  if (s.isCharacterDevice() || s.isBlockDevice()) return "a device";
  if (s.isSocket()) return "a socket";
  return "not a regular file";
}
function checkPath(path, policy) {
  const abs = resolveIn(policy, path);
  if (abs === null) return { ok: false, path, reason: "a relative path, and the transcript names no project directory (cwd) to resolve it against" };
  const refuse = (reason) => ({ ok: false, path: abs, reason });
  const virtual = (p) => VIRTUAL_ROOTS.find((v) => p === v || p.startsWith(v + "/"));
  let real = null;
  let stats = null;
  try {
    if (lstatSync(abs, { throwIfNoEntry: false })) {
      real = realpathSync(abs);
      stats = statSync(real);
    }
  } catch (err) {
    const code = err.code;
    if (code !== "ENOENT" && code !== "ENOTDIR") return refuse(`cannot be examined (${code ?? err.message})`);
  }
  for (const p of real && real !== abs ? [abs, real] : [abs]) {
    const v = virtual(p);
    if (v) return refuse(`${p} is under ${v}, a kernel view, not a file`);
  }
  const allowed = [abs, real].some((p) => p !== null && firstMatch(policy.allow, policy, p) !== void 0);
  if (!allowed) {
    for (const p of real && real !== abs ? [abs, real] : [abs]) {
      const secret = firstMatch(policy.deny, policy, p);
      if (secret) return refuse(`${p === abs ? "it" : `its real path ${p}`} matches the deny list (${secret}): a secret is never re-read`);
    }
    if (policy.root === null) return refuse("the transcript names no project directory (cwd), so no file is known to be inside it");
    const where = real ?? abs;
    if (!inside(realRoot(policy.root), where) && !inside(policy.root, where)) {
      return refuse(`${real && real !== abs ? `its real path ${real}` : abs} is outside the session's project (${policy.root})`);
    }
  }
  if (stats && !stats.isFile()) return refuse(`${kindOf(stats)}, not a regular file`);
  return { ok: true, path: abs, real, stats };
}
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
function secretPattern(path, policy) {
  const key = policyKey(policy);
  let verdicts = secretVerdicts.get(key);
  if (!verdicts) {
    if (secretVerdicts.size >= 64) secretVerdicts.clear();
    secretVerdicts.set(key, verdicts = /* @__PURE__ */ new Map());
  }
  if (verdicts.has(path)) return verdicts.get(path);
  if (verdicts.size >= 5e4) verdicts.clear();
  const expanded = path.startsWith("~/") ? policy.home + path.slice(1) : path;
  const abs = resolveIn(policy, expanded) ?? expanded;
  const verdict = firstMatch(policy.allow, policy, abs) !== void 0 ? void 0 : firstMatch(policy.deny, policy, abs);
  verdicts.set(path, verdict);
  return verdict;
}
var secretVerdicts = /* @__PURE__ */ new Map();
var policyKeys = /* @__PURE__ */ new WeakMap();
function policyKey(policy) {
  let key = policyKeys.get(policy);
  if (key === void 0) policyKeys.set(policy, key = JSON.stringify([policy.root, policy.home, policy.deny, policy.allow]));
  return key;
}
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
function notASecret(value) {
  const v = value.trim().replace(/[;,]$/, "");
  const bare = v.replace(/^(["'])(.*)\1$/, "$2");
  return bare === "" || /^-?\d[\d.,_]*$/.test(bare) || /^(?:true|false|null|nil|none|undefined|yes|no|on|off|\[\]|\{\})$/i.test(bare) || /^\$/.test(bare) || v === bare && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\))?$/.test(v) && (/[.(]/.test(v) || TYPE_NAMES.test(v)) || /^[a-z][a-z0-9+.-]{0,20}:\/\/[^\s@]*$/i.test(bare) || /^#[0-9a-f]{3,8}$/i.test(bare);
}
var TYPE_NAMES = /^(?:string|number|boolean|bigint|symbol|object|any|unknown|never|void|str|int|float|bool|bytes|dict|list|String|Number|Boolean|Optional|Option|None|null|undefined)$/;
var SECRET_SHAPES = [
  [/\b([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:@/]{0,200}:)[^\s@/]{1,500}@/gi, "$1[value not shown]@"],
  [/\b(Bearer|Basic|Token)\s+(?=[\w.~+/=-]{0,500}\d)[\w.~+/=-]{8,500}/gi, "$1 [value not shown]"],
  [
    /\b((?:Authorization|Proxy-Authorization|X-Api-Key|X-Auth-Token|Cookie|Set-Cookie)\s*:\s*)(?!\[value not shown\])[^\s"'][^"'\n]{0,2000}/gi,
    "$1[value not shown]"
  ],
  [/(--(?:password|passwd|token|api[_-]?key|secret|auth[_-]?token|access[_-]?token)(?:=|\s+))(?!\[value)(?!-)[^\s"']{1,500}/gi, "$1[value not shown]"],
  [/(\bcurl\b[^\n]{0,500}?\s(?:-u|--user)\s+[^\s:]{1,100}:)[^\s"']{1,500}/g, "$1[value not shown]"],
  [
    /\b(?:sk-ant-[\w-]{8,200}|sk-(?:proj-)?(?=[\w-]{0,200}\d)[\w-]{20,200}|(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,200}|gh[pousr]_\w{20,200}|github_pat_\w{20,200}|glpat-[\w-]{20,200}|xox[abprs]-[\w-]{10,200}|npm_[A-Za-z0-9]{30,100}|hf_[A-Za-z0-9]{30,100}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[\w-]{35}|ya29\.[\w-]{20,500}|eyJ[\w-]{10,2000}\.eyJ[\w-]{10,4000}\.[\w-]{10,2000})/g,
    "[value not shown]"
  ],
  [/(hooks\.slack\.com\/services\/)[\w/]{10,200}/g, "$1[value not shown]"]
];
var PRIVATE_KEY_RE = /(-----BEGIN [A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----)[\s\S]*?(-----END [A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g;
var NAMED = new RegExp(SECRET_WORD, "i");
var SHAPED = /:\/\/[^\s/@]*:[^\s/@]+@|bearer |basic |token |authorization|api-key|auth-token|cookie|--pass|--token|--api|--secret|--auth|--access|curl |PRIVATE KEY|\bsk-|\b[sr]k_(?:live|test)_|\bgh[pousr]_|github_pat_|glpat-|\bxox[abprs]-|\bnpm_|\bhf_|\bAKIA|\bASIA|\bAIza|\bya29\.|\beyJ|hooks\.slack\.com/i;
function hideSecretValues(text) {
  return hidden(text, false);
}
function hideSecretValuesInCommand(command) {
  return hidden(command, true);
}
function hidden(text, asCommand) {
  if (!NAMED.test(text) && !SHAPED.test(text)) return text;
  return text.replace(PRIVATE_KEY_RE, "$1\n[value not shown]\n$2").split("\n").map((line, i) => {
    const named = NAMED.test(line);
    if (!named && !SHAPED.test(line)) return line;
    const set = named && !(asCommand && i === 0) ? SECRET_LINE_RE.exec(line) : null;
    if (set && !notASecret(set[3])) return `${set[1]}[value not shown]`;
    let out = !named ? line : line.replace(SECRET_INLINE_RE, (m, pre, q, name, sep, value) => {
      if (notASecret(value)) return m;
      const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : "";
      return `${pre}${q}${name}${q}${sep}${quote}[value not shown]${quote}`;
    });
    for (const [re, to] of SECRET_SHAPES) out = out.replace(re, to);
    return out;
  }).join("\n");
}
var PATH_FIELDS = ["file_path", "notebook_path", "path"];
var SEARCH_COMMAND = /(^|[\s;|&(])(grep|egrep|fgrep|zgrep|rg|ag|ack|git\s+grep)\s/;
function pathsNamed(u) {
  const paths = [];
  for (const key of PATH_FIELDS) if (typeof u.input[key] === "string") paths.push(u.input[key]);
  if (typeof u.input.command === "string") {
    for (const word of u.input.command.split(/[\s;|&<>()'"`=]+/)) if (/[/.~]/.test(word) && !word.startsWith("-")) paths.push(word);
  }
  const text = u.result?.text ?? "";
  const search = u.name === "Grep" || typeof u.input.command === "string" && SEARCH_COMMAND.test(u.input.command);
  if (search) {
    for (const m of text.matchAll(/^([^\s:]+):(\d+[:-])?/gm)) if (m[2] || /[./]/.test(m[1])) paths.push(m[1]);
  } else {
    for (const m of text.matchAll(/^([^\s:]+):\d+[:-]/gm)) paths.push(m[1]);
  }
  return paths;
}
function callOutputRefusal(u, policy) {
  for (const path of pathsNamed(u)) {
    const secret = secretPattern(path, policy);
    if (secret) return `it names ${path}, which matches the deny list (${secret})`;
  }
  if (binaryText(u.result?.text ?? "")) return "binary output";
  return null;
}
function binaryText(text) {
  return text.includes("\0");
}
function refusalOf(path, policy, storedText) {
  const v = checkPath(path, policy);
  if (!v.ok) return v.reason;
  if (v.real !== null && sniffBinarySync(v.real)) return "binary content (sniffed), not text";
  if (storedText !== void 0 && v.real === null && binaryText(storedText)) return "the transcript's copy is binary, not text";
  return null;
}
function sniffBinarySync(real) {
  let fd;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const buf = Buffer.alloc(SNIFF_BYTES);
    const n = readSync(fd, buf, 0, SNIFF_BYTES, 0);
    return n > 0 && (0, import_isbinaryfile.isBinaryFileSync)(buf, n);
  } catch {
    return false;
  } finally {
    if (fd !== void 0) closeSync(fd);
  }
}
async function readBounded(path, policy, opts = {}) {
  const verdict = checkPath(path, policy);
  if (!verdict.ok) return verdict;
  if (!verdict.real || !verdict.stats) return { ok: false, path: verdict.path, reason: "no such file" };
  const offset = Math.max(1, opts.offset ?? 1);
  const limit = opts.limit ?? Number.MAX_SAFE_INTEGER;
  const maxChars = opts.maxChars ?? 1e5;
  const maxScan = opts.maxScanBytes ?? 64 * 1024 * 1024;
  const refuse = (reason) => ({ ok: false, path: verdict.path, reason });
  let fd;
  try {
    fd = await open(verdict.real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    return refuse(`cannot be opened (${err.code ?? err.message})`);
  }
  try {
    const now = await fd.stat();
    if (!now.isFile()) return refuse(`${kindOf(now)}, not a regular file`);
    if (now.ino !== verdict.stats.ino || now.dev !== verdict.stats.dev) return refuse("it changed while being read (not the file that was examined)");
    const buf = Buffer.alloc(CHUNK_BYTES);
    const decoder = new TextDecoder("utf-8");
    const kept = [];
    let keptChars = 0;
    let line = 1;
    let partial = "";
    let bytesRead = 0;
    let truncated = false;
    let sniffed = false;
    for (; ; ) {
      if (opts.signal?.aborted) return refuse("the read was stopped");
      const { bytesRead: n } = await fd.read(buf, 0, CHUNK_BYTES, bytesRead);
      if (!sniffed) {
        sniffed = true;
        if (n > 0 && await (0, import_isbinaryfile.isBinaryFile)(buf, Math.min(n, SNIFF_BYTES))) return refuse("binary content (sniffed), not text");
      }
      bytesRead += n;
      const eof = n === 0;
      const pieces = (partial + (eof ? decoder.decode() : decoder.decode(buf.subarray(0, n), { stream: true }))).split("\n");
      partial = eof ? "" : pieces.pop();
      if (eof && pieces.at(-1) === "") pieces.pop();
      for (const piece of pieces) {
        if (line >= offset && kept.length < limit) {
          if (keptChars + piece.length > maxChars) {
            truncated = true;
            break;
          }
          kept.push(piece);
          keptChars += piece.length + 1;
        }
        line++;
      }
      if (truncated || kept.length >= limit || eof) break;
      if (bytesRead >= maxScan) {
        truncated = true;
        break;
      }
      if (partial.length > maxChars) {
        truncated = true;
        break;
      }
    }
    return { ok: true, path: verdict.path, text: kept.join("\n"), firstLine: offset, lines: kept.length, truncated, bytesRead, size: now.size };
  } finally {
    await fd.close();
  }
}
async function vetForRead(path, policy, signal) {
  const r = await readBounded(path, policy, { limit: 1, maxChars: 0, ...signal ? { signal } : {} });
  return r.ok ? { ok: true, path: r.path } : { ok: false, reason: r.reason };
}

// pipeline/file-touches.ts
var READ_TOOL_LINES = 2e3;
function fileLines(text) {
  if (text === "") return [];
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}
function lastCopy(touch) {
  if (touch.stored) return { ...touch.stored, current: true };
  if (touch.read) return { ...touch.read, from: "read", current: false };
  return void 0;
}
var ENGINE_ATTACHED = /* @__PURE__ */ new Set(["CLAUDE.md", "AGENTS.md", "CLAUDE.local.md"]);
var FILE_TOOLS = {
  Read: "file_path",
  Write: "file_path",
  Edit: "file_path",
  MultiEdit: "file_path",
  NotebookEdit: "notebook_path"
};
function readText(result) {
  return withoutEngineNotes(result).split("\n").map((line) => line.replace(/^\s*\d+[\t→]/, "")).join("\n");
}
function replay(text, edits) {
  let line = 0;
  for (const e of edits) {
    if (typeof e.old_string !== "string" || typeof e.new_string !== "string") return null;
    const at = text.indexOf(e.old_string);
    if (at < 0) return null;
    line = countLines(text, at);
    text = e.replace_all === true ? text.split(e.old_string).join(e.new_string) : text.replace(e.old_string, () => e.new_string);
  }
  return { text, line };
}
var countLines = (text, end) => {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < end; i = text.indexOf("\n", i + 1)) n++;
  return n;
};
var positive = (v) => typeof v === "number" && Number.isInteger(v) && v > 0 ? v : void 0;
var holds = (copy, line) => line !== void 0 && line >= copy.firstLine && line < copy.firstLine + fileLines(copy.text).length;
function joined(older, newer) {
  const a = fileLines(older.text);
  const b = fileLines(newer.text);
  if (newer.firstLine > older.firstLine + a.length || older.firstLine > newer.firstLine + b.length) return null;
  const before = a.slice(0, Math.max(0, newer.firstLine - older.firstLine));
  const after = a.slice(Math.max(0, newer.firstLine + b.length - older.firstLine));
  const lines = [...before, ...b, ...after];
  const text = lines.join("\n") + (lines.at(-1) === "" ? "\n" : "");
  return { text, firstLine: Math.min(older.firstLine, newer.firstLine), whole: false };
}
function fileTouches(t) {
  const known = accounts.get(t.messages);
  if (known) return known;
  const touches = readTouches(t);
  accounts.set(t.messages, touches);
  return touches;
}
var accounts = /* @__PURE__ */ new WeakMap();
function readTouches(t) {
  const touches = /* @__PURE__ */ new Map();
  const freshRead = /* @__PURE__ */ new Set();
  for (const m of t.messages) {
    for (const u of m.toolUses) {
      const key = FILE_TOOLS[u.name];
      const path = key ? u.input[key] : void 0;
      if (typeof path !== "string" || path === "") continue;
      const touch = touches.get(path) ?? { path, last: m.index, focus: 1, ops: {} };
      touch.ops[u.name] = (touch.ops[u.name] ?? 0) + 1;
      touch.last = m.index;
      const failed = u.result?.isError === true;
      if (u.name === "Write" && typeof u.input.content === "string" && !failed) {
        touch.stored = { text: u.input.content, from: "write", firstLine: 1, whole: true };
        touch.focus = 1;
        delete touch.edited;
        freshRead.delete(path);
      } else if (u.name === "Read" && u.result && !failed && u.result.text) {
        readPart(touch, u.input, readText(u.result.text));
        freshRead.add(path);
      } else if ((u.name === "Edit" || u.name === "MultiEdit") && !failed) {
        const edits = u.name === "Edit" ? [u.input] : Array.isArray(u.input.edits) ? u.input.edits : [];
        editCopy(touch, edits, freshRead.has(path));
        freshRead.delete(path);
      } else if (u.name === "NotebookEdit") {
        delete touch.stored;
        freshRead.delete(path);
      }
      touches.delete(path);
      touches.set(path, touch);
    }
  }
  return touches;
}
function readPart(touch, input, shownText) {
  const firstLine = positive(input.offset) ?? 1;
  const shown = shownText === "" ? 0 : shownText.split("\n").length;
  const whole = firstLine === 1 && shown < (positive(input.limit) ?? READ_TOOL_LINES);
  if (shown === 0 && !whole) return;
  const text = !whole && shownText.endsWith("\n") ? `${shownText}
` : shownText;
  const part = { text, firstLine, whole };
  touch.read = part;
  touch.focus = touch.edited ?? firstLine;
  const s = touch.stored;
  if (whole || !s) touch.stored = { ...part, from: "read" };
  else if (!s.whole) {
    const both = joined(s, part);
    if (both) touch.stored = { ...both, from: "read" };
    else if (!holds(s, touch.edited)) touch.stored = { ...part, from: "read" };
  }
}
function editCopy(touch, edits, freshRead) {
  const bases = [touch.stored, freshRead && touch.read ? { ...touch.read, from: "read" } : void 0];
  for (const base of bases) {
    const done = base ? replay(base.text, edits) : null;
    if (!base || !done) continue;
    touch.stored = { ...base, text: done.text };
    touch.edited = touch.focus = base.firstLine + done.line;
    return;
  }
  delete touch.stored;
}

// pipeline/tool-errors.ts
var TOOL_ERROR_RE = /^\s*(<tool_use_error>|Error: |InputValidationError)/;
function isFailure(use) {
  const r = use.result;
  if (r === void 0) return false;
  if (r.isError) return true;
  return use.name === "Bash" ? r.text.trimStart().startsWith("<tool_use_error>") : TOOL_ERROR_RE.test(r.text);
}
var ENGINE_TOOLS = /* @__PURE__ */ new Set(["Edit", "MultiEdit", "Write", "Read", "NotebookEdit", "Glob", "Grep", "LS"]);
var EXIT_LINE = /^Exit code -?\d+$/;
var LOCATION = /[\w.-]*\w\.[A-Za-z]\w{0,9}:\d+/;
var NAMES_ERROR = new RegExp(`${LOCATION.source}|\\b(?:error|exception)\\b:|\\bpanic:|\\bnpm ERR!|\\bFAIL\\b|^! \\S`, "i");
var MENTIONS_ERROR = /\berror\b|\bfailed\b/i;
var BARE_MARKER = /^(?:[-=\s]*)(?:fail|error|failed)[:!.]*$/i;
var REJECTED = /^The user doesn't want to proceed with this tool use\.[^\n]*?(?:the user said:\s*([\s\S]*))?$/;
function errorReason(text, opts = {}) {
  const { lines = 2, max = 200 } = opts;
  const body = text.replace(/<\/?tool_use_error>/g, "");
  const rejected = REJECTED.exec(body.trim());
  if (rejected) return clip(oneLine(`rejected by the user${rejected[1]?.trim() ? `, who said: ${rejected[1].trim()}` : ""}`), max);
  if (/^\s*<tool_use_error>/.test(text) || opts.tool !== void 0 && ENGINE_TOOLS.has(opts.tool)) {
    const [first, next] = body.split("\n").map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "");
    if (first) return clip(first.endsWith(":") && next && lines > 1 ? `${first} \u23CE ${next}` : first, max);
  }
  const raw = body.split("\n");
  const all = raw.map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "");
  const exit = all[0] !== void 0 && EXIT_LINE.test(all[0]) ? all[0] : null;
  const rest = exit ? all.slice(1) : all;
  const pick = (test) => {
    const first = rest.findIndex((l) => test(l) && !BARE_MARKER.test(l));
    if (first < 0) return null;
    const next = rest.findIndex((l, i) => i > first && test(l) && !BARE_MARKER.test(l));
    return [rest[first], ...next >= 0 ? [rest[next]] : rest.slice(first + 1, first + 2)].slice(0, lines);
  };
  const reason = tracebackTail(raw) ?? pick((l) => NAMES_ERROR.test(l)) ?? pick((l) => MENTIONS_ERROR.test(l)) ?? rest.slice(-lines);
  return clip([...exit ? [exit] : [], ...reason].join(" \u23CE "), max);
}
function tracebackTail(raw) {
  let at = -1;
  raw.forEach((l, i) => {
    if (l.startsWith("Traceback (most recent call last)")) at = i;
  });
  if (at < 0) return null;
  const exception = raw.slice(at + 1).find((l) => l.trim() !== "" && !/^\s/.test(l));
  return exception ? [exception.trim()] : null;
}

// pipeline/render.ts
var WRITTEN_FIELDS = /* @__PURE__ */ new Set(["content", "old_string", "new_string", "edits", "new_source"]);
function shownCall(u, policy) {
  const refused = callOutputRefusal(u, policy);
  if (refused) {
    const input2 = Object.fromEntries(Object.entries(u.input).map(([k, v]) => [k, WRITTEN_FIELDS.has(k) ? "[not shown]" : v]));
    return { ...u, input: input2, ...u.result ? { result: { ...u.result, text: `[not shown: ${refused}]` } } : {} };
  }
  const input = Object.fromEntries(
    Object.entries(u.input).map(([k, v]) => [k, typeof v !== "string" ? v : k === "command" ? hideSecretValuesInCommand(v) : hideSecretValues(v)])
  );
  return { ...u, input, ...u.result ? { result: { ...u.result, text: hideSecretValues(u.result.text) } } : {} };
}
var shownMessage = (m, policy) => policy && m.toolUses.length > 0 ? { ...m, toolUses: m.toolUses.map((u) => shownCall(u, policy)) } : m;
var flat = (s) => s.replace(/\s+/g, " ").trim();
var INPUT_FIELDS = ["command", "file_path", "notebook_path", "path", "pattern", "url", "query", "description", "prompt", "skill"];
function keyInput(use) {
  const input = use.input;
  if (use.name === "Grep" && typeof input.pattern === "string") return `${input.pattern}${typeof input.path === "string" ? ` in ${input.path}` : ""}`;
  for (const k of INPUT_FIELDS) {
    const v = input[k];
    if (typeof v === "string" && v !== "") return v;
  }
  const first = Object.values(input).find((v) => typeof v === "string" && v !== "");
  return typeof first === "string" ? first : "";
}
function shortInput(use, max = 120) {
  const key = keyInput(use);
  return clip(oneLine(use.name === "Bash" ? hideSecretValuesInCommand(key) : hideSecretValues(key)), max);
}
var clipEnd = (s, max) => clip(s, max, { mark: (cut) => `\u2026 [+${fmt(cut)} chars]` });
var clipMiddle = (s, max) => clip(s, max, { at: "middle", mark: (cut) => `
[\u2026 ${fmt(cut)} chars clipped \u2026]
` });
function renderUse(u, o) {
  let line = `  \u2192 ${u.name} ${clipEnd(JSON.stringify(u.input), o.toolInputChars)}`;
  if (o.toolResultChars > 0 && u.result) {
    const status = u.result.isError ? "error" : "ok";
    const body = flat(u.result.text);
    line += `
    \u2190 ${status}${body ? `: ${clipEnd(body, o.toolResultChars)}` : ""}`;
  }
  return line;
}
function rendered(m) {
  switch (m.kind) {
    case "typed":
    case "compact-summary":
    case "handoff":
      return m.text.trim() !== "";
    case "assistant":
      return m.text.trim() !== "" || m.toolUses.length > 0;
    case "command":
    case "interrupt":
      return true;
    default:
      return false;
  }
}
var headOf = (m) => `[#${m.index} ${m.role === "assistant" ? "assistant" : m.kind === "typed" ? "user" : m.kind}]`;
function renderMessage(m, opts) {
  if (!rendered(m)) return "";
  const o = { toolInputChars: 200, toolResultChars: 400, messageChars: 8e3, ...opts };
  const head = headOf(m);
  switch (m.kind) {
    case "assistant": {
      const parts = [m.text.trim() ? `${head} ${clipMiddle(m.text.trim(), o.messageChars)}` : head];
      for (const u of m.toolUses) parts.push(renderUse(u, o));
      return parts.join("\n");
    }
    case "command":
      return `${head} ${clipEnd(flat(m.text), 200)}`;
    case "interrupt":
      return `${head} the user interrupted`;
    default:
      return `${head} ${clipMiddle(m.text.trim(), o.messageChars)}`;
  }
}
var COMPACT_LINE = 160;
var OUTCOME_CHARS = 72;
var EDIT_SNIPPET = 48;
var COMPACT_TYPED = 600;
var WRITE_TOOLS = new Set(Object.keys(FILE_TOOLS).filter((tool) => tool !== "Read"));
var READ_LINE = /^\s*\d+(?:→|\t)/;
var PERSISTED = /^\s*<persisted-output>\s*\n([^\n]+)/;
function gist(text, max) {
  const one = flat(text);
  if (one.length <= max) return one;
  const ends = [...one.slice(0, max - 1).matchAll(/(?<=[A-Za-z)\]`'"])[.!?:](?=\s)/g)].map((e) => e.index + 1);
  const end = ends[Math.min(1, ends.length - 1)];
  return end !== void 0 && end >= max / 4 ? `${one.slice(0, end)} \u2026` : clip(one, max);
}
function callDetail(u) {
  const { offset, limit, content, new_string: written, edits } = u.input;
  if (u.name === "Read") {
    const from = typeof offset === "number" && offset > 0 ? offset : void 0;
    const count = typeof limit === "number" && limit > 0 ? limit : void 0;
    if (from !== void 0 && count !== void 0) return lineSpan(from, from + count - 1);
    if (from !== void 0) return `from line ${fmt(from)}`;
    if (count !== void 0) return lineSpan(1, count);
  }
  if (u.name === "Write" && typeof content === "string") return lineCount(fileLines(content).length);
  if (u.name === "Edit" && typeof written === "string") {
    const lines = written.split("\n").map((l) => l.trim());
    const first = lines.find((l) => l.length >= 12) ?? lines.find((l) => l !== "");
    return first === void 0 ? "deleting" : `new: "${clip(first, EDIT_SNIPPET)}"${lines.filter((l) => l !== "").length > 1 ? " \u2026" : ""}`;
  }
  if (u.name === "MultiEdit" && Array.isArray(edits)) return `${fmt(edits.length)} edit${edits.length === 1 ? "" : "s"}`;
  return "";
}
var bareExit1 = (u) => u.name === "Bash" && u.result !== void 0 && withoutEngineNotes(u.result.text).trim() === "Exit code 1";
var failedCall = (u) => isFailure(u) && !bareExit1(u);
function outcomeOf(u) {
  if (u.result === void 0) return "no result";
  const text = withoutEngineNotes(u.result.text);
  if (bareExit1(u)) return "exit 1, no output";
  if (isFailure(u)) {
    const why = errorReason(text, { lines: 1, max: OUTCOME_CHARS - 7, tool: u.name });
    return why ? `error: ${why}` : "error";
  }
  if (WRITE_TOOLS.has(u.name)) return "ok";
  const persisted = PERSISTED.exec(text);
  if (persisted) return clip(`ok: ${flat(persisted[1])}`, OUTCOME_CHARS);
  const lines = text.split("\n").filter((l) => u.name === "Read" ? READ_LINE.test(l) : l.trim() !== "");
  if (lines.length === 0) return "ok";
  if (u.name === "Grep" && /^Found \d+/.test(lines[0])) return clip(`ok: ${flat(lines[0])}`, OUTCOME_CHARS);
  if (lines.length === 1) return clip(`ok: ${flat(lines[0])}`, OUTCOME_CHARS);
  if (u.name === "Bash") return clip(`ok, ${lineCount(lines.length)}, the last: ${flat(lines.at(-1))}`, OUTCOME_CHARS);
  return `ok, ${lineCount(lines.length)}`;
}
function compactKey(u, cwd) {
  const input = u.input;
  const where = typeof input.path === "string" ? input.path : void 0;
  if ((u.name === "Grep" || u.name === "Glob") && typeof input.pattern === "string") return `${input.pattern}${where ? ` in ${shortPath(where, cwd)}` : ""}`;
  const key = keyInput(u);
  return PATH_FIELDS.some((k) => input[k] === key) ? shortPath(key, cwd) : key;
}
function compactUse(u, cwd, width = COMPACT_LINE) {
  const outcome = ` \u2192 ${outcomeOf(u)}`;
  const head = `  \u2192 ${u.name} `;
  const key = oneLine(compactKey(u, cwd));
  const room = width - head.length - outcome.length;
  const detail = callDetail(u);
  const keyRoom = Math.max(20, Math.min(key.length, room - (detail ? 12 : 0)));
  const shownKey = clip(key, keyRoom);
  const detailRoom = room - shownKey.length - 3;
  const shownDetail = detail && detailRoom >= 8 ? ` (${clip(detail, detailRoom)})` : "";
  return `${head}${shownKey}${shownDetail}${outcome}`;
}
function renderCompact(m, cwd, only) {
  const head = headOf(m);
  if (m.kind === "typed") return `${head} ${clipMiddle(m.text.trim(), COMPACT_TYPED)}`;
  if (m.kind !== "assistant") return renderMessage(m, { maxChars: COMPACT_LINE, messageChars: COMPACT_LINE });
  const uses = only ? m.toolUses.filter(only) : m.toolUses;
  const text = only ? " (only its failed calls shown)" : m.text.trim() ? ` ${gist(m.text, COMPACT_LINE - head.length - 1)}` : "";
  if (text === "" && uses.length === 1) return `${head} ${compactUse(uses[0], cwd, COMPACT_LINE - head.length - 1 + 2).trimStart()}`;
  return [head + text, ...uses.map((u) => compactUse(u, cwd))].join("\n");
}
function newestCalls(text, left) {
  const [head, ...calls] = text.split("\n");
  const kept = [];
  for (let k = calls.length - 1; k >= 0; k--) {
    const note = ` (its first ${fmt(k)} call${k === 1 ? "" : "s"} left out)`;
    if ([head + note, calls[k], ...kept].join("\n").length > left) break;
    kept.unshift(calls[k]);
  }
  const cut = calls.length - kept.length;
  return kept.length === 0 ? null : [`${head} (its first ${fmt(cut)} call${cut === 1 ? "" : "s"} left out)`, ...kept].join("\n");
}
var MIN_CLIPPED = 300;
function renderConversation(t, opts) {
  const shown = [];
  let used = 0;
  const counted = (to) => t.messages.slice(0, to).filter(rendered).length;
  const total = counted(t.messages.length);
  const room = opts.maxChars - 120;
  const compact = opts.compact;
  const fullRoom = compact ? Math.min(room, compact.fullChars) : room;
  const newestRoom = compact ? Math.min(room, Math.max(compact.fullChars, MIN_CLIPPED)) : room;
  let full = true;
  for (let i = t.messages.length - 1; i >= 0; i--) {
    if (!rendered(t.messages[i])) continue;
    const m = shownMessage(t.messages[i], opts.policy);
    let s = full ? renderMessage(m, opts) : renderCompact(m, compact?.cwd);
    if (full && used + s.length + 2 > (shown.length === 0 ? newestRoom : fullRoom)) {
      if (shown.length === 0) {
        if (newestRoom < MIN_CLIPPED) break;
        s = clipMiddle(s, newestRoom - 2);
      } else if (compact) {
        full = false;
        s = renderCompact(m, compact.cwd);
      } else break;
    }
    if (used + s.length + 2 > room) {
      const newest = full || m.kind !== "assistant" ? null : newestCalls(s, room - used - 2);
      if (newest) shown.push({ at: i, text: newest, compact: true });
      break;
    }
    shown.push({ at: i, text: s, compact: !full });
    used += s.length + 2;
  }
  if (compact) withFailuresAtEdge(t.messages, shown, room - used, compact.cwd, opts.policy);
  const leftOut = shown.length === 0 ? total : counted(shown.at(-1).at);
  const text = shown.reduceRight((out, b, k) => out === "" ? b.text : `${out}${b.compact && shown[k + 1].compact ? "\n" : "\n\n"}${b.text}`, "");
  const cut = `[${fmt(leftOut)} earlier message${leftOut === 1 ? "" : "s"} left out here to fit ${fmt(opts.maxChars)} chars; what follows is the newest part]`;
  return { text: leftOut > 0 ? `${cut}${text ? `

${text}` : ""}` : text, rendered: total - leftOut, leftOut };
}
function withFailuresAtEdge(messages, shown, left, cwd, policy) {
  while (shown.length > 0) {
    const edge = shown.at(-1).at;
    const before = messages.findLastIndex((m2, i) => i < edge && rendered(m2));
    if (before < 0) return;
    const m = shownMessage(messages[before], policy);
    if (!m.toolUses.some(failedCall)) return;
    const s = renderCompact(m, cwd, failedCall);
    if (s.length + 2 <= left) {
      shown.push({ at: before, text: s, compact: true });
      return;
    }
    if (shown.length === 1) return;
    left += shown.pop().text.length + 2;
  }
}
function numberLines(text, offset = 1, limit = 2e3, firstLine = 1) {
  const lines = fileLines(text);
  const start = Math.max(offset, 1);
  const from = Math.max(start, firstLine);
  return lines.slice(from - firstLine, start + limit - firstLine).map((line, i) => `${from + i}	${line}`).join("\n");
}

export {
  readEngineMessages,
  readJsonlTranscript,
  withoutEngineNotes,
  windowStart,
  beforeBoundary,
  readPolicy,
  resolveIn,
  READ_POLICY_OPTIONS,
  secretPattern,
  hideSecretValues,
  hideSecretValuesInCommand,
  PATH_FIELDS,
  callOutputRefusal,
  refusalOf,
  readBounded,
  vetForRead,
  fileLines,
  lastCopy,
  ENGINE_ATTACHED,
  FILE_TOOLS,
  fileTouches,
  isFailure,
  errorReason,
  keyInput,
  shortInput,
  renderConversation,
  numberLines
};
