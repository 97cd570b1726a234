import { css, keyframes } from '@emotion/react';
import { useEffect, useState } from 'react';
import { colors, durations, easing, fontSizes, mq, radii, shadows, space, zIndex } from '../theme/theme.ts';
import { Button } from '../ui/Button.tsx';
import { Link } from '../ui/Link.tsx';

/** §9 "Cookie key cookies-accepted". */
export const COOKIES_ACCEPTED_KEY = 'cookies-accepted';

const rise = keyframes`from { transform: translateY(16px); opacity: 0; } to { transform: none; opacity: 1; }`;

const styles = css`
  position: fixed;
  z-index: ${zIndex.cookieNotice};
  left: ${space[3]};
  right: ${space[3]};
  bottom: ${space[3]};
  display: flex;
  flex-direction: column;
  gap: ${space[4]};
  padding: ${space[5]};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  color: ${colors.ink};
  border: 1px solid ${colors.border};
  box-shadow: ${shadows.raised};
  font-size: ${fontSizes.sm};
  animation: ${rise} ${durations.slow}ms ${easing.emphasized};
  ${mq.md} { left: ${space[6]}; right: auto; bottom: ${space[6]}; max-width: 520px; flex-direction: row; align-items: center; }
`;

function readAccepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_ACCEPTED_KEY) === 'true';
  } catch {
    // Storage blocked (private mode, policy): ask again next time rather than fail.
    return false;
  }
}

function rememberAccepted(): void {
  try {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'true');
  } catch {
    // Storage blocked: the notice simply closes for this page view.
  }
}

/**
 * The cookie notice, remembered under `cookies-accepted` (§9). Rendered only after hydration,
 * since the server cannot know the answer: it floats over the page, so it shifts nothing.
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!readAccepted()), []);
  if (!visible) return null;
  return (
    <section css={styles} aria-label="Уведомление о cookie" data-cookie-notice="">
      <p>
        Мы используем файлы cookie, чтобы сайт работал удобнее, и собираем обезличенную статистику посещений.
        Подробнее — в <Link to="/documents/">правовой информации</Link>.
      </p>
      <Button
        variant="primary"
        onClick={() => {
          rememberAccepted();
          setVisible(false);
        }}
      >
        Понятно
      </Button>
    </section>
  );
}
