/**
 * Shifts the headings of a rendered body one level down (h2 → h3 …, h5 → h6), for bodies shown
 * under a heading of their own (several legal documents on one page), so the outline stays a tree.
 */
export function demoteHeadings(html: string): string {
  return html.replace(/<(\/?)h([2-5])(?=[\s>])/g, (_match, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);
}
