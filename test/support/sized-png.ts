import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A PNG of noise (incompressible) padded to exactly `bytes` with a private ancillary chunk. */
export async function pngOfSize(bytes: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt((bytes * (bytes > 100_000 ? 0.95 : 0.5)) / 3));
  const noise = Buffer.alloc(side * side * 3);
  let seed = 7;
  for (let index = 0; index < noise.length; index++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    noise[index] = seed >> 16;
  }
  const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const room = bytes - png.length - 12;
  if (room < 0) throw new Error(`A ${side}px PNG is already ${png.length} bytes`);
  // A chunk before IEND that decoders skip (lower-case type: ancillary, private): length, type, data, CRC.
  const chunk = Buffer.alloc(12 + room);
  chunk.writeUInt32BE(room, 0);
  chunk.write('prVt', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + room)), 8 + room);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}
