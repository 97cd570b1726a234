/** The feedback window's id, the call-to-action's `popovertarget` (decision 041). */
export const FEEDBACK_WINDOW_ID = 'feedback-window';

/** The id of the window's `<form>`: its hidden return page field points at it (`form=`). */
export const FEEDBACK_FORM_ID = 'feedback-window-form';
