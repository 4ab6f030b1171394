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
import { callOutputRefusal, DEFAULT_DENY, hideSecretValues, hideSecretValuesInCommand, readPolicy, secretPattern } from './read-policy.ts'

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

  test('policies with the same lists give the same verdicts; a different list its own', () => {
    const plain = readPolicy(ROOT, {}, HOME)
    const again = readPolicy(ROOT, {}, HOME)
    const wider = readPolicy(ROOT, { denyPaths: ['*.txt'] }, HOME)
    assert.equal(secretPattern('notes.txt', plain), undefined)
    assert.equal(secretPattern('notes.txt', again), undefined)
    assert.equal(secretPattern('notes.txt', wider), '*.txt')
    assert.equal(secretPattern('~/.ssh/id_ed25519', again), '~/.ssh/**')
  })
})

describe('secret values hidden', () => {
  const HIDDEN = '[value not shown]'
  test('assignments in the shapes files and searches print them: the name kept, the value hidden', () => {
    const cases: Array<[string, string]> = [
      ['API_KEY=sk-live-SUPERSECRET123', `API_KEY=${HIDDEN}`],
      ['export GITHUB_TOKEN=ghp_abc', `export GITHUB_TOKEN=${HIDDEN}`],
      ['.env:API_KEY=sk-live-SUPERSECRET123', `.env:API_KEY=${HIDDEN}`],
      ['config.json:3:  "api_key": "k-123456",', `config.json:3:  "api_key": ${HIDDEN}`],
      ['  "apiKey": "abcdef123456"', `  "apiKey": ${HIDDEN}`],
      ['- token: abc', `- token: ${HIDDEN}`],
      ['password: hunter2', `password: ${HIDDEN}`],
      ['→ Bash grep -r KEY → ok: .env:API_KEY=sk-live-9', `→ Bash grep -r KEY → ok: .env:API_KEY=${HIDDEN}`],
      ['env DB_PASSWORD=s3cr3t node app.js', `env DB_PASSWORD=${HIDDEN} node app.js`],
      ['{"client_secret": "abc", "n": 1}', `{"client_secret": "${HIDDEN}", "n": 1}`],
      ['curl -H "Authorization: Bearer abcdefghijklmnop" https://x', `curl -H "Authorization: ${HIDDEN}" https://x`],
      ['DATABASE_URL=postgres://u:pw@h/db', `DATABASE_URL=postgres://u:${HIDDEN}@h/db`],
      ['connecting to postgres://admin:hunter2@db.local:5432/app', `connecting to postgres://admin:${HIDDEN}@db.local:5432/app`],
      ['key sk-ant-api03-abcdefghijkl in the log', `key ${HIDDEN} in the log`],
      ['AKIAIOSFODNN7EXAMPLE is the id', `${HIDDEN} is the id`],
      // A review's list: other key shapes, headers, flags, names.
      ['STRIPE=sk_live_51Habcdefghij0123', `STRIPE=${HIDDEN}`],
      ['ASIAIOSFODNN7EXAMPLE ya29.a0AfH6SMBx3x_abcdefghijklmn', `${HIDDEN} ${HIDDEN}`],
      ['redis://:s3cret@cache:6379/0', `redis://:${HIDDEN}@cache:6379/0`],
      ['authorization: bearer abc123def456', `authorization: ${HIDDEN}`],
      ['curl -H "X-Api-Key: k1" -H "Cookie: sid=abc" https://x', `curl -H "X-Api-Key: ${HIDDEN}" -H "Cookie: ${HIDDEN}" https://x`],
      ['docker login -u me --password hunter2 registry.io', `docker login -u me --password ${HIDDEN} registry.io`],
      ['curl -u admin:pw123 https://x', `curl -u admin:${HIDDEN} https://x`],
      ['DB_PASS=hunter2', `DB_PASS=${HIDDEN}`],
      ['const apiKey = "abc123"', `const apiKey = "${HIDDEN}"`],
      ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', `jwt ${HIDDEN}`],
    ]
    for (const [line, shown] of cases) assert.equal(hideSecretValues(line), shown, line)
  })

  test('in a command, the heredoc text after its first line is read as any text', () => {
    assert.equal(hideSecretValuesInCommand('cat > c.yml <<EOF\n  password: hunter2\nEOF'), `cat > c.yml <<EOF\n  password: ${HIDDEN}\nEOF`)
    assert.equal(hideSecretValuesInCommand('GH_TOKEN=ghp_x1 gh pr create --fill'), `GH_TOKEN=${HIDDEN} gh pr create --fill`)
  })

  test('a private key block keeps its fences only', () => {
    const pem = 'before\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nAAAA\n-----END OPENSSH PRIVATE KEY-----\nafter'
    assert.equal(hideSecretValues(pem), `before\n-----BEGIN OPENSSH PRIVATE KEY-----\n${HIDDEN}\n-----END OPENSSH PRIVATE KEY-----\nafter`)
  })

  test('code, references and plain words stay as they are', () => {
    for (const line of [
      'const token = getToken()',
      'export API_KEY=$API_KEY',
      'run with TOKEN=${TOKEN} set',
      'if (password === undefined) return',
      'the token expired, so log in again',
      'max_tokens 4096 and no key',
      'see https://example.com/a:b@c for the docs',
      // A review's list: numbers, comparisons, types, references, URLs, colours, words.
      '"max_tokens": 4096',
      'client.create(max_tokens=1024)',
      'if(token==null)return',
      'src/x.ts:12:  token: string;',
      '  password: string',
      '"token": "$TOKEN"',
      'token := os.Getenv("TOKEN")',
      'TOKEN_URL=https://auth.example.com/token',
      'PASSWORD_MIN_LENGTH=12',
      '  --color-token: #fff;',
      'Bearer authentication is used',
      'sk-learn-pipeline-refactor-notes',
    ])
      assert.equal(hideSecretValues(line), line, line)
  })
})

describe('what a call printed, when it names the deny list', () => {
  const policy = readPolicy(ROOT, {}, HOME)
  const grep = (text: string) => ({ id: 'g', name: 'Bash', input: { command: 'grep -r API_KEY .' }, result: { toolUseId: 'g', text, isError: false } })
  test('a search that prints no line numbers still names the files it read', () => {
    assert.match(
      callOutputRefusal(grep('.env:API_KEY=sk-live-1\nsrc/app.ts:const k = 1'), policy) ?? '',
      /it names \.env, which matches the deny list \(\.env\)/,
    )
    assert.match(callOutputRefusal(grep('config/.env.local:3:API_KEY=x'), policy) ?? '', /\.env\.local/)
    assert.equal(callOutputRefusal(grep('src/app.ts:const k = 1\nMakefile:12:\tnode app.js\nError: nothing'), policy), null)
  })
  test("any other call's path:12: lines still name their files", () => {
    const script = {
      id: 's',
      name: 'Bash',
      input: { command: './scripts/check.sh' },
      result: { toolUseId: 's', text: 'config/.env:3:DB_PASS=hunter2', isError: false },
    }
    assert.match(callOutputRefusal(script, policy) ?? '', /it names config\/\.env/)
    const mcp = {
      id: 'm',
      name: 'mcp__files__search',
      input: { query: 'key' },
      result: { toolUseId: 'm', text: 'a.txt:1:x\n~/.aws/credentials:2:aws_secret=1', isError: false },
    }
    assert.match(callOutputRefusal(mcp, policy) ?? '', /\.aws\/credentials/)
  })
})
