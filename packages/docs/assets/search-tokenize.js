// Search terms of a text, shared by the index builder (Node, src/site/search-index.ts) and the browser
// (assets/search.js), so that a query is cut exactly as the index was. Identifiers are kept whole AND split
// into their parts: "valor_cota" gives valor_cota, valor, cota; "fundosV2ListFunds" gives fundosV2ListFunds,
// fundos, V2, List, Funds; a path gives itself and its segments. An exact name therefore ranks first and a
// part of it still matches. MiniSearch lower-cases the terms afterwards. A classic script (no module): it must
// load from file:// too.
((root) => {
  const WORD_BREAK = /[^\p{L}\p{N}_\-./{}]+/u;
  const JOINERS = /[._\-/{}]+/;
  const EDGES = /^[._-]+|[._-]+$/g;
  const CAMEL = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u;

  function feedSearchTokenize(text) {
    const terms = [];
    for (const raw of String(text ?? '').split(WORD_BREAK)) {
      const word = raw.replace(EDGES, '');
      if (!word) continue;
      const seen = new Set();
      const add = (term) => {
        if (term && !seen.has(term)) {
          seen.add(term);
          terms.push(term);
        }
      };
      add(word);
      for (const part of word.split(JOINERS)) {
        add(part);
        const camel = part.split(CAMEL);
        if (camel.length > 1) camel.forEach(add);
      }
    }
    return terms;
  }

  root.feedSearchTokenize = feedSearchTokenize;
})(globalThis);
