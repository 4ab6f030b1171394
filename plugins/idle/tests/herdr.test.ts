import { describe, expect, test } from 'claude-code/testing'
import { explainArgv, herdrPane, nextSeq, releaseArgv, reportIdleArgv, reportSessionArgv, screenState } from '../hooks/herdr'

const pane = { bin: 'herdr', pane: 'w1:p3' }

describe('herdrPane', () => {
  test('inside herdr: HERDR_ENV=1 and a pane id; herdr from PATH', () => {
    expect(herdrPane({ HERDR_ENV: '1', HERDR_PANE_ID: 'w1:p3' })).toEqual({ bin: 'herdr', pane: 'w1:p3' })
  })
  test('HERDR_BIN_PATH names the executable', () => {
    expect(herdrPane({ HERDR_ENV: '1', HERDR_PANE_ID: 'w1:p3', HERDR_BIN_PATH: '/opt/herdr/bin/herdr' })).toEqual({
      bin: '/opt/herdr/bin/herdr',
      pane: 'w1:p3',
    })
  })
  test('outside herdr: no pane', () => {
    expect(herdrPane({})).toBe(null)
    expect(herdrPane({ HERDR_ENV: '1' })).toBe(null)
    expect(herdrPane({ HERDR_ENV: '1', HERDR_PANE_ID: ' ' })).toBe(null)
    expect(herdrPane({ HERDR_ENV: '0', HERDR_PANE_ID: 'w1:p3' })).toBe(null)
  })
})

describe('the command lines', () => {
  test('report the pane idle, with the session', () => {
    expect(reportIdleArgv(pane, 1_700_000_000_000_999_999n, 'sess-1')).toEqual([
      'herdr',
      'pane',
      'report-agent',
      'w1:p3',
      '--source',
      'herdr:claude',
      '--agent',
      'claude',
      '--state',
      'idle',
      '--seq',
      '1700000000000999999',
      '--agent-session-id',
      'sess-1',
    ])
  })
  test('explain the screen as JSON', () => {
    expect(explainArgv(pane)).toEqual(['herdr', 'agent', 'explain', 'w1:p3', '--json'])
  })
  test('release the pane', () => {
    expect(releaseArgv(pane, 5n)).toEqual(['herdr', 'pane', 'release-agent', 'w1:p3', '--source', 'herdr:claude', '--agent', 'claude', '--seq', '5'])
  })
  test('report the session again', () => {
    expect(reportSessionArgv(pane, 6n, 'sess-1')).toEqual([
      'herdr',
      'pane',
      'report-agent-session',
      'w1:p3',
      '--source',
      'herdr:claude',
      '--agent',
      'claude',
      '--seq',
      '6',
      '--agent-session-id',
      'sess-1',
    ])
  })
})

describe('nextSeq', () => {
  test('the last nanosecond of the current millisecond', () => {
    expect(nextSeq(1_700_000_000_000, 0n)).toBe(1_700_000_000_000_999_999n)
  })
  test('always above the one before, even in the same millisecond', () => {
    const a = nextSeq(1_000, 0n)
    const b = nextSeq(1_000, a)
    const c = nextSeq(999, b)
    expect(b).toBe(a + 1n)
    expect(c).toBe(b + 1n)
    expect(nextSeq(2_000, c)).toBe(2_000_999_999n)
  })
})

describe('screenState', () => {
  test('reads state from agent explain --json', () => {
    expect(screenState('{"state":"idle","matched_rule":"prompt"}')).toBe('idle')
    expect(screenState('{"state":"working"}\n')).toBe('working')
  })
  test('anything else is no reading', () => {
    expect(screenState('state: idle')).toBe(null)
    expect(screenState('{"state":3}')).toBe(null)
    expect(screenState('null')).toBe(null)
    expect(screenState('')).toBe(null)
  })
})
