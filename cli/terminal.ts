/**
 * What the CLI prints for a person is made safe for a terminal: text from a transcript or the store
 * may hold escape sequences (colours, OSC 8 links, OSC 52 clipboard writes, a title change, a
 * cursor move that hides a line). Every control character but newline and tab is shown as a
 * visible symbol instead of being sent; `--json` and `--out` keep the text exactly.
 */

/** C0 controls but \t and \n, DEL, and the C1 controls (U+0080–U+009F: 8-bit CSI, OSC, …). */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's job
const CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

/** C0 as its Unicode control picture (ESC → ␛, BEL → ␇, CR → ␍), DEL as ␡, C1 as `\u009b`. */
function visible(c: string): string {
  const code = c.charCodeAt(0)
  if (code < 0x20) return String.fromCharCode(0x2400 + code)
  if (code === 0x7f) return '\u2421'
  return `\\u${code.toString(16).padStart(4, '0')}`
}

export function forTerminal(text: string): string {
  return text.replace(CONTROL_RE, visible)
}

/** JSON that is safe on a terminal and parses to the same value: JSON.stringify escapes C0 itself;
 *  DEL and C1 (U+007F–U+009F) it leaves raw, so they are escaped here. */
export function jsonForTerminal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
