// Issue #36 item 2: the picker's filter and match for 500 profiles on a phone. The built app with
// the simulated provider listing 500 profiles per platform (SIM_PROVIDER_PROFILES), /en/service/like
// at 390 px in Debian's Chromium with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), a
// link in the field so every card carries its match score and the list is sorted by it; then
// filter changes (language, niche, follower range, reliability, and back), each timed in the page
// from the select's change event to the frame that shows the updated list (a task queued from the
// next animation frame runs after that frame is painted). Goal: ≤ 100 ms.
import { chromium } from 'playwright';
import { freePort, startApp, stopApp, tempDir } from './lib.mjs';

const PROFILES = 500;
const ROUNDS = 3;
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];

export async function run() {
  const app = await startApp({ port: await freePort(), dataDir: tempDir('etk-bench-picker-'), env: { SIM_PROVIDER_PROFILES: String(PROFILES) } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const timings = [];
  const whole = [];
  let shown = 0;
  let scored = 0;
  let firstMatch = NaN;
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // The first visit syncs the 500 profiles (first-sync); the measured page is the second.
    await page.goto(`${app.url}/en/service/like`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${app.url}/en/service/like`);
    await page.locator('[data-profile-list][data-complete]').waitFor({ timeout: 60_000 });
    shown = Number(await page.locator('[data-shown-count]').getAttribute('data-shown-count'));
    const t0 = Date.now();
    await page.getByLabel('Tweet link').fill('https://x.com/bench/status/1790000000000000777');
    await page.locator('[data-match-score]').first().waitFor({ timeout: 30_000 });
    // Typing to a scored list: the 350 ms pause after the last key, the server's answer and the re-sort.
    firstMatch = Date.now() - t0;
    scored = await page.locator('[data-match-score]').count();
    await page.locator('[data-picker-filters-toggle]').click();
    await page.locator('[data-filter="lang"]').waitFor();
    const changes = [
      ['lang', 'en'],
      ['niche', 'gaming'],
      ['lang', ''],
      ['followers', '10k-30k'],
      ['niche', ''],
      ['followers', ''],
      ['lang', 'tr'],
      ['lang', ''],
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, value] of changes) {
        const ms = await page.evaluate(
          ([name, value]) =>
            new Promise((resolve) => {
              const select = document.querySelector(`[data-filter="${name}"]`);
              const t = performance.now();
              select.value = value;
              select.dispatchEvent(new Event('change', { bubbles: true }));
              requestAnimationFrame(() =>
                setTimeout(() => {
                  const first = performance.now() - t;
                  // Clearing a filter brings hundreds of cards back: the rest follow frame by frame.
                  const list = document.querySelector('[data-profile-list]');
                  const done = () => (list.hasAttribute('data-revealing') ? requestAnimationFrame(() => setTimeout(done, 0)) : resolve([first, performance.now() - t]));
                  done();
                }, 0),
              );
            }),
          [name, value],
        );
        timings.push(ms[0]);
        whole.push(ms[1]);
      }
    }
    if (process.env.BENCH_DEBUG) console.error(changes.map(([n, v], i) => `${n}=${v || '∅'}: ${timings.filter((_, j) => j % changes.length === i).map((x) => x.toFixed(0)).join(' ')}`).join('\n'));
    await context.close();
  } finally {
    await browser.close();
    await stopApp(app);
  }
  return {
    title: `The picker: filter and match for ${PROFILES} profiles on a phone (390 px, CPU 4× slower)`,
    lines: [
      '| measure | value |',
      '| --- | ---: |',
      `| profiles in the list (active) | ${shown} |`,
      `| cards with a match score | ${scored} |`,
      `| filter change → updated list, p50 (ms) | ${fmt(pct(timings, 50), 1)} |`,
      `| filter change → updated list, p95 (ms) | ${fmt(pct(timings, 95), 1)} |`,
      `| filter change → updated list, max (ms) | ${fmt(Math.max(...timings), 1)} |`,
      `| filter change → every card of the list on the page, p95 (ms) | ${fmt(pct(whole, 95), 1)} |`,
      `| filter change → every card of the list on the page, max (ms) | ${fmt(Math.max(...whole), 1)} |`,
      `| filter changes measured | ${timings.length} |`,
      `| typing a link → scored, sorted list (ms, incl. the 350 ms pause and the server) | ${fmt(firstMatch, 0)} |`,
    ],
    notes:
      'Goal ≤ 100 ms from a filter change to the updated list (issue #36). Measured inside the page (Chromium, CDP CPU throttling rate 4), from the select\'s change event to a task queued from the next animation frame, i.e. after the frame showing the new list; the list is sorted by match score throughout, so every change filters, sorts and re-renders up to 498 cards. A change that brings more than 40 hidden cards back shows the top of the list in that frame and the rest 40 per frame after it (components/service/use-reveal.ts): the last two lines time until every card of the filtered list is on the page.',
  };
}
