/**
 * A transcript is input, not instructions: what it names is re-read only when the read policy
 * allows it. Before: /proc/self/environ (the API key with it), ~/.ssh/id_rsa, .env and
 * /etc/shadow came back in the handoff; a symlink swapped in after the session read a file was
 * followed out of the project; relative paths resolved against the CLI's own cwd; a FIFO hung the
 * run; /dev/urandom or a sparse 400 MB file cost over 1 GB to keep 20 KB; binary came back as text.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { cliCapabilities } from '../../cli/capabilities.ts'
import { diskFiles } from '../../pipeline/disk-files.ts'
import { readBounded, readPolicy } from '../../pipeline/read-policy.ts'
import { parseJsonl } from '../../pipeline/transcript.ts'
import { cli, readRows, userRow, writeJsonl } from './helpers.ts'

const root = mkdtempSync(join(tmpdir(), 'ch-hostile-read-'))
after(() => rmSync(root, { recursive: true, force: true }))
const home = join(root, 'home')
const project = join(root, 'project')
const elsewhere = join(root, 'elsewhere')
for (const d of [join(home, '.ssh'), project, elsewhere]) mkdirSync(d, { recursive: true })

const SECRET = 'SECRET-4b1d'
writeFileSync(join(home, '.ssh', 'id_rsa'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET}\n`)
writeFileSync(join(project, '.env'), `API_KEY=${SECRET}\n`)
writeFileSync(join(project, 'server.pem'), `${SECRET}\n`)
writeFileSync(join(elsewhere, 'outside.txt'), `${SECRET} outside the project\n`)
writeFileSync(join(project, 'notes.txt'), 'the project notes\n')
writeFileSync(join(elsewhere, 'notes.txt'), `${SECRET} the CLI's cwd notes\n`)
// Read by the session as a plain file, then swapped for a link that leaves the project.
symlinkSync(join(elsewhere, 'outside.txt'), join(project, 'swapped.txt'))
execFileSync('mkfifo', [join(project, 'pipe.txt')])
writeFileSync(join(project, 'image.txt'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3, 0, 0, 255, 254]))
execFileSync('truncate', ['-s', '400M', join(project, 'sparse.log')])

writeFileSync(join(root, 'empty.yaml'), '')
const env = { HOME: home, COMPACT_HANDOFF_CONFIG: join(root, 'empty.yaml'), API_KEY_FOR_TEST: SECRET }

const named = [
  '/proc/self/environ',
  join(home, '.ssh', 'id_rsa'),
  join(project, '.env'),
  join(project, 'server.pem'),
  '/etc/shadow',
  join(project, 'swapped.txt'),
  join(elsewhere, 'outside.txt'),
  join(project, 'pipe.txt'),
  '/dev/urandom',
  join(project, 'image.txt'),
]

describe('hostile: the read policy', () => {
  test('build from a transcript naming secrets and special files: none is read, each refusal has its reason, and it ends', () => {
    const rows = [
      userRow('look at these', { cwd: project }),
      ...named.flatMap((p, i) => readRows(i, p, `     1\tthe session saw ${p}`)),
      ...readRows(99, 'notes.txt', '     1\tthe project notes'),
    ]
    const file = writeJsonl(join(root, 'session.jsonl'), rows)
    // Run from `elsewhere`: a relative path must not resolve against the CLI's own cwd.
    const r = cli(['build', file, '--json', '--end'], { env, cwd: elsewhere })
    assert.equal(r.status, 0, r.stderr)
    assert.doesNotMatch(r.stdout, new RegExp(SECRET))
    const out = JSON.parse(r.stdout) as {
      sections: Array<{ name: string; record?: { refused: Array<{ path: string; why: string }>; restored: Array<{ path: string }> } }>
    }
    const restore = out.sections.find((s) => s.name === 'restore')!.record!
    const why = new Map(restore.refused.map((x) => [x.path, x.why]))
    assert.match(why.get('/proc/self/environ')!, /kernel view/)
    assert.match(why.get(join(home, '.ssh', 'id_rsa'))!, /deny list \(~\/\.ssh\/\*\*\)/)
    assert.match(why.get(join(project, '.env'))!, /deny list \(\.env\)/)
    assert.match(why.get(join(project, 'server.pem'))!, /deny list \(\*\.pem\)/)
    assert.match(why.get('/etc/shadow')!, /deny list|outside the session's project/)
    assert.match(why.get(join(project, 'swapped.txt'))!, /real path .*outside\.txt is outside the session's project/)
    assert.match(why.get(join(elsewhere, 'outside.txt'))!, /outside the session's project/)
    assert.match(why.get(join(project, 'pipe.txt'))!, /a FIFO, not a regular file/)
    assert.match(why.get('/dev/urandom')!, /kernel view/)
    // The recency pick stops at maxFiles; what it restored is the project's own notes.
    assert.deepEqual(
      restore.restored.map((f) => f.path),
      ['notes.txt'],
    )
  })

  test('a relative path resolves against the transcript cwd, and without one it is refused', async () => {
    const policy = readPolicy(project, {}, home)
    const r = await readBounded('notes.txt', policy)
    assert.ok(r.ok && r.text === 'the project notes')
    const none = await readBounded('notes.txt', readPolicy(undefined, {}, home))
    assert.ok(!none.ok && /relative path/.test(none.reason))
    // The transcript's own model: a missing cwd gives no project.
    assert.equal(parseJsonl(JSON.stringify(userRow('x'))).cwd, undefined)
  })

  test('binary content is sniffed, not guessed from the name', async () => {
    const r = await readBounded(join(project, 'image.txt'), readPolicy(project, {}, home))
    assert.ok(!r.ok && /binary content/.test(r.reason))
  })

  test('a sparse 400 MB file: only the bytes kept are read', async () => {
    writeFileSync(join(project, 'big.log'), 'a line of text\n'.repeat(200_000))
    const before = process.memoryUsage().rss
    const r = await readBounded(join(project, 'big.log'), readPolicy(project, {}, home), { maxChars: 20_000 })
    assert.ok(r.ok && r.truncated && r.text.length <= 20_000 && r.bytesRead <= 2 * 65_536, JSON.stringify(r.ok && { bytes: r.bytesRead }))
    const sparse = await diskFiles.read(
      { path: join(project, 'sparse.log'), policy: readPolicy(project, {}, home), maxChars: 20_000 },
      new AbortController().signal,
    )
    // Zeros are binary: refused after one chunk, never read whole.
    assert.ok(!sparse.ok && /binary/.test(sparse.reason))
    assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024)
  })

  test("a section reading without a policy of its own reads under the run's: the transcript's project", async () => {
    const signal = new AbortController().signal
    const files = cliCapabilities(null, readPolicy(project, {}, home)).files!
    const notes = await files.read({ path: 'notes.txt' }, signal)
    assert.ok(notes.ok && notes.text === '1\tthe project notes')
    const key = await files.read({ path: join(home, '.ssh', 'id_rsa') }, signal)
    assert.ok(!key.ok && /deny list/.test(key.reason))
    // The bare disk capability has no project: a read without a policy is refused, never served.
    const bare = await diskFiles.read({ path: join(project, 'notes.txt') }, signal)
    assert.ok(!bare.ok && /no project directory/.test(bare.reason))
  })

  test('the deny list can be narrowed and widened', async () => {
    writeFileSync(join(project, 'local.secret.txt'), 'mine\n')
    const narrowed = await readBounded(join(project, 'local.secret.txt'), readPolicy(project, { denyPaths: ['*.secret.txt'] }, home))
    assert.ok(!narrowed.ok && /deny list \(\*\.secret\.txt\)/.test(narrowed.reason))
    writeFileSync(join(project, '.env.example'), 'API_KEY=\n')
    const widened = await readBounded(join(project, '.env.example'), readPolicy(project, { allowPaths: ['.env.example'] }, home))
    assert.ok(widened.ok && widened.text === 'API_KEY=')
  })
})
