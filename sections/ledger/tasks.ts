/**
 * The session's task list as its task calls left it: Claude Code's TaskCreate / TaskUpdate /
 * TaskList (a task each, by id), and the older TodoWrite (the whole list each time). The plan
 * outlives a compaction in the engine, so every call the transcript holds counts, not only those
 * since the last one; a call that came back as an error changed nothing.
 */
import { clip, fmt, isFailure, type Message, oneLine } from '../../pipeline/index.ts'

export interface Task {
  id: string
  subject: string
  /** As the tools spell it: `pending`, `in_progress`, `completed` (or another the engine adds). */
  status: string
  /** Ids of the tasks it waits for. */
  blockedBy: string[]
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

/** `#3 [in_progress] Subject [blocked by #1, #2]`: one line of TaskList's answer. */
const LIST_LINE = /^#(\w+) \[(\w+)\] (.*?)(?: \[blocked by ([^\]]*)\])?$/

/** Every task call in `messages`, in order, folded into the list as it stands after the last. */
export function taskList(messages: readonly Message[]): Task[] {
  const tasks = new Map<string, Task>()
  const upsert = (id: string): Task => {
    let t = tasks.get(id)
    if (!t) {
      t = { id, subject: '', status: 'pending', blockedBy: [] }
      tasks.set(id, t)
    }
    return t
  }
  for (const m of messages) {
    for (const use of m.toolUses) {
      if (!/^(TaskCreate|TaskUpdate|TaskList|TodoWrite)$/.test(use.name)) continue
      if (use.result === undefined || isFailure(use)) continue
      const input = use.input
      const text = use.result.text
      if (use.name === 'TaskCreate') {
        // The id is the engine's, and only its answer says it.
        const id = /Task #(\w+) created/.exec(text)?.[1]
        const subject = str(input.subject)
        if (id && subject) Object.assign(upsert(id), { subject, status: 'pending' })
      } else if (use.name === 'TaskUpdate') {
        const id = str(input.taskId)
        if (!id) continue
        if (input.status === 'deleted') {
          tasks.delete(id)
          continue
        }
        const t = upsert(id)
        if (str(input.status)) t.status = input.status as string
        if (str(input.subject)) t.subject = input.subject as string
        for (const b of Array.isArray(input.addBlockedBy) ? input.addBlockedBy : []) if (typeof b === 'string' && !t.blockedBy.includes(b)) t.blockedBy.push(b)
      } else if (use.name === 'TaskList') {
        for (const line of text.split('\n')) {
          const l = LIST_LINE.exec(line.trim())
          if (!l) continue
          const t = upsert(l[1]!)
          t.status = l[2]!
          t.subject = l[3]!
          if (l[4]) t.blockedBy = l[4].split(',').map((b) => b.trim().replace(/^#/, ''))
        }
      } else if (Array.isArray(input.todos)) {
        // TodoWrite hands over the whole list every time: the newest call is the list.
        tasks.clear()
        input.todos.forEach((todo: unknown, i: number) => {
          if (typeof todo !== 'object' || todo === null) return
          const o = todo as Record<string, unknown>
          const subject = str(o.content) ?? str(o.subject)
          if (subject) tasks.set(`todo:${i + 1}`, { id: String(i + 1), subject, status: str(o.status) ?? 'pending', blockedBy: [] })
        })
      }
    }
  }
  return [...tasks.values()].filter((t) => t.subject !== '')
}

/** Open work first: what is under way, then what waits, then anything else; done last. */
const RANK: Record<string, number> = { in_progress: 0, pending: 1, completed: 3 }
const rank = (t: Task) => RANK[t.status] ?? 2
const byId = (a: Task, b: Task) => (/^\d+$/.test(a.id) && /^\d+$/.test(b.id) ? Number(a.id) - Number(b.id) : a.id < b.id ? -1 : 1)

/**
 * The tasks laid out inside `room` chars: each open one on its line, under way first; the
 * completed ones each on theirs with its subject when all of them fit, else by number on one line. When even the
 * open ones do not fit, the last of them go, and a note names the lookup that lists them.
 */
export function renderTasks(tasks: Task[], room: number, lookup: string, subjectChars = 100): { text: string; shown: number } {
  const counts = new Map<string, number>()
  for (const t of tasks) counts.set(t.status, (counts.get(t.status) ?? 0) + 1)
  const summary = [...counts]
    .sort((a, b) => (RANK[a[0]] ?? 2) - (RANK[b[0]] ?? 2))
    .map(([s, k]) => `${fmt(k)} ${s.replace(/_/g, ' ')}`)
    .join(', ')
  const head = `### Tasks: ${fmt(tasks.length)} (${summary}), as the task calls left them`
  const open = [...tasks].filter((t) => t.status !== 'completed').sort((a, b) => rank(a) - rank(b) || byId(a, b))
  const done = tasks.filter((t) => t.status === 'completed').sort(byId)
  const openIds = new Set(open.map((t) => t.id))
  const line = (t: Task) => {
    const waits = t.status === 'completed' ? [] : t.blockedBy.filter((b) => openIds.has(b))
    return `- [${t.status.replace(/_/g, ' ')}] #${t.id} ${clip(oneLine(t.subject), subjectChars)}${waits.length ? ` (after #${waits.join(', #')})` : ''}`
  }
  const openRows = open.map(line)
  const size = (rows: string[]) => [head, ...rows].join('\n').length
  // What was done, in words, when it fits: "#3" alone tells the next window nothing.
  const doneRows = done.map(line)
  if (size([...openRows, ...doneRows]) <= room) return { text: [head, ...openRows, ...doneRows].join('\n'), shown: tasks.length }
  const doneIds = done.length ? [`- [completed] ${done.map((t) => `#${t.id}`).join(', ')}`] : []
  if (size([...openRows, ...doneIds]) <= room) return { text: [head, ...openRows, ...doneIds].join('\n'), shown: tasks.length }
  // The open ones from the end of the list go first; the size is a running sum.
  const note = (left: number) => `[${fmt(left)} more open left out for room; every task: ${lookup}]`
  let kept = openRows.length
  let chars = size([...openRows, ...doneIds])
  while (kept > 0 && chars + note(open.length - kept).length + 1 > room) {
    kept--
    chars -= openRows[kept]!.length + 1
  }
  return { text: [head, ...openRows.slice(0, kept), note(open.length - kept), ...doneIds].join('\n'), shown: kept + done.length }
}
