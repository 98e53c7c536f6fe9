#!/usr/bin/env node
// Deep-merges a JSON file of {"tr": {...}, "en": {...}, "de": {...}} into messages/{tr,en,de}.json.
// Several people may add strings at once: each file is read, merged and written in one step,
// keys stay in insertion order, and the three catalogues must receive the same keys.
// Usage: node scripts/add-messages.mjs path/to/fragment.json
import fs from 'node:fs';

const fragment = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const flat = (o, p = '') =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));
const keys = Object.fromEntries(['tr', 'en', 'de'].map((l) => [l, flat(fragment[l] ?? {}).sort().join('\n')]));
if (keys.tr !== keys.en || keys.tr !== keys.de) {
  console.error('The fragment must give the same keys in tr, en and de.');
  process.exit(1);
}
const merge = (a, b) => {
  for (const [k, v] of Object.entries(b)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) a[k] = merge(a[k] && typeof a[k] === 'object' ? a[k] : {}, v);
    else a[k] = v;
  }
  return a;
};
for (const locale of ['tr', 'en', 'de']) {
  const file = new URL(`../messages/${locale}.json`, import.meta.url);
  const current = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify(merge(current, fragment[locale]), null, 2) + '\n');
}
console.log('merged');
