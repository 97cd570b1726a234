/**
 * Whether a pointer is pressed, and what waits for its release: a field's error shown between a
 * press on another control and its release would move that control, and the click would miss.
 */
let pressed = false;
let waiting: (() => void)[] = [];
let watching = false;

function released(): void {
  pressed = false;
  const due = waiting;
  waiting = [];
  // After the click that this release completes: it is dispatched in the same task as the release.
  if (due.length > 0) setTimeout(() => due.forEach((run) => run()), 0);
}

/** Starts listening (once, in the browser); forms call it when they mount, before any blur. */
export function watchPointer(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('pointerdown', () => (pressed = true), { capture: true, passive: true });
  document.addEventListener('pointerup', released, { capture: true, passive: true });
  document.addEventListener('pointercancel', released, { capture: true, passive: true });
  // A release the page never hears (the window lost focus mid-press) must not hold errors back.
  window.addEventListener('blur', released);
}

/** Runs `run` now, or once the pointer pressed now is released. */
export function afterPointerRelease(run: () => void): void {
  if (pressed) waiting.push(run);
  else run();
}
