import { whenIdle } from './whenIdle.ts';

/**
 * Page sections render lazily (`content-visibility: auto`, `Section.tsx`): one out of view keeps a
 * placeholder height and is neither styled nor laid out until it comes near. Once hydrated, each
 * asks to be rendered at an idle moment, one at a time in document order, so the page ends up
 * fully rendered without one long task: what measures the page — an anchor jump, find in page, an
 * accessibility checker reading colours (axe-core cannot see into an unrendered section) — then
 * sees real boxes. A scroll to an anchor before that renders them all at once (`renderAllSections`).
 */

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
