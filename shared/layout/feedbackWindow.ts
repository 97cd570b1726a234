/**
 * The feedback window's id: the call-to-action's `popovertarget` (docs/decisions/041). The
 * window is server-rendered closed in every page as a native popover, so a tap opens it with its
 * whole form at the first paint, before and without any script.
 */
export const FEEDBACK_WINDOW_ID = 'feedback-window';

/** The id of the window's `<form>`: its hidden return page field points at it (`form=`). */
export const FEEDBACK_FORM_ID = 'feedback-window-form';
