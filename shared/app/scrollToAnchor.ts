import { prefersReducedMotion } from '../ui/motion.ts';
import { renderAllSections } from '../ui/sectionRendering.ts';

/**
 * Scrolls so the element with `id` sits just below the header (§9: the header height state is
 * the offset). Returns false when the page has no such element, so callers can fall back.
 */
export function scrollToAnchor(id: string, headerHeight: number): boolean {
  const element = document.getElementById(id);
  if (element === null) return false;
  // Real heights above the target, not placeholders that change as the smooth scroll passes them.
  renderAllSections();
  const top = element.getBoundingClientRect().top + window.scrollY - headerHeight;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return true;
}
