// @ts-check
// feed/path-file-name: a path item that lives in its own file is named after its path (CONVENTIONS.md
// "Path files"), so the file of a path is found without opening the document, and the path of a file is
// read off its name.
import { isObject, isRef } from '../util.js';

/**
 * The file name of a path: the Feed prefix `feed/<family>/v<n>/` dropped (once, where it appears), `/` → `-`,
 * parameters kept as `{name}`, all in lower case, `.yaml`.
 * `/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}` → `fundos-{codigo_fundo_ou_classe_ou_subclasse}.yaml`.
 * @param {string} path
 */
export function pathFileName(path) {
  const rest = path.replace(/^\/+/, '').replace(/(^|\/)feed\/[^/]+\/v\d+(\/|$)/, '$1');
  return `${rest.replace(/\/+$/, '').replaceAll('/', '-').toLowerCase()}.yaml`;
}

/** @type {import('../util.js').Rule} */
export function PathFileName() {
  return {
    Paths: {
      enter(paths, ctx) {
        if (!isObject(paths)) return;
        for (const [path, item] of Object.entries(paths)) {
          if (!isRef(item)) continue;
          const file = item.$ref.split('#')[0] ?? '';
          const name = file.slice(file.lastIndexOf('/') + 1);
          const expected = pathFileName(path);
          if (name !== expected) {
            ctx.report({
              message:
                `The file of path ${path} is named ${name}; name it ${expected} (the path without its ` +
                '`feed/<family>/v<n>/` prefix, `/` as `-`, lower case; specs/CONVENTIONS.md "Path files"): ' +
                `\`git mv\` the file and update this \`$ref\`.`,
              location: ctx.location.child([path, '$ref']),
            });
          }
        }
      },
    },
  };
}
