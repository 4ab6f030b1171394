/**
 * The deny list is matched as one regular expression (every pattern an alternative), and a path's
 * verdict is remembered across the sections' own policies. Both must answer exactly what trying
 * each pattern with picomatch answers, for the default list and for lists a user writes.
 */
import assert from 'node:assert/strict'
import { resolve } from 'node:path'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import picomatch from 'picomatch'
import { DEFAULT_DENY, readPolicy, secretPattern } from './read-policy.ts'

const HOME = '/home/ana'
const ROOT = '/work/app'

/** The verdict as the list reads pattern by pattern: the allow list first, then the first deny pattern. */
function oneByOne(path: string, deny: readonly string[], allow: readonly string[]): string | undefined {
  const expanded = path.startsWith('~/') ? HOME + path.slice(1) : path
  const abs = resolve(ROOT, expanded)
  const anchored = (p: string) => (p.startsWith('~/') ? HOME + p.slice(1) : p.startsWith('/') ? p : `**/${p}`)
  const first = (list: readonly string[]) => list.find((p) => picomatch(anchored(p), { dot: true })(abs))
  return first(allow) !== undefined ? undefined : first(deny)
}

const PIECES = [
  '.ssh',
  'id_rsa',
  'id_rsa.pub',
  '.env',
  '.env.local',
  'env',
  'server.pem',
  'a.key',
  'key',
  '.aws',
  'credentials',
  'src',
  'main.go',
  'etc',
  'shadow',
  '[x]',
  'a b',
  'ünï',
  '..',
  '.',
]
const path = fc
  .tuple(fc.constantFrom('/', '~/', '', `${HOME}/`, '/etc/', `${ROOT}/`), fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }))
  .map(([start, parts]) => start + parts.join('/'))

describe('the deny list as one expression', () => {
  test('the default list: the same pattern as trying each one', () => {
    const policy = readPolicy(ROOT, {}, HOME)
    fc.assert(
      fc.property(path, (p) => {
        assert.equal(secretPattern(p, policy), oneByOne(p, DEFAULT_DENY, []), p)
      }),
      { numRuns: 2000 },
    )
  })

  test("a user's lists, with braces, classes, a `!`, a literal bracket and an allow list: the same again", () => {
    const deny = ['*.{key,crt}', 'secrets/[a-c]*', '!keep.key', '[x]', 'a b', '/srv/[x]', '~/notes/*.md']
    const allow = ['**/src/**/.env', 'fixtures/*.pem']
    const policy = readPolicy(ROOT, { denyPaths: deny, allowPaths: allow }, HOME)
    fc.assert(
      fc.property(
        fc.oneof(
          path,
          fc.constantFrom('keep.key', '!keep.key', 'secrets/b1', 'x', '[x]', 'a b', 'src/.env', 'fixtures/t.pem', '/srv/[x]', '/srv/x', '~/notes/a.md'),
        ),
        (p) => {
          assert.equal(secretPattern(p, policy), oneByOne(p, [...DEFAULT_DENY, ...deny], allow), p)
        },
      ),
      { numRuns: 2000 },
    )
  })

  test('policies with the same lists share verdicts; a different list gets its own', () => {
    const plain = readPolicy(ROOT, {}, HOME)
    const again = readPolicy(ROOT, {}, HOME)
    const wider = readPolicy(ROOT, { denyPaths: ['*.txt'] }, HOME)
    assert.equal(secretPattern('notes.txt', plain), undefined)
    assert.equal(secretPattern('notes.txt', again), undefined)
    assert.equal(secretPattern('notes.txt', wider), '*.txt')
    assert.equal(secretPattern('~/.ssh/id_ed25519', again), '~/.ssh/**')
  })
})
