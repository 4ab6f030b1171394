import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { clip, fmt } from './text.ts'

describe('text', () => {
  test('fmt: thousands separators, three decimals at most', () => {
    assert.equal(fmt(1234567), '1,234,567')
    assert.equal(fmt(12.34567), '12.345')
    assert.equal(fmt(999), '999')
  })

  test('clip: text that fits is untouched; a cut is at most max with its mark, which says how much', () => {
    assert.equal(clip('short', 10), 'short')
    assert.equal(clip('abcdefghij', 5), 'abcd…')
    const marked = clip('x'.repeat(100), 30, { mark: (cut) => ` [+${cut}]` })
    assert.equal(marked, `${'x'.repeat(24)} [+76]`)
    assert.ok(marked.length <= 30)
  })

  test('clip in the middle keeps both ends; at a line keeps whole lines when one ends late enough', () => {
    assert.equal(clip('head-' + 'm'.repeat(50) + '-tail', 20, { at: 'middle', mark: () => '|…|' }), 'head-mmmm|…|mmm-tail')
    // Between words when a space is near: no word is cut in two.
    const words = 'Create the registry of every type definition the parser reads, then wire it into the loader'
    const cut = clip(words, 50, { at: 'middle', mark: (n) => ` [… ${n} …] ` })
    assert.ok(cut.length <= 50, cut)
    assert.match(cut, /^Create the registry (of )?\s?\[… \d+ …\] (it )?into the loader$/, cut)
    // A cut already between words stays there: no whole word is given up.
    assert.equal(clip('alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu', 20, { at: 'middle', mark: () => '|' }), 'alpha beta|lambda mu')
    // The count gaining a digit never takes the cut past max.
    for (let n = 980; n < 1_040; n++) assert.ok(clip(`${'word '.repeat(n)}end`, 60, { at: 'middle', mark: (c) => ` [${c}] ` }).length <= 60)
    const lines = ['one line', 'two line', 'three line', 'four line'].join('\n')
    assert.equal(clip(lines, 27, { atLine: true, mark: (cut) => `\n[${cut} cut]` }), 'one line\ntwo line\n[21 cut]')
  })
})
