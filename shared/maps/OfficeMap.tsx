import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { useOptionalRootData } from '../page-kit/rootData.ts';
import type { Office } from '../content/contentApi.ts';
import { yandexMapsHref } from '../layout/contactLinks.ts';
import { colors, fontSizes, fontWeights, radii, space } from '../theme/theme.ts';
import { Link } from '../ui/Link.tsx';
import type { MapsStatus } from './yandexMapsLoader.ts';

// Serialized once, not on every render.
const flushStyles = css`margin: 0;`;
const addressStyles = css`font-style: normal;`;

/** `static`: no key configured, the card is all there is. */
type MapView = MapsStatus | 'static';

const frameStyles = css`
  position: relative;
  overflow: hidden;
  aspect-ratio: 4 / 3;
  min-height: 280px;
  /* min-height widens the box through the ratio (280 px tall is 373 px wide): never past its column. */
  max-width: 100%;
  border-radius: ${radii.lg};
  background-color: ${colors.surfaceAlt};
  /* A quiet street grid behind the card: the fallback never looks like a hole. */
  background-image:
    linear-gradient(${colors.border} 1px, transparent 1px),
    linear-gradient(90deg, ${colors.border} 1px, transparent 1px);
  background-size: 40px 40px;
  [data-map-canvas] { position: absolute; inset: 0; }
`;

const cardStyles = css`
  position: absolute;
  left: ${space[4]};
  right: ${space[4]};
  bottom: ${space[4]};
  display: grid;
  gap: ${space[2]};
  padding: ${space[4]} ${space[5]};
  border-radius: ${radii.md};
  background: ${colors.surface};
  box-shadow: 0 6px 20px rgba(15, 29, 58, 0.12);
  font-style: normal;
  strong { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; }
  a { font-weight: ${fontWeights.semibold}; }
`;

const pinStyles = css`
  position: absolute;
  left: 50%;
  top: 38%;
  width: 36px;
  height: 36px;
  transform: translate(-50%, -100%);
  color: ${colors.accent};
`;

function Pin() {
  return (
    <svg css={pinStyles} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a7 7 0 0 0-7 7c0 5.3 7 13 7 13s7-7.7 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
      />
    </svg>
  );
}

/** An office on the Yandex map (§4, §7); without a key or on failure a static card in the same frame. */
export function OfficeMap({ office }: { readonly office: Office }) {
  const apiKey = useOptionalRootData()?.yandexMapsApiKey ?? null;
  const [view, setView] = useState<MapView>(apiKey ? 'pending' : 'static');
  const canvas = useRef<HTMLDivElement>(null);
  const { lat, lng } = office.geo;

  useEffect(() => {
    if (!apiKey || canvas.current === null) {
      setView('static');
      return;
    }
    const element = canvas.current;
    let map: { destroy(): void } | undefined;
    let cancelled = false;
    let unsubscribe = () => {};
    // The loader is its own chunk, fetched only by a page with a map and a key.
    import('./yandexMapsLoader.ts')
      .then(async ({ yandexMapsLoader }) => {
        if (cancelled) return;
        const loader = yandexMapsLoader(apiKey);
        setView(loader.status);
        unsubscribe = loader.subscribe((status) => !cancelled && setView(status));
        const ymaps3 = await loader.load();
        if (cancelled) return;
        const marker = document.createElement('div');
        marker.setAttribute('aria-hidden', 'true');
        marker.style.cssText = `width:20px;height:20px;border-radius:50%;background:${colors.accent};border:3px solid ${colors.white};box-shadow:0 2px 6px rgba(0,0,0,.3);transform:translate(-50%,-50%)`;
        const instance = new ymaps3.YMap(element, { location: { center: [lng, lat], zoom: 16 } });
        instance.addChild(new ymaps3.YMapDefaultSchemeLayer());
        instance.addChild(new ymaps3.YMapDefaultFeaturesLayer());
        instance.addChild(new ymaps3.YMapMarker({ coordinates: [lng, lat] }, marker));
        map = instance;
      })
      .catch(() => {
        // The script (or the loader's chunk) failed: the static card stays, nothing to report.
        if (!cancelled) setView('error');
      });
    return () => {
      cancelled = true;
      unsubscribe();
      map?.destroy();
    };
  }, [apiKey, lat, lng]);

  const showMap = view === 'loaded';
  return (
    <figure css={[frameStyles, flushStyles]} data-map-status={view}>
      <div ref={canvas} data-map-canvas="" />
      {showMap ? null : <Pin />}
      <figcaption css={cardStyles} data-map-fallback={showMap ? undefined : ''}>
        <strong>{office.city}</strong>
        <address css={addressStyles}>{office.address}</address>
        <Link to={yandexMapsHref(office.geo, office.address)}>Открыть на Яндекс Картах</Link>
      </figcaption>
    </figure>
  );
}
