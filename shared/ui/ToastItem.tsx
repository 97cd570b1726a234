import { css, keyframes } from '@emotion/react';
import { useEffect } from 'react';
import { colors, durations, fontSizes, fontWeights, radii, shadows, space } from '../theme/theme.ts';
import type { Toast, ToastKind } from './toastStore.ts';

const slideIn = keyframes`from { transform: translateY(12px); opacity: 0; } to { transform: none; opacity: 1; }`;

const toastStyles = css`
  display: flex;
  align-items: flex-start;
  gap: ${space[3]};
  padding: ${space[4]};
  border-radius: ${radii.md};
  box-shadow: ${shadows.raised};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.medium};
  color: ${colors.white};
  pointer-events: auto;
  animation: ${slideIn} ${durations.base}ms ease-out;
  p { flex: 1; margin: 0; }
  button {
    flex: none;
    width: 28px;
    height: 28px;
    margin: -${space[1]} -${space[1]} 0 0;
    border: 0;
    border-radius: ${radii.sm};
    background: transparent;
    color: inherit;
    font-size: 1.25rem;
    line-height: 1;
  }
  button:hover { background: rgba(255, 255, 255, 0.15); }
  button:focus-visible { outline: 2px solid ${colors.white}; outline-offset: 1px; }
`;

const kindStyles: Record<ToastKind, ReturnType<typeof css>> = {
  info: css`background: ${colors.navy};`,
  success: css`background: ${colors.success};`,
  error: css`background: ${colors.danger};`,
};

/** One toast (see `ToastProvider`), in its own chunk: loaded with the first message. */
export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), durations.toastLife);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div css={[toastStyles, kindStyles[toast.kind]]} data-toast={toast.kind}>
      <p>{toast.message}</p>
      <button type="button" aria-label="Закрыть уведомление" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
