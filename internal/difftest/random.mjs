// mulberry32: a small seeded PRNG, so that a failing seed can be replayed;
// shared by gen.mjs and gen2.mjs.
export function random(seed) {
  let state = seed >>> 0;
  const rand = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(rand() * n);
  return { rand, int, pick: (a) => a[int(a.length)], chance: (p) => rand() < p };
}
