/* Search box: finds players and events by any part of the name, accents
   ignored. Works from file://: the index is a classic script
   (search-index.js, setting window.RATINGS_SEARCH) added on first use;
   no fetch, no modules. The page holds an empty, hidden box; this script
   fills and shows it. Without JavaScript the A-Z players index is the way
   in. */
(function () {
  'use strict';
  var box = document.getElementById('search');
  if (!box) return;
  var root = box.getAttribute('data-root') || '';
  // The box is made here: without JavaScript it would be of no use, and
  // every page is the lighter for it.
  box.innerHTML = '<form role="search" id="search-form"><label for="search-q">Search</label> ' +
    '<input id="search-q" type="search" autocomplete="off" placeholder="Player or event"></form>' +
    '<p id="search-status" aria-live="polite"></p><ul id="search-results"></ul>';
  var form = document.getElementById('search-form');
  var input = document.getElementById('search-q');
  var list = document.getElementById('search-results');
  var status = document.getElementById('search-status');
  var MAX = 20;
  var players = null, events = null, requested = false;

  var map = { 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'ø': 'o', 'đ': 'd', 'ð': 'd', 'ł': 'l', 'þ': 'th', 'ı': 'i' };
  // German transliteration, as FIDE's lists write it: "Mueller" is
  // "Müller", "Schoen" "Schön". Names and queries are compared with the
  // pairs ae, oe, ue also read as a, o, u.
  function german(f) {
    return f.replace(/([aou])e/g, '$1');
  }
  function fold(s) {
    return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
      .replace(/[ßæœøđðłþı]/g, function (c) { return map[c]; })
      .replace(/\s+/g, ' ').trim();
  }

  function prepare() {
    var idx = window.RATINGS_SEARCH;
    if (!idx) return false;
    var details = idx.d || [];
    players = idx.p.map(function (p, i) {
      var x = player(p);
      x.g = german(x.f);
      x.d = details[i] || '';
      return x;
    });
    events = idx.e.map(function (e) {
      var f = e[3] || e[0].toLowerCase();
      return { n: e[0], f: f, g: german(f), h: 'events/' + e[1] + '.html', d: e[2] };
    });
    return true;
  }

  function player(p) {
    if (typeof p === 'string') {
      return { n: p, f: p.toLowerCase(), h: 'player/' + p.toLowerCase().trim().split(/\s+/).join('-') + '.html' };
    }
    var f = p[1] || p[0].toLowerCase();
    var slug = p[2];
    if (p.length === 3) {
      // The folded name, other characters made hyphens (at most 60), then the hash.
      var base = f.replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 60).replace(/-+$/, '');
      slug = base ? base + '--' + p[2] : p[2];
    }
    return { n: p[0], f: f, h: 'player/' + slug + '.html' };
  }

  function load() {
    if (players || requested) return;
    if (prepare()) return;
    requested = true;
    status.textContent = 'Loading…';
    var s = document.createElement('script');
    s.src = root + 'search-index.js';
    s.charset = 'utf-8';
    s.onload = function () { prepare(); run(); };
    s.onerror = function () { status.textContent = 'The search index could not be loaded.'; };
    document.head.appendChild(s);
  }

  // Every word must occur; names that start with the query, then names
  // with a word starting with it, come first.
  function matches(items, words, limit) {
    var q = words.join(' ');
    var plain = words.map(german);
    var ranked = [[], [], []];
    var total = 0;
    for (var i = 0; i < items.length; i++) {
      var f = items[i].f;
      var ok = true;
      for (var w = 0; w < words.length; w++) {
        if (f.indexOf(words[w]) < 0 && items[i].g.indexOf(plain[w]) < 0) { ok = false; break; }
      }
      if (ok) {
        total++;
        var score = f.indexOf(q) === 0 ? 0 : (f.indexOf(' ' + words[0]) >= 0 ? 1 : 2);
        if (ranked[score].length < limit) ranked[score].push(items[i]);
      }
    }
    return { items: ranked[0].concat(ranked[1], ranked[2]).slice(0, limit), total: total };
  }

  function item(entry, kind) {
    var li = document.createElement('li');
    var a = document.createElement('a');
    a.href = root + entry.h;
    a.textContent = entry.n;
    li.appendChild(a);
    var small = document.createElement('small');
    small.textContent = kind === 'event' ? ' event, ' + entry.d : ' player' + (entry.d ? ', ' + entry.d : '');
    li.appendChild(small);
    return li;
  }

  function run() {
    var q = fold(input.value);
    list.textContent = '';
    if (!q) { status.textContent = ''; return; }
    if (!players) { load(); return; }
    var words = q.split(' ');
    var p = matches(players, words, MAX);
    var e = matches(events, words, Math.max(5, MAX - p.items.length));
    if (p.total + e.total === 0) {
      var none = document.createElement('li');
      none.textContent = 'No player or event matches.';
      list.appendChild(none);
    }
    p.items.forEach(function (x) { list.appendChild(item(x, 'player')); });
    e.items.forEach(function (x) { list.appendChild(item(x, 'event')); });
    status.textContent = p.total + (p.total === 1 ? ' player, ' : ' players, ') + e.total +
      (e.total === 1 ? ' event' : ' events') + (p.total + e.total > p.items.length + e.items.length ? ' (first shown)' : '');
  }

  box.hidden = false;
  input.addEventListener('focus', load);
  input.addEventListener('input', run);
  input.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape') { input.value = ''; run(); }
  });
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var first = list.querySelector('a');
    if (first) window.location.href = first.href;
  });
})();
