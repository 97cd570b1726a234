/**
 * Whether the visitor has set off to another document: a link followed as a page load, an address
 * typed, a reload. Firefox cancels the pages's pending module loads the moment such a navigation
 * starts, and each cancelled `import()` rejects as a chunk-load error; §8's reload on that error
 * then cancelled the visitor's navigation in turn (NS_BINDING_ABORTED), keeping them on the page
 * they were leaving (decision 040). A chunk that fails while the page is being left is no reason
 * to reload it.
 *
 * The Navigation API's `navigate` event says so before the loads are cancelled, and only for a
 * navigation to another document; where it is missing, `beforeunload` does.
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
  if (navigation) {
    navigation.addEventListener('navigate', onNavigate);
    navigation.addEventListener('navigateerror', onStay);
  } else target.addEventListener('beforeunload', onLeave);
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
