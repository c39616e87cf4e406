/**
 * Reads MP3 frame headers: how long a file plays (frames × samples per frame / sample rate), and
 * whether it is MP3 at all. Used for provider audio (whose duration nobody reports) and in tests.
 */

const BITRATES: Readonly<Record<string, readonly number[]>> = {
  // MPEG-1 Layer III, then MPEG-2/2.5 Layer III, in kbps by the 4-bit index.
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0],
};
const SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};

export interface Mp3Summary {
  readonly frames: number;
  readonly durationSeconds: number;
  readonly sampleRate: number;
}

function skipId3(bytes: Uint8Array): number {
  if (bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    (((bytes[6] ?? 0) & 0x7f) << 21) |
    (((bytes[7] ?? 0) & 0x7f) << 14) |
    (((bytes[8] ?? 0) & 0x7f) << 7) |
    ((bytes[9] ?? 0) & 0x7f);
  return 10 + size;
}

/** Walks the Layer III frames from the start; stops at the first byte that is not a frame header. */
export function summarizeMp3(bytes: Uint8Array): Mp3Summary {
  let offset = skipId3(bytes);
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1] ?? 0;
    const b2 = bytes[offset + 2] ?? 0;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) break;
    const version = (b1 >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (b1 >> 1) & 0x03; // 1: Layer III
    const rates = SAMPLE_RATES[version];
    const rate = rates?.[(b2 >> 2) & 0x03];
    const kbps = (version === 3 ? BITRATES.v1 : BITRATES.v2)?.[(b2 >> 4) & 0x0f] ?? 0;
    if (layer !== 1 || !rate || kbps === 0) break;
    const padding = (b2 >> 1) & 0x01;
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * kbps * 1000) / rate) + padding;
    frames += 1;
    samples += perFrame;
    sampleRate = rate;
    offset += length;
  }
  return { frames, sampleRate, durationSeconds: sampleRate ? samples / sampleRate : 0 };
}
