import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { LockTimeout, withLock } from './lock.ts'

const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'ch-lock-'))
  made.push(d)
  return d
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A pid that was real a moment ago and is not now. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(r.stdout.toString())
}

describe('store/lock', () => {
  test('holders take turns, and the file is gone after', async () => {
    const file = join(fresh(), 'x.lock')
    const order: string[] = []
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        withLock(
          file,
          async () => {
            order.push(`${name}+`)
            await sleep(20)
            order.push(`${name}-`)
          },
          { waitMs: 5_000 },
        ),
      ),
    )
    for (let i = 0; i < order.length; i += 2) assert.equal(order[i]!.slice(0, 1), order[i + 1]!.slice(0, 1), order.join(' '))
    assert.equal(existsSync(file), false)
  })

  test('a lock whose holder died is taken over at once', async () => {
    const file = join(fresh(), 'x.lock')
    writeFileSync(file, JSON.stringify({ pid: deadPid(), host: hostname(), at: Date.now(), token: 't' }))
    const started = Date.now()
    assert.equal(await withLock(file, () => 'ran', { waitMs: 0 }), 'ran')
    assert.ok(Date.now() - started < 1_000)
  })

  test('a lock with no name in it (its writer died before writing) is taken over once it is old', async () => {
    const file = join(fresh(), 'x.lock')
    writeFileSync(file, '')
    await assert.rejects(
      withLock(file, () => 'ran', { waitMs: 30 }),
      LockTimeout,
    )
    assert.equal(await withLock(file, () => 'ran', { waitMs: 30, staleMs: 0 }), 'ran')
  })

  test('a live holder is waited for, then named in the timeout', async () => {
    const file = join(fresh(), 'x.lock')
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now(), token: 'other' }))
    await assert.rejects(
      withLock(file, () => 'ran', { waitMs: 50 }),
      (e: unknown) => e instanceof LockTimeout && e.message.includes(`pid ${process.pid}`),
    )
    assert.equal(existsSync(file), true, "someone else's lock is left alone")
  })
})
