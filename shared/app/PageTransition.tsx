import { css, keyframes } from '@emotion/react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigation, useNavigationType } from 'react-router';
import { durations, easing, mq } from '../theme/theme.ts';
import { isHistoryTraversal, restoreScrollPosition } from '../browser/scrollPositions.ts';
import { anchorFromUrl } from './useAnchorScroll.ts';

const pageEnter = keyframes`from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; }`;

/** The page being left fades out while the next page's data and code load. */
const leaving = css`
  opacity: 0.2;
  transition: opacity ${durations.pageLeaveScroll}ms ${easing.standard};
  ${mq.reducedMotion} { opacity: 1; transition: none; }
`;

/** §2/§9 "the enter animation lasts 400 ms". */
const entering = css`
  animation: ${pageEnter} ${durations.pageEnter}ms ${easing.emphasized} both;
  ${mq.reducedMotion} { animation: none; }
`;

/** §2 leave and enter animations and the scroll to top after 100 ms, on a new path after the first page. */
export function PageTransition({ children }: { readonly children: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  // Latches once the visitor has left the first page; from then on every page enters animated.
  const initialPath = useRef(location.pathname);
  const navigated = useRef(false);
  if (location.pathname !== initialPath.current) navigated.current = true;
  const hasNavigated = navigated.current;
  const isLeaving =
    navigation.state === 'loading' && navigation.location.pathname !== location.pathname && !isHistoryTraversal(navigation.location.key);
  const isEntering = hasNavigated && navigationType !== NavigationType.Pop;

  useScrollToTopAfterPathChange(location.pathname, anchorFromUrl(location.search, location.hash) !== null, navigationType);
  useRestoreScrollOnTraversal(location.key, navigationType);

  return (
    <div
      key={location.pathname}
      data-page-transition={isLeaving ? 'leave' : isEntering ? 'enter' : 'none'}
      css={isLeaving ? leaving : isEntering ? entering : undefined}
    >
      {children}
    </div>
  );
}

/** §2, §9: to the top 100 ms after a new path, except back and forward and a link to an anchor. */
function useScrollToTopAfterPathChange(pathname: string, toAnchor: boolean, navigationType: 'POP' | 'PUSH' | 'REPLACE') {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return undefined;
    previous.current = pathname;
    if (navigationType === 'POP' || toAnchor) return undefined;
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }), durations.pageLeaveScroll);
    return () => window.clearTimeout(timer);
  }, [pathname, toAnchor, navigationType]);
}

/** Back and forward: the entry's saved position, before paint, once the page is whole at full height. */
function useRestoreScrollOnTraversal(key: string, navigationType: NavigationType) {
  useLayoutEffect(() => {
    if (navigationType === NavigationType.Pop) restoreScrollPosition(key);
  }, [key, navigationType]);
}
