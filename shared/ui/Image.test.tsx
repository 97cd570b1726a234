import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { parseModifiers } from '../../server/features/images/modifiers.ts';
import { IMAGE_LIMITS } from '../../server/platform/config/imageLimits.ts';
import { Image } from './Image.tsx';
import { planImageSizes } from './imageSizes.ts';
import { ipxUrl } from './ipxUrl.ts';

const attribute = (html: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

test('the srcset covers the screens of §9 at densities 1 and 2, in webp by default', () => {
  const html = renderToString(<Image src="/images/articles/x.png" alt="Обложка" width={1536} height={864} />);
  const srcset = attribute(html, 'srcSet') ?? '';
  const widths = srcset.split(', ').map((candidate) => Number(candidate.split(' ')[1]?.replace('w', '')));
  expect(widths).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072]);
  expect(srcset).toContain('/_ipx/w_320,f_webp/images/articles/x.png 320w');
  expect(attribute(html, 'sizes')).toBe('100vw');
  expect(attribute(html, 'width')).toBe('1536');
  expect(attribute(html, 'height')).toBe('864');
});

test('images are lazy except the largest one, which is eager with fetchpriority high', () => {
  const lazy = renderToString(<Image src="/images/a.png" alt="" width={400} height={300} />);
  expect(attribute(lazy, 'loading')).toBe('lazy');
  expect(attribute(lazy, 'fetchPriority')).toBe('auto');
  const largest = renderToString(<Image src="/images/a.png" alt="" width={400} height={300} priority />);
  expect(attribute(largest, 'loading')).toBe('eager');
  expect(attribute(largest, 'fetchPriority')).toBe('high');
});

test('a blurred 10×10 quality-50 placeholder shows behind the image until it loads', () => {
  const html = renderToString(<Image src="/images/a.png" alt="" width={400} height={300} />);
  expect(attribute(html, 'style')).toContain('/_ipx/w_10,h_10,fit_cover,q_50,f_webp/images/a.png');
});

test('sizes per screen become media queries and the widths the screens need', () => {
  expect(planImageSizes({ default: '100vw', md: '50vw', xl: 400 }, undefined)).toEqual({
    sizes: '(max-width: 767px) 100vw, (max-width: 1279px) 50vw, 400px',
    widths: [320, 384, 400, 512, 640, 768, 800, 1024, 1280],
  });
  expect(planImageSizes(undefined, 300).widths.every((width) => width <= 600)).toBe(true);
});

test('every URL the component writes is one the image service accepts', () => {
  const html = renderToString(<Image src="https://cdn.verf.test/a b.png?v=2" alt="" width={3072} height={100} />);
  const urls = (attribute(html, 'srcSet') ?? '').split(', ').map((candidate) => candidate.split(' ')[0] ?? '');
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const [, modifiers = ''] = /^\/_ipx\/([^/]+)\//.exec(url) ?? [];
    expect(() => parseModifiers(modifiers, IMAGE_LIMITS), url).not.toThrow();
  }
  expect(ipxUrl('https://cdn.verf.test/a b.png?v=2', { width: 10 })).toBe('/_ipx/w_10,f_webp/https://cdn.verf.test/a%20b.png%3Fv=2');
});
