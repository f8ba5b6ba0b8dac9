// The landing page's search: MiniSearch (assets/minisearch.js, its UMD build) over the index built with the
// site (assets/search-index.js sets window.FEED_SEARCH), cut into terms by assets/search-tokenize.js. Classic
// scripts and globals only, so that it works from file:// as well as from any sub-path of a web server.
(() => {
  const MAX_RESULTS = 25;
  const data = window.FEED_SEARCH;
  const input = document.getElementById('search');
  const list = document.getElementById('search-results');
  const status = document.getElementById('search-status');
  if (!input || !list || !status) return;
  if (!data || !window.MiniSearch || !window.feedSearchTokenize) {
    status.textContent = 'Search is not available: its scripts did not load.';
    return;
  }
  const engine = window.MiniSearch.loadJS(data.index, {
    ...data.options,
    tokenize: window.feedSearchTokenize,
  });
  const fuzzy = (term) => (term.length > 5 ? 0.15 : false);
  // A whole identifier typed as such (data-atualizacao, valor_cota, a path) weighs more than its parts, so the
  // thing of exactly that name comes before things that only share its words.
  const boostTerm = (term) => (/[._\-/{}]/.test(term) ? 3 : 1);

  function search(query) {
    const base = { ...data.searchOptions, fuzzy, boostTerm };
    const hits = engine.search(query, { ...base, combineWith: 'AND' });
    return hits.length ? hits : engine.search(query, { ...base, combineWith: 'OR' });
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  const kinds = {
    operation: 'Operation',
    field: 'Field',
    parameter: 'Parameter',
    document: 'Document',
    section: 'Section',
    tag: 'Group',
    api: 'SDK',
    option: 'Option',
    error: 'Error',
    command: 'Command',
    flag: 'CLI flag',
    env: 'Env var',
    guide: 'Guide',
  };

  function render(query) {
    list.textContent = '';
    if (!query.trim()) {
      status.textContent = `Search ${data.count} entries of the three documents (operations, paths, fields, parameters, sections) and the SDK (exported names, options, error codes, CLI commands and flags).`;
      return;
    }
    const hits = search(query);
    const shown = hits.length > MAX_RESULTS ? `, the first ${MAX_RESULTS} shown` : '';
    status.textContent = hits.length
      ? `${hits.length} result${hits.length === 1 ? '' : 's'}${shown}`
      : `No result for “${query}”.`;
    for (const hit of hits.slice(0, MAX_RESULTS)) {
      const item = el('li', `hit hit-${hit.kind}`);
      const head = el('div', 'hit-head');
      head.appendChild(el('span', 'hit-kind', kinds[hit.kind] || hit.kind));
      const link = el('a', 'hit-link', hit.title);
      link.href = hit.url;
      head.appendChild(link);
      head.appendChild(el('span', 'hit-doc', hit.doc));
      item.appendChild(head);
      item.appendChild(el('div', 'hit-sub', hit.sub));
      if (hit.refs?.length) {
        const refs = el('ul', 'hit-refs');
        for (const ref of hit.refs) {
          const li = el('li');
          const a = el('a', 'hit-ref', ref.label);
          a.href = ref.url;
          li.appendChild(a);
          refs.appendChild(li);
        }
        item.appendChild(refs);
      }
      list.appendChild(item);
    }
  }

  input.addEventListener('input', () => render(input.value));
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    const first = list.querySelector('a.hit-link');
    if (first) window.location.href = first.href;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === '/' && document.activeElement !== input) {
      event.preventDefault();
      input.focus();
    }
  });
  const initial = new URLSearchParams(window.location.search).get('q');
  if (initial) input.value = initial;
  input.disabled = false;
  render(input.value);
})();
