/** Shifts a body's headings one level down, for bodies under a heading of their own. */
export function demoteHeadings(html: string): string {
  return html.replace(/<(\/?)h([2-5])(?=[\s>])/g, (_match, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);
}
