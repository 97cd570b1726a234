/**
 * Whether the visitor has set off to another document: a link followed as a page load, an address
 * typed, a reload. Firefox cancels the page's pending module loads the moment such a navigation
 * starts, and each cancelled `import()` rejects as a chunk-load error; §8's reload on that error
 * then cancelled the visitor's navigation in turn (NS_BINDING_ABORTED), keeping them on the page
 * they were leaving (decision 040). A chunk that fails while the page is being left is no reason
 * to reload it.
 *
 * The Navigation API's `navigate` event says so for a navigation the page starts (a link, a
 * form), before the loads are cancelled; it does not fire for one the browser's own interface
 * starts (an address typed, a bookmark, a reload button), which `beforeunload` announces.
 */
export interface LeavingWatch {
  readonly leaving: () => boolean;
  readonly stop: () => void;
}

interface NavigateEventLike extends Event {
  readonly destination?: { readonly sameDocument?: boolean };
}

export function watchLeaving(target: Window = window): LeavingWatch {
  let leaving = false;
  const navigation = (target as { navigation?: EventTarget }).navigation;
  const onNavigate = (event: Event) => {
    if ((event as NavigateEventLike).destination?.sameDocument === false) leaving = true;
  };
  const onLeave = () => {
    leaving = true;
  };
  // Back from the back/forward cache, or a navigation that did not happen (a download, a stop).
  const onStay = () => {
    leaving = false;
  };
  navigation?.addEventListener('navigate', onNavigate);
  navigation?.addEventListener('navigateerror', onStay);
  target.addEventListener('beforeunload', onLeave);
  target.addEventListener('pageshow', onStay);
  return {
    leaving: () => leaving,
    stop: () => {
      navigation?.removeEventListener('navigate', onNavigate);
      navigation?.removeEventListener('navigateerror', onStay);
      target.removeEventListener('beforeunload', onLeave);
      target.removeEventListener('pageshow', onStay);
    },
  };
}
