// Real-browser check of a built site, from file:// in headless Chromium:
// home, ranking, event and player pages load, the search box finds a player
// (accent-insensitive), the player chart is drawn, and axe-core reports no
// violations. Screenshots go to target/screenshots/ for review.
//
// Usage: node .ci/browser.js SITE_DIR SCREENSHOT_DIR
'use strict';
const path = require('path');
const fs = require('fs');
// The packages live in .ci/node (installed by .ci/run, gitignored).
const local = require('module').createRequire(path.join(__dirname, 'node', 'package.json'));
const { chromium } = local('playwright-core');
const axeSource = fs.readFileSync(local.resolve('axe-core/axe.min.js'), 'utf8');

const site = path.resolve(process.argv[2] || 'target/site');
const shots = path.resolve(process.argv[3] || 'target/screenshots');
fs.mkdirSync(shots, { recursive: true });
const url = (rel) => 'file://' + path.join(site, rel);

// A player page with the most rows (events and matches: the most
// interesting chart and the widest tables).
function busiestPlayer() {
  let best = null;
  for (const f of fs.readdirSync(path.join(site, 'player'))) {
    const html = fs.readFileSync(path.join(site, 'player', f), 'utf8');
    const n = (html.match(/<tr>/g) || []).length;
    if (!best || n > best.n) best = { f, n };
  }
  return 'player/' + best.f;
}

const failures = [];
function check(ok, message) {
  if (!ok) failures.push(message);
  console.log((ok ? 'ok   ' : 'FAIL ') + message);
}

async function axe(page, name) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  check(result.length === 0, `${name}: axe-core reports no violations` + (result.length ? '\n      ' + result.join('\n      ') : ''));
}

// ranking.js: headings sort the rows (a second press reverses), and the
// nationality filter shows only the chosen nation's rows, with a link to
// its whole national ranking.
async function rankingScript(page, label) {
  const column = (name) => page.$$eval('table.ranking thead th', (ths, n) => ths.findIndex((th) => th.textContent.replace(/[▲▼]/g, '').trim() === n), name);
  const values = (i) => page.$$eval('table.ranking tbody tr:not([hidden])', (trs, i) => trs.map((tr) => tr.cells[i].textContent.trim()), i);
  const ordered = (xs, cmp) => xs.every((x, k) => k === 0 || cmp(xs[k - 1], x) <= 0);
  const name = await column('Name');
  const rating = await column('Rating');
  check(name >= 0 && rating >= 0, `${label}: ranking has Name and Rating headings`);
  const sorted = await page.$$('table.ranking thead th button.sort');
  check(sorted.length >= 3, `${label}: ${sorted.length} sortable headings`);
  await page.click('table.ranking thead th:nth-child(' + (name + 1) + ') button');
  const names = await values(name);
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  check(ordered(names, collator.compare), `${label}: Name sorts A-Z (${names.slice(0, 3).join(', ')} ...)`);
  const ratingButton = 'table.ranking thead th:nth-child(' + (rating + 1) + ') button';
  await page.click(ratingButton);
  let ratings = (await values(rating)).map(Number);
  check(ordered(ratings, (a, b) => b - a) && await page.getAttribute(`table.ranking thead th:nth-child(${rating + 1})`, 'aria-sort') === 'descending',
    `${label}: first press on Rating sorts highest first (${ratings.slice(0, 3).join(', ')} ...)`);
  await page.click(ratingButton);
  ratings = (await values(rating)).map(Number);
  check(ordered(ratings, (a, b) => a - b) && ratings[0] < ratings[ratings.length - 1],
    `${label}: second press sorts lowest first (${ratings.slice(0, 3).join(', ')} ...)`);
  if (!(await page.isVisible('#nat-filter'))) return;
  const nat = await column('Nat.');
  const options = await page.$$eval('#nat-filter option', (os) => os.map((o) => o.value).filter(Boolean));
  const all = (await values(nat)).length;
  const code = options[0];
  await page.selectOption('#nat-filter', code);
  const shown = await values(nat);
  check(shown.length > 0 && (options.length === 1 || shown.length < all) && shown.every((c) => c === code),
    `${label}: filter "${code}" shows its ${shown.length} of ${all} rows`);
  const href = await page.$eval('#nat-filter', (s) => s.options[s.selectedIndex].getAttribute('data-href'));
  const link = await page.$eval('p.filter', (p) => { const a = p.querySelector('[aria-live] a'); return a ? a.href : null; });
  check(!href || (link && fs.existsSync(require('url').fileURLToPath(link))), `${label}: filter links to the national ranking (${link})`);
  await axe(page, `${label} filtered and sorted`);
  await page.selectOption('#nat-filter', '');
  check((await values(nat)).length === all, `${label}: "All" shows every row again`);
}

