import { css, keyframes } from '@emotion/react';
import { useLayoutEffect } from 'react';
import { colors, durations, easing, fontSizes, mq, radii, shadows, space, zIndex } from '../theme/theme.ts';
import { href } from '../routes/links.ts';
import { Button } from '../ui/Button.tsx';
import { Link } from '../ui/Link.tsx';
import { COOKIES_ACCEPTED_KEY } from './cookieAnswer.ts';

export interface CookieBannerProps {
  readonly visible: boolean;
  /** The answer is kept: the notice goes. */
  readonly onClose: () => void;
}

/** A year, as long as the answer is asked for again at most. */
const REMEMBERED_SECONDS = 365 * 24 * 60 * 60;

/** The cookie of §9, sent with every request of the site (docs/decisions/022). */
function rememberAccepted(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIES_ACCEPTED_KEY}=true; Path=/; Max-Age=${REMEMBERED_SECONDS}; SameSite=Lax${secure}`;
}

/** An answer kept in local storage under the same key (earlier versions of the site): taken out of it. */
function takeStoredAnswer(): boolean {
  try {
    if (window.localStorage.getItem(COOKIES_ACCEPTED_KEY) !== 'true') return false;
    window.localStorage.removeItem(COOKIES_ACCEPTED_KEY);
    return true;
  } catch {
    // Storage blocked (private mode, policy): there is no answer to move.
    return false;
  }
}

const rise = keyframes`from { transform: translateY(16px); opacity: 0; } to { transform: none; opacity: 1; }`;

/** A fifth of a phone at most; sticky at the end of `#app`, so the footer's end scrolls above it unmeasured. */
const styles = css`
  position: sticky;
  z-index: ${zIndex.cookieNotice};
  bottom: ${space[2]};
  margin: 0 ${space[2]} ${space[2]};
  display: flex;
  align-items: center;
  gap: ${space[3]};
  padding: ${space[2]} ${space[2]} ${space[2]} ${space[3]};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.ink};
  border: 1px solid ${colors.border};
  box-shadow: ${shadows.raised};
  font-size: ${fontSizes.xs};
  line-height: 1.35;
  animation: ${rise} ${durations.slow}ms ${easing.emphasized};
  & p { flex: 1 1 auto; min-width: 0; }
  & button { flex: none; min-height: 44px; padding-inline: ${space[4]}; font-size: ${fontSizes.sm}; }
  ${mq.md} { align-self: flex-start; bottom: ${space[6]}; margin: 0 ${space[6]} ${space[6]}; max-width: 520px; gap: ${space[4]}; padding: ${space[4]} ${space[4]} ${space[4]} ${space[5]}; font-size: ${fontSizes.sm}; border-radius: ${radii.lg}; & button { padding-inline: ${space[5]}; } }
`;

/** The notice itself (see `CookieNotice`), in its own chunk: only a first visit needs it. */
export function CookieBanner({ visible, onClose }: CookieBannerProps) {
  // Before the first paint of the notice: a visitor who answered before sees nothing at all.
  useLayoutEffect(() => {
    if (visible && takeStoredAnswer()) {
      rememberAccepted();
      onClose();
    }
  }, [visible, onClose]);
  if (!visible) return null;
  const onAccept = () => {
    rememberAccepted();
    onClose();
  };
  return (
    <section css={styles} aria-label="Уведомление о cookie" data-cookie-notice="">
      <p>
        Мы используем файлы cookie, чтобы сайт работал удобнее, и собираем обезличенную статистику посещений. Подробнее — в{' '}
        <Link to={href('documents')}>правовой информации</Link>.
      </p>
      <Button variant="primary" onClick={onAccept}>
        Понятно
      </Button>
    </section>
  );
}
