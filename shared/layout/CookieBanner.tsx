import { css, keyframes } from '@emotion/react';
import { colors, durations, easing, fontSizes, mq, radii, shadows, space, zIndex } from '../theme/theme.ts';
import { href } from '../routes/links.ts';
import { Button } from '../ui/Button.tsx';
import { Link } from '../ui/Link.tsx';

export interface CookieBannerProps {
  readonly visible: boolean;
  readonly onAccept: () => void;
}

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

/** The notice itself (see `CookieNotice`), in its own chunk: only a first visit needs it. */
export function CookieBanner({ visible, onAccept }: CookieBannerProps) {
  if (!visible) return null;
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
