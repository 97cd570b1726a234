import { createIPX, type IPX } from 'ipx';
import type { ImageLimits } from '../../platform/config/imageLimits.ts';

/** Turns verified source bytes into one variant (ipx's modifiers, `f` settled). */
export type ProcessImage = (sourceId: string, bytes: Buffer, ipxModifiers: Record<string, string>) => Promise<Buffer>;

/** ipx over a storage that hands back only bytes already verified: ipx never reads a file or URL itself (decision 044). */
export function createImageProcessor(limits: Pick<ImageLimits, 'maxInputPixels' | 'avifEffort'>): ProcessImage {
  const ipx = createVerifiedIpx(limits);
  return async (sourceId, bytes, ipxModifiers) => {
    const output = await ipx(sourceId, ipxModifiers, { data: bytes }).process();
    return Buffer.isBuffer(output.data) ? output.data : Buffer.from(output.data);
  };
}

function createVerifiedIpx(limits: Pick<ImageLimits, 'maxInputPixels' | 'avifEffort'>): IPX {
  return createIPX({
    storage: {
      name: 'verified-source',
      getMeta: () => ({}),
      getData: (_id, requestOptions) => {
        const data = (requestOptions as { data?: Buffer } | undefined)?.data;
        return data?.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer | undefined;
      },
    },
    // ipx copies these onto each sharp instance and `toFormat` keeps the effort: AVIF bounded without a fork (processImage.test.ts).
    sharpOptions: { limitInputPixels: limits.maxInputPixels, ...{ heifEffort: limits.avifEffort } },
    svgo: false,
  });
}
