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

/** One value of the app state (never a new object): only its readers re-render, out of the tap's INP (017). */
export function useAppStateValue<T>(select: (values: AppStateValues) => T): T {
  const store = useAppStateStore();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.snapshot()),
    () => select(INITIAL_VALUES),
  );
}

/**
 * The app state of §3 in a store outside React: a changed context value would make React drop the
 * server HTML of every boundary below not hydrated yet (decision 014). The header height is also
 * `--header-height`, which `scroll-padding-top` reads.
 */
export function AppStateProvider({ children }: { readonly children: ReactNode }) {
  const [store] = useState(createAppStateStore);
  return <AppStateContext.Provider value={store}>{children}</AppStateContext.Provider>;
}
