/**
 * The recall-versus-size chart, drawn by Vega-Lite (compiled to Vega, rendered to SVG headless):
 * ours and ours+summary under each ceiling as lines, the fixed arms as single points.
 */
import * as vega from 'vega'
import { compile, type TopLevelSpec } from 'vega-lite'

export interface ChartPoint {
  arm: string
  chars: number
  recall: number
  /** The ceiling the point was built under, for the curve's arms. */
  ceiling?: number
}

export function chartSpec(points: ChartPoint[]): TopLevelSpec {
  const x = { field: 'chars', type: 'quantitative' as const, title: 'mean characters the next window receives' }
  const y = { field: 'recall', type: 'quantitative' as const, title: 'mean recall of what the work after used', scale: { domain: [0, 1] } }
  const color = { field: 'arm', type: 'nominal' as const, title: 'arm' }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Handoff quality: recall versus size',
    width: 560,
    height: 340,
    data: { values: points },
    layer: [
      { transform: [{ filter: 'isValid(datum.ceiling)' }], mark: { type: 'line', point: true }, encoding: { x, y, color } },
      { transform: [{ filter: '!isValid(datum.ceiling)' }], mark: { type: 'point', filled: true, size: 90, shape: 'diamond' }, encoding: { x, y, color } },
    ],
  }
}

export async function chartSvg(points: ChartPoint[]): Promise<string> {
  const view = new vega.View(vega.parse(compile(chartSpec(points)).spec), { renderer: 'none' })
  return view.toSVG()
}
