import sharp from 'sharp';

/**
 * A picture that encodes like a photograph (gradients under fine grain), for measuring and
 * flooding the image service: the seed's covers are flat art, far cheaper to encode than the
 * photographs a CMS would serve. Deterministic: the same size gives the same bytes.
 */
export async function photoLike(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width + grain;
      pixels[i + 1] = (y * 200) / height + grain;
      pixels[i + 2] = 128 + 100 * Math.sin(x / 97 + y / 61) + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
