import { whenIdle } from './whenIdle.ts';

/** Lazy sections (decision 016) render one by one at idle moments, so anchors, find and axe see real boxes. */

/** On a section: rendered from now on. */
export const SECTION_RENDERED = 'data-rendered';

/** On `<html>`: every section renders as usual from now on. */
export const ALL_SECTIONS_RENDERED = 'data-all-sections-rendered';

/** The placeholder height of a section never rendered: about a phone screen of content. */
export const SECTION_HEIGHT_ESTIMATE = '800px';

const waiting: Element[] = [];

function renderNext(): void {
  waiting.shift()?.setAttribute(SECTION_RENDERED, '');
  if (waiting.length > 0) whenIdle(renderNext);
}

/** Renders `section` at an idle moment after the sections that asked before it. */
export function renderWhenIdle(section: Element): void {
  waiting.push(section);
  if (waiting.length === 1) whenIdle(renderNext);
}

export function renderAllSections(): void {
  document.documentElement.setAttribute(ALL_SECTIONS_RENDERED, '');
}
