/**
 * Runs `work` once the frame that answers the current input has been painted (a task queued from
 * that frame's animation callback), and returns a function that cancels it. Work an interaction
 * needs but its first frame does not see goes here, out of the interaction's Interaction to Next
 * Paint: prefetching a touched link's page, moving focus into a layer that has just opened,
 * making the page behind a modal inert (docs/decisions/017).
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
