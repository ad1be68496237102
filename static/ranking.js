/* Ranking tables: sort by any column and filter by nationality, on the
   rows of the page at hand (a national ranking, one link away, holds a
   nation's every player). Progressive enhancement: without script the
   table is as the server wrote it and the filter stays hidden. Works
   from file:// (no fetch, no modules). */
(function () {
  'use strict';
  var table = document.querySelector('table.ranking');
  if (!table || !table.tHead || !table.tBodies.length) return;
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  rows.forEach(function (r, i) { r.setAttribute('data-i', i); });
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);

  // A cell's sort key: numbers for numeric columns (▲3 = 3, ▼3 = -3,
  // blank movement 0), text otherwise; null (empty, "new") sorts last.
  function key(row, col, numeric) {
    var cell = row.cells[col];
    var t = cell ? cell.textContent.trim() : '';
    if (!numeric) return t === '' ? null : t;
    // Movement: blank is no change (0), "new" has none (last).
    if (cell && cell.classList.contains('mv')) return t === '' ? 0 : t === 'new' ? null : t.charAt(0) === '▼' ? -parseFloat(t.slice(1)) : parseFloat(t.slice(1));
    if (t.charAt(0) === '▲') return parseFloat(t.slice(1));
    if (t.charAt(0) === '▼') return -parseFloat(t.slice(1));
    var n = parseFloat(t);
    return isNaN(n) ? null : n;
  }

  var collator = window.Intl ? new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }) : null;
  function compareText(a, b) { return collator ? collator.compare(a, b) : (a < b ? -1 : a > b ? 1 : 0); }

  function sortBy(th, descending) {
    var col = th.cellIndex;
    var numeric = th.classList.contains('num');
    var keyed = rows.map(function (r) { return [key(r, col, numeric), +r.getAttribute('data-i'), r]; });
    keyed.sort(function (a, b) {
      if (a[0] === null || b[0] === null) {
        if (a[0] !== b[0]) return a[0] === null ? 1 : -1;
        return a[1] - b[1];
      }
      var c = numeric ? a[0] - b[0] : compareText(a[0], b[0]);
      if (descending) c = -c;
      return c || a[1] - b[1];
    });
    var frag = document.createDocumentFragment();
    keyed.forEach(function (k) { frag.appendChild(k[2]); });
    body.appendChild(frag);
    heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
  }

  // Each heading becomes a button; the first press sorts the way a reader
  // expects (ratings and counts highest first), the next reverses it.
  heads.forEach(function (th) {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'sort';
    while (th.firstChild) button.appendChild(th.firstChild);
    th.appendChild(button);
    button.addEventListener('click', function () {
      var now = th.getAttribute('aria-sort');
      var descending = now ? now === 'ascending' : th.getAttribute('data-first') === 'desc';
      sortBy(th, descending);
    });
  });

  // The nationality filter, written hidden by the page.
  var select = document.getElementById('nat-filter');
  var natCol = document.getElementById('nat-col');
  if (!select || !natCol) return;
  var filter = select.parentNode;
  var status = filter.querySelector('[aria-live]');
  filter.hidden = false;
  select.addEventListener('change', function () {
    var code = select.value;
    var shown = 0;
    rows.forEach(function (r) {
      var cell = r.cells[natCol.cellIndex];
      var show = !code || (cell && cell.textContent.trim() === code);
      r.hidden = !show;
      if (show) shown += 1;
    });
    status.textContent = '';
    if (!code) return;
    var option = select.options[select.selectedIndex];
    status.appendChild(document.createTextNode(shown + ' of ' + rows.length + ' on this page. '));
    var href = option.getAttribute('data-href');
    if (href) {
      var a = document.createElement('a');
      a.href = href;
      a.textContent = 'Whole national ranking';
      status.appendChild(a);
    }
  });
})();
