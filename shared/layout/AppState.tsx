import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { layout } from '../theme/theme.ts';

/** §3/§4: the two forms a modal can hold. */
export type ModalFormName = 'feedback' | 'internship';

/** §3 "Modal state: isModalActive, activeFormName, activeFormTitle, activeFormDescription, activeFormServiceType". */
export interface ModalState {
  readonly isModalActive: boolean;
  readonly activeFormName: ModalFormName | null;
  readonly activeFormTitle: string | null;
  readonly activeFormDescription: string | null;
  /** Preset of the request form's service type (a service page's category). */
  readonly activeFormServiceType: string | null;
}

export interface OpenModalOptions {
  readonly name: ModalFormName;
  readonly title?: string;
  readonly description?: string;
  readonly serviceType?: string;
}

export interface AppState {
  /** §3 "App state: headerHeight (default 90)"; measured by the header, used for anchor offsets. */
  readonly headerHeight: number;
  readonly setHeaderHeight: (height: number) => void;
  readonly modal: ModalState;
  readonly openModal: (options: OpenModalOptions) => void;
  readonly closeModal: () => void;
  /** §4 "Burger menu: open or closed". */
  readonly isBurgerOpen: boolean;
  readonly setBurgerOpen: (open: boolean) => void;
}

export const CLOSED_MODAL: ModalState = {
  isModalActive: false,
  activeFormName: null,
  activeFormTitle: null,
  activeFormDescription: null,
  activeFormServiceType: null,
};

export function modalStateFor({ name, title, description, serviceType }: OpenModalOptions): ModalState {
  return {
    isModalActive: true,
    activeFormName: name,
    activeFormTitle: title ?? null,
    activeFormDescription: description ?? null,
    activeFormServiceType: serviceType ?? null,
  };
}

/** The app state's values, one immutable snapshot per change. */
export type AppStateValues = Pick<AppState, 'headerHeight' | 'modal' | 'isBurgerOpen'>;

export interface AppStateStore {
  readonly actions: Pick<AppState, 'setHeaderHeight' | 'openModal' | 'closeModal' | 'setBurgerOpen'>;
  readonly subscribe: (onChange: () => void) => () => void;
  readonly snapshot: () => AppStateValues;
}

const INITIAL_VALUES: AppStateValues = { headerHeight: layout.headerDefaultHeight, modal: CLOSED_MODAL, isBurgerOpen: false };

/** One tab's app state; `AppStateProvider` makes one per render tree. */
export function createAppStateStore(): AppStateStore {
  let values = INITIAL_VALUES;
  const listeners = new Set<() => void>();
  const update = (change: Partial<AppStateValues>) => {
    values = { ...values, ...change };
    for (const listener of listeners) listener();
  };
  return {
    actions: {
      setHeaderHeight(height) {
        if (!Number.isFinite(height) || height <= 0 || height === values.headerHeight) return;
        document.documentElement.style.setProperty('--header-height', `${height}px`);
        update({ headerHeight: height });
      },
      openModal: (options) => update({ modal: modalStateFor(options) }),
      closeModal: () => update({ modal: CLOSED_MODAL }),
      setBurgerOpen(open) {
        if (open !== values.isBurgerOpen) update({ isBurgerOpen: open });
      },
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    snapshot: () => values,
  };
}

const AppStateContext = createContext<AppStateStore | null>(null);

function useAppStateStore(): AppStateStore {
  const store = useContext(AppStateContext);
  if (store === null) throw new Error('the app state is read outside <AppStateProvider> (the root layout provides it)');
  return store;
}

/** The app state's actions: a component that only acts on the state never re-renders with it. */
export function useAppActions(): AppStateStore['actions'] {
  return useAppStateStore().actions;
}

/**
 * One value of the app state (`select` returns a part of a snapshot, never a new object): the
 * component re-renders when that value changes, not at every change. Opening the modal then
 * renders the modal alone, not the header and every call-to-action, inside the tap's Interaction
 * to Next Paint (docs/decisions/017).
 */
export function useAppStateValue<T>(select: (values: AppStateValues) => T): T {
  const store = useAppStateStore();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.snapshot()),
    () => select(INITIAL_VALUES),
  );
}

/**
 * The app state of §3 (header height, modal, burger menu), kept in a store outside React and read
 * with `useSyncExternalStore`; the context only carries the store, whose identity never changes.
 * A context whose value changed would reach every Suspense boundary below it that has not
 * hydrated yet (a page body whose chunk is still on its way, docs/decisions/014): React cannot know
 * whether such a boundary reads the context, so it would drop the boundary's server HTML and render
 * it again from scratch. A store re-renders only the components that read it. The header height is
 * mirrored into the `--header-height` CSS variable, which `scroll-padding-top` reads, so native
 * anchor jumps clear the header as well.
 */
export function AppStateProvider({ children }: { readonly children: ReactNode }) {
  const [store] = useState(createAppStateStore);
  return <AppStateContext.Provider value={store}>{children}</AppStateContext.Provider>;
}
