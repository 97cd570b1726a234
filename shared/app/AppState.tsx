import { createContext, startTransition, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
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

const AppStateContext = createContext<AppState | null>(null);

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (state === null) throw new Error('useAppState() is used outside <AppStateProvider> (the root layout provides it)');
  return state;
}

/**
 * The app state of §3 in one React context: header height, modal and burger menu. The header
 * height is mirrored into the `--header-height` CSS variable, which `scroll-padding-top` and
 * sections' `scroll-margin-top` read, so native anchor jumps clear the header as well.
 */
export function AppStateProvider({ children }: { readonly children: ReactNode }) {
  const [headerHeight, setHeaderHeightState] = useState<number>(layout.headerDefaultHeight);
  const [modal, setModal] = useState<ModalState>(CLOSED_MODAL);
  const [isBurgerOpen, setBurgerOpen] = useState(false);
  const lastHeight = useRef(headerHeight);

  const setHeaderHeight = useCallback((height: number) => {
    if (!Number.isFinite(height) || height <= 0 || height === lastHeight.current) return;
    lastHeight.current = height;
    document.documentElement.style.setProperty('--header-height', `${height}px`);
    // A transition: the header measures itself right after hydration, while the lead forms'
    // Suspense boundaries may still wait for their chunk. An urgent context change would make
    // React drop those boundaries' server HTML and render the forms again from scratch; a
    // transition waits for them to hydrate. Nothing urgent reads the height (anchor scrolling
    // does, on the next navigation), and the CSS variable above is set at once.
    startTransition(() => setHeaderHeightState(height));
  }, []);

  const openModal = useCallback((options: OpenModalOptions) => setModal(modalStateFor(options)), []);
  const closeModal = useCallback(() => setModal(CLOSED_MODAL), []);

  const value = useMemo<AppState>(
    () => ({ headerHeight, setHeaderHeight, modal, openModal, closeModal, isBurgerOpen, setBurgerOpen }),
    [headerHeight, setHeaderHeight, modal, openModal, closeModal, isBurgerOpen],
  );
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}
