import { css, keyframes } from '@emotion/react';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { afterNextPaint } from '../browser/afterNextPaint.ts';
import { colors, durations, easing, mq, radii, shadows, space, zIndex } from '../theme/theme.ts';
import { useFocusTrap } from './focusTrap.ts';
import { Heading } from './Heading.tsx';
import { useScrollLock } from './scrollLock.ts';
import { CloseIcon, panelCloseStyles } from './CloseIcon.tsx';

const bodyStyles = css`margin-top: ${space[5]};`;

const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(16px); } to { opacity: 1; transform: none; }`;

const backdropStyles = css`
  position: fixed;
  inset: 0;
  z-index: ${zIndex.modal};
  display: flex;
  align-items: flex-end;
  justify-content: center;
  background: rgba(15, 29, 58, 0.6);
  /* Closed but kept (keepBuilt): out of sight, of the pointer and of assistive technology. */
  &[data-closed] { visibility: hidden; }
  &:not([data-closed]) { animation: ${fade} ${durations.base}ms ${easing.standard}; }
  ${mq.md} { align-items: center; padding: ${space[6]}; }
`;

const panelStyles = css`
  position: relative;
  width: 100%;
  max-height: 100dvh;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${space[7]} ${space[5]} ${space[6]};
  background: ${colors.surface};
  border-radius: ${radii.lg} ${radii.lg} 0 0;
  box-shadow: ${shadows.raised};
  &:not([data-closed]) { animation: ${rise} ${durations.base}ms ${easing.emphasized}; }
  &:focus { outline: none; }
  ${mq.md} { max-width: 640px; max-height: calc(100dvh - ${space[8]}); border-radius: ${radii.xl}; padding: ${space[7]}; }
`;

const descriptionStyles = css`margin-top: ${space[3]}; color: ${colors.inkMuted};`;

export interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Visible title; names the dialog (`aria-labelledby`). */
  readonly title: string;
  readonly description?: ReactNode;
  /** Where focus goes on close; defaults to the element that had it before opening. */
  readonly returnFocus?: RefObject<HTMLElement | null>;
  /** Closed, the dialog stays in the document, hidden, so the tap that opens it only shows it (decision 017). */
  readonly keepBuilt?: boolean;
  readonly children: ReactNode;
}

/** Modal dialog (WAI-ARIA pattern): named and described, focus trapped, Escape and backdrop close, `#app` inert. */
export function Dialog({ open, onClose, title, description, returnFocus, keepBuilt = false, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useScrollLock(open);
  useFocusTrap(panel, { active: open, onEscape: onClose, returnFocus });
  useInertBackground(open);

  if ((!open && !keepBuilt) || typeof document === 'undefined') return null;
  const closed = open ? undefined : '';
  return createPortal(
    <div
      css={backdropStyles}
      data-dialog-backdrop=""
      data-closed={closed}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        css={panelStyles}
        data-closed={closed}
      >
        <button type="button" css={panelCloseStyles} aria-label="Закрыть окно" onClick={onClose}>
          <CloseIcon />
        </button>
        <Heading level={2} size="h3" id={titleId}>
          {title}
        </Heading>
        {description ? (
          <p id={descriptionId} css={descriptionStyles}>
            {description}
          </p>
        ) : null}
        <div css={bodyStyles}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** The page behind an open dialog is inert, except the toasts, whose messages must still be read out. */
function useInertBackground(active: boolean) {
  useEffect(() => {
    const app = document.getElementById('app');
    if (!active || app === null) return;
    // Once painted: `inert` restyles the page, out of the opening tap; `aria-modal` speaks until then.
    let changed: HTMLElement[] = [];
    const cancel = afterNextPaint(() => {
      const blocks = [...app.children].filter(
        (child): child is HTMLElement =>
          child instanceof HTMLElement && child.querySelector('[data-toasts]') === null && !child.matches('[data-toasts]'),
      );
      changed = blocks.filter((block) => !block.inert);
      for (const block of changed) block.inert = true;
    });
    return () => {
      cancel();
      for (const block of changed) block.inert = false;
    };
  }, [active]);
}
