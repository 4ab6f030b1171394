import assert from 'node:assert/strict'
import { test } from 'node:test'
import { reportedUsage } from './capabilities.ts'

test('usage of a failed engine call (all counts 0) is no measurement: null, never 0', () => {
  const zero = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 }
  assert.equal(reportedUsage(zero), null)
  assert.equal(reportedUsage(undefined), null)
  const real = { ...zero, cache_read_input_tokens: 1200, output_tokens: 40 }
  assert.deepEqual(reportedUsage(real), real)
})