// The predictions page: a headline, the comparisons in words (or "not
// comparable"), and a calibration chart per rating with a model, drawn
// within the screen, its labels at least 11 px tall, a dot per bin with
// games and the bins' figures behind a <details>.
async function predictionsPage(page, label, width) {
  const lead = await page.$eval('p.lead', (p) => p.textContent.trim()).catch(() => '');
  check(lead.length > 20, `${label}: headline "${lead.slice(0, 60)}..."`);
  const compared = (await page.$$('ul.compared li')).length;
  const apart = await page.evaluate(() => document.body.textContent.includes('Not comparable'));
  check(compared > 0 || apart, `${label}: ${compared} comparisons in words${apart ? ', some not comparable' : ''}`);
  const lossHeads = (await page.$$('table.log-loss thead th')).length - 1;
  const charts = await page.$$eval('svg.calibration', (ss) => ss.map((s) => {
    const box = s.getBoundingClientRect();
    const texts = [...s.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height);
    return { right: box.right, width: box.width, height: box.height, least: Math.min(...texts), dots: s.querySelectorAll('circle').length };
  }));
  check(charts.length === Math.max(lossHeads, 0), `${label}: a calibration chart per rating with a model (${charts.length} of ${lossHeads})`);
  for (const [i, c] of charts.entries()) {
    check(c.width > 200 && c.height > 140 && c.right <= width, `${label}: calibration chart ${i + 1} drawn on screen (${Math.round(c.width)}x${Math.round(c.height)}, right edge ${Math.round(c.right)} px)`);
    check(c.least >= 11, `${label}: calibration chart ${i + 1} text at least 11 px tall (smallest ${c.least.toFixed(1)} px)`);
    check(c.dots > 0, `${label}: calibration chart ${i + 1} has ${c.dots} dots`);
  }
  const bins = await page.$$eval('table.calibration-bins', (ts) => ts.map((t) => t.querySelectorAll('tbody tr').length));
  check(bins.every((n) => n === 10), `${label}: ten bins in every calibration table (${bins.join(', ')})`);
}

// At 390 px: nothing wider than the screen, no scroll box of its own in
// height, chart text at least 11 px tall, and a ranking's rank, name and
// rating columns on screen without scrolling sideways.
async function phone(page, name, label) {
  const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `${label}: no horizontal overflow of the page (${overflow} px)`);
  const boxes = await page.evaluate(() => [...document.querySelectorAll('body *')]
    .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1)
    .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '')));
  check(boxes.length === 0, `${label}: no element scrolls in height on its own` + (boxes.length ? ': ' + boxes.join(', ') : ''));
  if (name === 'player') {
    const heights = await page.$$eval('svg.chart text', (ts) => ts.map((t) => t.getBoundingClientRect().height));
    const least = Math.min(...heights);
    check(heights.length > 0 && least >= 11, `${label}: chart text at least 11 px tall (${heights.length} labels, smallest ${least.toFixed(1)} px)`);
    // The history's date, event and (first rating's) rating after the event.
    const cols = await page.evaluate(() => {
      const heads = [...document.querySelectorAll('table.history thead tr:last-child th')];
      return ['Date', 'Event', 'After'].map((h) => {
        const th = heads.find((t) => t.textContent.trim() === h);
        return [h, th ? th.getBoundingClientRect().right : Infinity];
      });
    });
    for (const [h, right] of cols) {
      check(right <= 390, `${label}: the history's ${h} column is on screen (right edge ${Math.round(right)} px)`);
    }
  }
  if (name === 'ranking') {
    const cols = await page.evaluate(() => {
      const heads = [...document.querySelectorAll('table thead th')].map((th) => th.textContent.trim());
      const row = document.querySelector('table tbody tr');
      return ['Rank', 'Name', 'Rating'].map((h) => {
        const cell = row.children[heads.indexOf(h)];
        return [h, cell ? cell.getBoundingClientRect().right : Infinity];
      });
    });
    for (const [h, right] of cols) {
      check(right <= 390, `${label}: the ${h} column is on screen (right edge ${Math.round(right)} px)`);
    }
  }
}

