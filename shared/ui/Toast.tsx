import { css } from '@emotion/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { lazyWhenWanted } from '../browser/lazyWhenWanted.tsx';
import { mq, space, zIndex } from '../theme/theme.ts';
import { GENERIC_ERROR_MESSAGE, toastStore } from './toastStore.ts';

/** The toasts' API: what it shows appears in the regions `ToastProvider` renders in the root layout. */
export const toast = {
  /** Shows a message for §9's 3000 ms. */
  show: toastStore.show,
  /** Shows an error; without a message the generic text of §8. */
  error: (message: string = GENERIC_ERROR_MESSAGE) => toastStore.show(message, 'error'),
  success: (message: string) => toastStore.show(message, 'success'),
};

/** The toasts themselves load with the first one; the live regions below are there from the start. */
const ToastItem = lazyWhenWanted(
  () => import('./ToastItem.tsx').then((module) => module.ToastItem),
  () => true,
);

const regionStyles = css`
  position: fixed;
  z-index: ${zIndex.toast};
  left: ${space[4]};
  right: ${space[4]};
  bottom: ${space[4]};
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  pointer-events: none;
  ${mq.md} { left: auto; right: ${space[6]}; bottom: ${space[6]}; width: 380px; }
`;

const stackStyles = css`display: flex; flex-direction: column; gap: ${space[2]}; &:empty { display: none; }`;

/** Toasts of §8/§9, 3000 ms each; the live regions exist from the first render so later ones are announced. */
export function ToastProvider({ children }: { readonly children: ReactNode }) {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.serverSnapshot);
  const dismiss = toastStore.dismiss;
  const errors = toasts.filter((toast) => toast.kind === 'error');
  const others = toasts.filter((toast) => toast.kind !== 'error');
  return (
    <>
      {children}
      <div css={regionStyles} data-toasts="">
        <div css={stackStyles} role="alert">
          {errors.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div css={stackStyles} role="status">
          {others.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </>
  );
}
