/**
 * Deterministic variety for the offline composers: phrasing is chosen by a hash of the inputs, so the
 * same request always reads the same and different requests read differently (no Math.random).
 */

/** 32-bit FNV-1a of a string. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** One option, chosen by the seed and a salt naming the choice (so choices are independent). */
export function pick<T>(options: readonly [T, ...T[]], seed: number, salt: string): T {
  const index = hashText(`${seed}:${salt}`) % options.length;
  return options[index] ?? options[0];
}

/** The list rotated by a seed-derived offset: a stable, input-dependent order. */
export function rotate<T>(items: readonly T[], seed: number, salt: string): T[] {
  if (items.length === 0) return [];
  const offset = hashText(`${seed}:${salt}`) % items.length;
  return [...items.slice(offset), ...items.slice(0, offset)];
}