// Issue #30, at both widths. The player's history fits a 1280 px desktop
// without scrolling sideways, with room for one more narrow column and
// event names on at most two lines; a ranking's first row is high on a
// phone's first screen, its pager on one line; the footer's date whole.
async function layout(page, name, label, width) {
  if (name === 'player' && width === 1280) {
    const h = await page.evaluate(() => {
      const t = document.querySelector('table.history');
      if (!t) return null;
      const frame = t.parentElement.clientWidth;
      const scroll = t.scrollWidth;
      const w = t.style.width;
      t.style.width = 'min-content';
      const least = t.offsetWidth;
      t.style.width = w;
      const lines = [...t.querySelectorAll('tbody td:nth-child(2) a')].map((a) => {
        const r = a.getClientRects();
        return r.length;
      });
      return { frame, scroll, least, lines: Math.max(0, ...lines) };
    });
    if (h) {
      check(h.scroll <= h.frame, `${label}: history table fits its frame (${h.scroll} px in ${h.frame} px)`);
      check(h.least + 90 <= h.frame, `${label}: history leaves room for one more column (needs ${h.least} px of ${h.frame} px)`);
      check(h.lines <= 2, `${label}: event names in the history on at most 2 lines (${h.lines})`);
    }
  }
  if (name === 'player') {
    // A rating's spread ("± 124", "(μ 28.70, σ 1.09)") stays inside its
    // fact box (TrueSkill's ran into the next one at 1280 px).
    const spreads = await page.$$eval('.facts .spread', (els) => els.map((e) => {
      const box = e.closest('div').getBoundingClientRect();
      const text = document.createRange();
      text.selectNodeContents(e);
      return { text: e.textContent, over: Math.round(text.getBoundingClientRect().right - box.right) };
    }));
    for (const s of spreads) {
      check(s.over <= 0, `${label}: "${s.text}" inside its fact box (${s.over} px over)`);
    }
    // Each chart tells one story: its solid line (ratings reached, not
    // the start, not provisional ones) never rises above the marked peak,
    // and the start is drawn apart.
    const charts = await page.$$eval('svg.chart', (svgs) => svgs.map((svg) => {
      const line = svg.querySelector('path.line');
      const peak = svg.querySelector('circle.peak');
      const inner = svg.querySelector('svg');
      const top = Number(inner.getAttribute('y'));
      const ys = [];
      for (const [, cmd, args] of (line ? line.getAttribute('d') : '').matchAll(/([MHV])([^MHV]*)/g)) {
        const n = args.trim().split(/[ ,]+/).map(Number);
        if (cmd === 'M') ys.push(n[1]);
        if (cmd === 'V') ys.push(n[0]);
      }
      return {
        highest: ys.length ? Math.min(...ys) + top : null,
        peak: peak ? Number(peak.getAttribute('cy')) : null,
        start: !!svg.querySelector('path.start'),
      };
    }));
    charts.forEach((c, i) => {
      check(c.start && (c.peak === null ? c.highest === null : c.highest >= c.peak - 0.5),
        `${label}: chart ${i + 1}: the start drawn apart (${c.start}), the solid line's highest point (y ${c.highest}) not above the peak (y ${c.peak})`);
    });
    // TrueSkill's first event reads "new" (not a gain from its start at
    // 0), and the page says what the number is.
    const ts = await page.evaluate(() => {
      const t = document.querySelector('table.history');
      if (!t) return null;
      let col = 0;
      let at = null;
      for (const g of t.querySelectorAll('thead tr:first-child > *')) {
        if (/TrueSkill/.test(g.textContent)) at = col;
        col += Number(g.getAttribute('colspan') || 1);
      }
      if (at === null) return null;
      const first = [...t.querySelectorAll('tbody tr')].map((tr) => tr.children[at].textContent.trim()).find((x) => x);
      const explained = [...document.querySelectorAll('p.meta')].some((p) => /μ − 3σ/.test(p.textContent));
      return { first, explained };
    });
    if (ts) check(/ new$/.test(ts.first) && ts.explained, `${label}: TrueSkill's first event reads "${ts.first}" (ends in "new") and the page says what the number is (${ts.explained})`);
  }
  if (name === 'ranking' && width === 390) {
    const top = await page.$eval('table.ranking tbody tr', (tr) => tr.getBoundingClientRect().top + window.scrollY);
    check(top <= 560, `${label}: the first row starts at y = ${Math.round(top)} (at most 560 of 844)`);
    const rows = await page.$$eval('nav.pager ul', (uls) => uls.map((ul) => {
      const tops = new Set([...ul.children].map((li) => Math.round(li.getBoundingClientRect().top)));
      return tops.size;
    }));
    check(rows.every((n) => n <= 1), `${label}: the pager on one line (${rows.join(', ') || 'no pager'})`);
  }
  if (width === 1280) {
    // The header: title and search on one line, the menu on the next.
    const height = await page.$eval('header.site', (h) => h.getBoundingClientRect().height);
    check(height <= 100, `${label}: the header keeps to two lines (${Math.round(height)} px high)`);
  }
  if (width === 390) {
    const date = await page.$eval('footer.site', (f) => {
      const s = f.querySelector('.nw');
      return s ? s.getClientRects().length : 1;
    });
    check(date === 1, `${label}: the footer's date is not broken (${date} lines)`);
  }
  if (name === 'players') {
    const p = await page.evaluate(() => {
      const heads = [...document.querySelectorAll('table.players thead th')].map((th) => th.textContent.trim());
      const rows = [...document.querySelectorAll('table.players tbody tr')];
      const natEmpty = heads.includes('Nat.') && rows.every((tr) => tr.children[heads.indexOf('Nat.')].textContent.trim() === '');
      const first = rows[0] && rows[0].children[heads.includes('Nat.') ? 2 : 1];
      return {
        natEmpty,
        right: first ? first.getBoundingClientRect().right : 0,
        count: document.querySelector('p.meta').textContent.trim(),
        rows: rows.length,
      };
    });
    check(!p.natEmpty, `${label}: no empty Nat. column`);
    check(!/^1 players/.test(p.count), `${label}: "${p.count}"`);
    check(p.rows > 0, `${label}: the players page lists players (${p.rows})`);
    if (width === 390) check(p.right <= 390, `${label}: the first rating column is on screen (right edge ${Math.round(p.right)} px)`);
  }
}

