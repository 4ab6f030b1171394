/**
 * Whether a tool call failed and why, in its own words: shapes from real transcripts (a task
 * runner's echo, a TeX banner, a pre-commit hook, a traceback, npm, the engine's own errors).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { errorReason, isFailure } from './tool-errors.ts'
import type { ToolUse } from './transcript.ts'

const use = (name: string, text: string, isError = false): ToolUse => ({
  id: 'u',
  name,
  input: { command: 'x', file_path: '/f' },
  result: { toolUseId: 'u', text, isError },
})

describe('tool errors', () => {
  test('is_error, or the error text the tool itself produced', () => {
    assert.equal(isFailure(use('Bash', 'Exit code 1\nboom', true)), true)
    assert.equal(isFailure(use('Edit', '<tool_use_error>String to replace not found</tool_use_error>')), true)
    assert.equal(isFailure(use('Read', 'Error: EISDIR')), true)
    // A command's own output is not the tool's error text.
    assert.equal(isFailure(use('Bash', 'Error: this is what the program printed')), false)
    assert.equal(isFailure(use('Bash', 'all good')), false)
  })

  test('the reason drops the wrapper tags; with nothing naming an error it is the last two lines', () => {
    assert.equal(errorReason('<tool_use_error>File does not exist.</tool_use_error>'), 'File does not exist.')
    // A tool's own error says why first; the old_string it hands back is not the reason.
    assert.equal(
      errorReason('<tool_use_error>String to replace not found in file.\nString: if __name__ == "__main__":\n    main()</tool_use_error>'),
      'String to replace not found in file.',
    )
    // 1.0.x wrote a tool's error bare (sniffly d3ad4cdc): the tool, not the text, says it is one.
    const bare = 'String to replace not found in file.\nString: def main():\n    print("x")\n\nif __name__ == "__main__":\n    main()'
    assert.equal(errorReason(bare, { tool: 'Edit' }), 'String to replace not found in file.')
    assert.equal(errorReason(bare, { tool: 'Bash' }), 'if __name__ == "__main__": ⏎ main()')
    // Another tool's error reads like output: an MCP server's traceback ends at its exception.
    const traceback = 'Traceback (most recent call last):\n  File "x.py", line 3, in <module>\n    run()\nValueError: bad input'
    assert.equal(errorReason(traceback, { tool: 'mcp__py__run', lines: 1 }), 'ValueError: bad input')
    // An engine's validation error says why on the line after its first.
    assert.equal(
      errorReason(
        '<tool_use_error>InputValidationError: Edit failed due to the following issue:\nThe required parameter `old_string` is missing</tool_use_error>',
      ),
      'InputValidationError: Edit failed due to the following issue: ⏎ The required parameter `old_string` is missing',
    )
    // TeX's error lines start with "! ".
    assert.equal(errorReason('This is pdfTeX\n(./p.tex\n! Undefined control sequence.\nl.12 \\foo\n)', { lines: 1 }), '! Undefined control sequence.')
    assert.equal(errorReason('a\n\nb\nc'), 'b ⏎ c')
    assert.equal(errorReason('Exit code 1'), 'Exit code 1')
  })

  test('the reason skips a banner for the lines that name the error', () => {
    // Shapes from the real transcripts: a task runner's echo of its command, a TeX banner, a
    // pre-commit hook's progress, a test runner's FAIL, a Python traceback, npm.
    const goTest =
      'Exit code 1\n[test] $ go test ./...\n[test] ERROR task failed\n\nok  \tpkg/a\t0.1s\n    state_test.go:760: got 33.3%, want 42.9%\n--- FAIL: TestShare (0.00s)\nFAIL\nFAIL\tpkg/strategy\t3.2s'
    assert.equal(errorReason(goTest), 'Exit code 1 ⏎ state_test.go:760: got 33.3%, want 42.9% ⏎ --- FAIL: TestShare (0.00s)')
    const tex =
      'This is pdfTeX, Version 3.14 (TeX Live 2023)\n restricted \\write18 enabled.\nentering extended mode\n(./paper.tex\n! LaTeX Error: Missing \\begin{document}.\n\nSee the LaTeX manual'
    assert.equal(errorReason(tex), '! LaTeX Error: Missing \\begin{document}. ⏎ See the LaTeX manual')
    const hook =
      'Pre-commit validation failed:\n[DIALYZER]\nFinding suitable PLTs\nChecking PLT...\nTotal errors: 2, Skipped: 0\nlib/a/helpers.ex:57:13:pattern_match\nThe pattern can never match the type.'
    assert.equal(errorReason(hook), 'lib/a/helpers.ex:57:13:pattern_match ⏎ The pattern can never match the type.')
    const py = 'Exit code 1\nloading\nTraceback (most recent call last):\n  File "run.py", line 3, in <module>\n    main()\nKeyError: \'name\''
    assert.equal(errorReason(py), "Exit code 1 ⏎ KeyError: 'name'")
    assert.equal(
      errorReason('Exit code 1\n> app@1.0 build\nnpm ERR! code ELIFECYCLE\nnpm ERR! errno 2'),
      'Exit code 1 ⏎ npm ERR! code ELIFECYCLE ⏎ npm ERR! errno 2',
    )
    // A line that only mentions an error counts when nothing names one outright.
    assert.equal(errorReason('Exit code 1\n[lint] $ lint ./...\n[lint] ERROR task failed\ndone'), 'Exit code 1 ⏎ [lint] ERROR task failed ⏎ done')
  })

  test('a call the user turned down says so, with their words', () => {
    const text =
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nare there some go compilation problems?"
    assert.equal(errorReason(text), 'rejected by the user, who said: are there some go compilation problems?')
    assert.equal(
      errorReason("The user doesn't want to proceed with this tool use. The tool use was rejected. STOP what you are doing."),
      'rejected by the user',
    )
  })
})
