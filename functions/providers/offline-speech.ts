import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PodcastVoiceId } from '#shared/models';

/**
 * Offline speech: eSpeak NG (WebAssembly) speaks each segment to PCM, and lamejs encodes the PCM to one
 * MP3 stream as the segments arrive, so memory holds one segment's samples at a time however long the
 * script. The WebAssembly module is compiled once and instantiated per segment (eSpeak's command line
 * entry point runs once per instance).
 */

export const OFFLINE_SAMPLE_RATE = 22_050;
const MP3_KBPS = 48;
const ENCODE_BLOCK = 1152 * 32;

interface VoiceVariant {
  /** eSpeak voice and variant (`en-us+m3`): the variants change timbre and formants. */
  readonly voice: string;
  /** Pitch 0-99. */
  readonly pitch: number;
  /** Words per minute. */
  readonly speed: number;
}

/** Ten voices a listener can tell apart: different variants, pitches, paces and two accents. */
export const OFFLINE_VOICES: Readonly<Record<PodcastVoiceId, VoiceVariant>> = {
  alloy: { voice: 'en-us+m3', pitch: 50, speed: 165 },
  ash: { voice: 'en-us+m1', pitch: 42, speed: 172 },
  ballad: { voice: 'en-gb+f2', pitch: 58, speed: 150 },
  cedar: { voice: 'en-us+m7', pitch: 28, speed: 155 },
  coral: { voice: 'en-us+f3', pitch: 66, speed: 175 },
  echo: { voice: 'en-gb+m2', pitch: 38, speed: 150 },
  marin: { voice: 'en-us+f1', pitch: 55, speed: 168 },
  sage: { voice: 'en-gb+f4', pitch: 48, speed: 145 },
  shimmer: { voice: 'en-us+f5', pitch: 75, speed: 180 },
  verse: { voice: 'en-us+m5', pitch: 60, speed: 178 },
};

const DEFAULT_VARIANT: VoiceVariant = { voice: 'en-us', pitch: 50, speed: 165 };

type ESpeakFactory = typeof import('espeak-ng').default;

/** The two WebAssembly calls used here (the project's TypeScript libs do not declare the global). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<unknown>;
  instantiate(module: unknown, imports: object): Promise<unknown>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let engine: Promise<{ create: ESpeakFactory; wasm: unknown }> | undefined;

function loadEngine() {
  engine ??= (async () => {
    const { default: create } = await import('espeak-ng');
    const wasmPath = createRequire(import.meta.url).resolve('espeak-ng/dist/espeak-ng.wasm');
    return { create, wasm: await wasmApi.compile(readFileSync(wasmPath)) };
  })();
  return engine;
}

/** The 16-bit mono samples of a WAV file (eSpeak writes one `data` chunk after `fmt `). */
export function wavSamples(wav: Uint8Array): Int16Array {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  let offset = 12;
  while (offset + 8 <= wav.byteLength) {
    const id = String.fromCharCode(
      wav[offset] ?? 0,
      wav[offset + 1] ?? 0,
      wav[offset + 2] ?? 0,
      wav[offset + 3] ?? 0,
    );
    const declared = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (id === 'data') {
      // eSpeak writing to a file leaves the size field at its maximum; the file's end is the truth.
      const end = Math.min(wav.byteLength, declared === 0xffffffff ? wav.byteLength : start + declared);
      const copy = wav.slice(start, start + Math.floor((end - start) / 2) * 2);
      return new Int16Array(copy.buffer, copy.byteOffset, copy.byteLength / 2);
    }
    offset = start + declared + (declared % 2);
  }
  return new Int16Array(0);
}

export async function speakOffline(text: string, voiceId: PodcastVoiceId): Promise<Int16Array> {
  const { create, wasm } = await loadEngine();
  const variant: VoiceVariant = OFFLINE_VOICES[voiceId] ?? DEFAULT_VARIANT;
  const instance = await create({
    arguments: [
      '-w',
      'segment.wav',
      '-v',
      variant.voice,
      '-p',
      String(variant.pitch),
      '-s',
      String(variant.speed),
      '--',
      text,
    ],
    print: () => undefined,
    printErr: () => undefined,
    instantiateWasm: (imports, done) => {
      void wasmApi.instantiate(wasm, imports).then((instantiated) => done(instantiated, wasm));
      return {};
    },
  });
  return wavSamples(instance.FS.readFile('segment.wav'));
}

/** One MP3 stream fed segment by segment; a short pause separates the segments. */
export class Mp3StreamEncoder {
  private readonly chunks: Uint8Array[] = [];
  private samples = 0;

  private constructor(
    private readonly encoder: { encodeBuffer(pcm: Int16Array): Uint8Array; flush(): Uint8Array },
  ) {}

  static async create(): Promise<Mp3StreamEncoder> {
    const { Mp3Encoder } = await import('@breezystack/lamejs');
    return new Mp3StreamEncoder(new Mp3Encoder(1, OFFLINE_SAMPLE_RATE, MP3_KBPS));
  }

  add(pcm: Int16Array, pauseSeconds = 0.35): void {
    const padded = new Int16Array(pcm.length + Math.round(pauseSeconds * OFFLINE_SAMPLE_RATE));
    padded.set(pcm);
    for (let start = 0; start < padded.length; start += ENCODE_BLOCK) {
      const encoded = this.encoder.encodeBuffer(padded.subarray(start, start + ENCODE_BLOCK));
      if (encoded.length > 0) this.chunks.push(new Uint8Array(encoded));
    }
    this.samples += padded.length;
  }

  finish(): { audio: Uint8Array; durationSeconds: number } {
    const tail = this.encoder.flush();
    if (tail.length > 0) this.chunks.push(new Uint8Array(tail));
    return {
      audio: new Uint8Array(Buffer.concat(this.chunks)),
      durationSeconds: this.samples / OFFLINE_SAMPLE_RATE,
    };
  }
}