// A match event's standings and crosstable (issue 25): at 390 px the
// standings' place, name and points on screen (the crosstable may scroll
// in its own box); at 1280 px a crosstable of up to 9 rounds fits without
// scrolling sideways, and each of its opponent links leads to a row.
async function eventStandings(page, label, width) {
  const found = await page.evaluate(() => {
    const standings = document.querySelector('table.standings');
    if (!standings) return null;
    const heads = [...standings.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    const row = standings.querySelector('tbody tr');
    const cross = document.querySelector('table.crosstable');
    const wrap = cross && cross.parentElement;
    const rounds = cross ? cross.querySelectorAll('thead th').length - 3 : 0;
    const targets = cross ? [...cross.querySelectorAll('tbody a[href^="#x"]')].map((a) => a.getAttribute('href').slice(1)) : [];
    return {
      cells: ['Place', 'Name', 'Points'].map((h) => [h, row.children[heads.indexOf(h)]?.getBoundingClientRect().right ?? Infinity]),
      rounds,
      overflow: wrap ? wrap.scrollWidth - wrap.clientWidth : 0,
      links: targets.length,
      dangling: targets.filter((id) => !document.getElementById(id)).length,
    };
  });
  if (!found) return;
  if (width === 390) {
    for (const [h, right] of found.cells) {
      check(right <= 390, `${label}: the standings' ${h} column is on screen (right edge ${Math.round(right)} px)`);
    }
  }
  if (width === 1280 && found.rounds > 0 && found.rounds <= 9) {
    check(found.overflow <= 0, `${label}: a crosstable of ${found.rounds} rounds fits without scrolling (${found.overflow} px over)`);
  }
  check(found.links > 0 && found.dangling === 0, `${label}: ${found.links} crosstable links, ${found.dangling} without a row`);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--allow-file-access-from-files',
    ],
  });
  const player = busiestPlayer();
  const pages = [
    ['home', 'index.html'],
    ['ranking', 'rating/' + fs.readdirSync(path.join(site, 'rating'))[0] + '/index.html'],
    ['event', 'events/' + (function first(dir) {
      for (const f of fs.readdirSync(path.join(site, 'events', dir)).sort()) {
        const rel = path.join(dir, f);
        if (f.endsWith('.html')) return rel;
        const inner = first(rel);
        if (inner) return inner;
      }
      return null;
    })('')],
    ['player', player],
    ['predictions', 'predictions.html'],
    // Players A–Z: every player on a small site, else the first letter.
    ['players', (function () {
      const html = fs.readFileSync(path.join(site, 'players.html'), 'utf8');
      const letter = html.match(/href="(players\/[^"]+\.html)"/);
      return /<table class="players">/.test(html) || !letter ? 'players.html' : letter[1];
    })()],
  ];
  // The event with the widest crosstable of at most 9 rounds, if wider
  // than the first event's (the chess club's 9-round championship).
  const widest = (function scan(dir, best) {
    for (const f of fs.readdirSync(path.join(site, 'events', dir)).sort()) {
      const rel = path.join(dir, f);
      if (!f.endsWith('.html')) { best = scan(rel, best); continue; }
      const rounds = (fs.readFileSync(path.join(site, 'events', rel), 'utf8').match(/<abbr title="round \d+">/g) || []).length;
      if (rounds <= 9 && rounds > best[1]) best = [rel, rounds];
    }
    return best;
  })('', ['', 0]);
  if (widest[1] > 0 && 'events/' + widest[0] !== pages[2][1]) pages.push(['event-widest', 'events/' + widest[0]]);
  // Also checked with axe-core, at full width: records and a year-end ranking.
  const rating = 'rating/' + fs.readdirSync(path.join(site, 'rating'))[0];
  const extra = [['records', rating + '/records.html']];
  const years = fs.existsSync(path.join(site, rating, 'year')) ? fs.readdirSync(path.join(site, rating, 'year')).sort() : [];
  if (years.length) extra.push(['year-end', rating + '/year/' + years[0]]);
  if (fs.existsSync(path.join(site, 'circuits.html'))) extra.push(['circuits', 'circuits.html']);
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    for (const [name, rel] of pages) {
      const label = `${name} (${width}px)`;
      await page.goto(url(rel));
      check(await page.isVisible('#search-q'), `${label}: search box shown`);
      if (name === 'player') {
        const chart = await page.$('svg.chart');
        const box = chart && (await chart.boundingBox());
        check(!!box && box.width > 200 && box.height > 60, `${label}: chart drawn (${box ? Math.round(box.width) + 'x' + Math.round(box.height) : 'none'})`);
        const points = await page.$$eval('svg.chart circle', (cs) => cs.filter((c) => c.getBoundingClientRect().width > 0).length);
        check(points > 0, `${label}: chart has ${points} visible points`);
        check((await page.$$('svg.chart circle.peak')).length >= 1, `${label}: peak marked`);
      }
      if (name === 'predictions') await predictionsPage(page, label, width);
      if (width === 390) await phone(page, name, label);
      await layout(page, name, label, width);
      if (name.startsWith('event')) await eventStandings(page, label, width);
      if (name === 'home' && width === 390 && fs.existsSync(path.join(site, 'players.html'))) {
        // Players A–Z on a phone: every rating's column on screen (#30 item 2).
        await page.goto(url('players.html'));
        const az = await page.evaluate(() => {
          const t = document.querySelector('table.players');
          return t ? [t.scrollWidth, t.parentElement.clientWidth] : null;
        });
        if (az) check(az[0] <= az[1], `players A-Z (390px): every rating on screen (table ${az[0]} px in ${az[1]} px)`);
        await page.goto(url(rel));
      }
      await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: name !== 'ranking' });
      if (width === 1280) await axe(page, label);
      if (width === 1280 && name === 'ranking') await rankingScript(page, label);
    }
    if (width === 1280) {
      for (const [name, rel] of extra) {
        await page.goto(url(rel));
        await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
        await axe(page, name);
      }
    }
    // Search: type a folded name (accents removed) and find the player.
    await page.goto(url(pages[0][1]));
    const wanted = fs.readFileSync(path.join(site, player), 'utf8').match(/<h1>([^<]*)<\/h1>/)[1]
      .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
    // A part of the name: lower case, accents removed, first letter dropped.
    const query = wanted.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().slice(1);
    await page.fill('#search-q', query);
    await page.waitForSelector('#search-results a', { timeout: 5000 }).catch(() => {});
    const found = await page.$$eval('#search-results a', (as) => as.map((a) => a.textContent));
    check(found.includes(wanted), `search (${width}px) for "${query}" finds ${wanted} (got ${found.slice(0, 5).join(', ')})`);
    // Players of one name are told apart: each suggestion says more than
    // "player" (nationality, rating, events).
    const said = await page.$$eval('#search-results li', (lis) => lis.filter((li) => / player/.test(li.textContent)).map((li) => li.querySelector('small').textContent));
    check(said.length > 0 && said.every((s) => /\d/.test(s)), `search (${width}px): player suggestions carry rating and events (${said.slice(0, 2).join(' |')})`);
    await page.screenshot({ path: path.join(shots, `search-${width}.png`) });
    // Accents ignored: an accented name found by its accent-free form.
    await page.evaluate(() => new Promise((resolve) => {
      if (window.RATINGS_SEARCH) return resolve();
      const s = document.createElement('script');
      s.src = document.getElementById('search').getAttribute('data-root') + 'search-index.js';
      s.onload = resolve;
      document.head.appendChild(s);
    }));
    const accented = await page.evaluate(() => {
      const p = window.RATINGS_SEARCH.p.find((x) => Array.isArray(x) && x.length === 3 && x[0] !== x[0].normalize('NFD'));
      return p ? p[0] : null;
    });
    if (accented) {
      const word = accented.split(/\s+/).find((w) => w !== w.normalize('NFD')) || accented;
      const plain = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      await page.fill('#search-q', '');
      await page.fill('#search-q', plain);
      await page.waitForSelector('#search-results a', { timeout: 5000 }).catch(() => {});
      const hits = await page.$$eval('#search-results a', (as) => as.map((a) => a.textContent));
      check(hits.includes(accented), `search (${width}px) for "${plain}" finds ${accented} (got ${hits.slice(0, 5).join(', ')})`);
    }
    // German transliteration: "ue" finds "ü" (Mueller, Müller), as FIDE's
    // lists and lichess search do.
    const umlaut = await page.evaluate(() => {
      const names = window.RATINGS_SEARCH.p.map((x) => (Array.isArray(x) ? x[0] : x));
      return names.find((n) => /[äöü]/.test(n)) || null;
    });
    if (umlaut) {
      const word = umlaut.split(/\s+/).find((w) => /[äöü]/.test(w));
      const written = word.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue');
      await page.fill('#search-q', '');
      await page.fill('#search-q', written);
      await page.waitForSelector('#search-results a', { timeout: 5000 }).catch(() => {});
      const hits = await page.$$eval('#search-results a', (as) => as.map((a) => a.textContent));
      check(hits.includes(umlaut), `search (${width}px) for "${written}" finds ${umlaut} (got ${hits.slice(0, 5).join(', ')})`);
    }
    if (width === 1280) {
      // Players whose page name the script rebuilds from a hash (or
      // takes as given), the first 200: the result link opens an existing page.
      const special = await page.evaluate(() => window.RATINGS_SEARCH.p.filter((x) => Array.isArray(x)).slice(0, 200));
      let broken = [];
      for (const entry of special) {
        await page.fill('#search-q', entry[1] || entry[0].toLowerCase());
        const links = await page.$$eval('#search-results a', (as) => as.map((a) => [a.textContent, a.href]));
        const link = links.find(([t]) => t === entry[0]);
        if (!link || !fs.existsSync(require('url').fileURLToPath(link[1]))) broken.push(entry[0]);
      }
      check(broken.length === 0, `search links of ${special.length} non-plain names open existing pages` + (broken.length ? ': ' + broken.join(', ') : ''));
      await page.fill('#search-q', query);
      await axe(page, 'home with search results');
      // Enter opens the first result.
      await page.press('#search-q', 'Enter');
      await page.waitForLoadState();
      check(page.url().includes('/player/') || page.url().includes('/events/'), `Enter opens the first result (${page.url().split('/').slice(-2).join('/')})`);
    }
    check(errors.length === 0, `no script errors (${width}px)` + (errors.length ? ': ' + errors.join('; ') : ''));
    await context.close();
  }
  await browser.close();
  if (failures.length) {
    console.error(`\n${failures.length} browser check(s) failed`);
    process.exit(1);
  }
  console.log(`\nbrowser checks passed; screenshots in ${shots}`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
