import crypto from 'node:crypto';

/** A number in [0, 1) fixed by the text: the same inputs always give the same outcome. */
export function hashUnit(text: string): number {
  const digest = crypto.createHash('sha256').update(text).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

/** A small deterministic generator (mulberry32) seeded from a text. */
export function seededRandom(seed: string): () => number {
  let a = crypto.createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
