/**
 * The toasts on screen, kept outside React: code that is not a component (the form's request,
 * the router's data requests) can raise one, and a toast survives the root swapping its layout
 * for the error page (which remounts everything under it, the toast region included).
 * Browser only: on the server this module would be shared by every request, so nothing is kept.
 */

/** §8 "Generic toast: «Ой, что-то пошло не так!»". */
export const GENERIC_ERROR_MESSAGE = 'Ой, что-то пошло не так!';

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly kind: ToastKind;
}

const NO_TOASTS: readonly Toast[] = [];
let toasts: readonly Toast[] = NO_TOASTS;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export const toastStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): readonly Toast[] => toasts,
  /** What the server renders and hydration starts from: no toast. */
  serverSnapshot: (): readonly Toast[] => NO_TOASTS,
  show: (message: string, kind: ToastKind = 'info'): void => {
    if (typeof document === 'undefined') return;
    publish([...toasts, { id: nextId++, message, kind }]);
  },
  dismiss: (id: number): void => {
    publish(toasts.filter((toast) => toast.id !== id));
  },
};

/**
 * §8: something failed that the visitor did not cause (a form's request lost on the network or
 * answered with a 5xx, a navigation's data request that failed): the generic toast.
 */
export function showGenericErrorToast(): void {
  toastStore.show(GENERIC_ERROR_MESSAGE, 'error');
}
