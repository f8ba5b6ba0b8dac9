// @ts-check
// Shared helpers of the `feed` lint rules: the types of what Redocly hands a visitor, reference
// resolution relative to the file a node sits in, and the "METHOD /path" label of the current operation.

/**
 * A place in a source file, as Redocly reports it.
 * @typedef {object} Location
 * @property {{ absoluteRef: string }} source
 * @property {string} pointer
 * @property {(components: string | number | Array<string | number>) => Location} child
 * @property {() => Location} key
 */

/**
 * @typedef {object} Problem
 * @property {string} message
 * @property {Location | Location[]} [location]
 */

/**
 * The context object of a visitor hook (Redocly CLI 2): only the fields the rules use.
 * @typedef {object} Ctx
 * @property {(problem: Problem) => void} report
 * @property {Location} location
 * @property {string | number} key
 * @property {unknown} parent
 * @property {{ name: string }} type
 * @property {(node: unknown, from?: string) => { node: unknown, location: Location | undefined }} resolve
 */

/** @typedef {(node: any, ctx: Ctx) => void} Hook */
/** @typedef {{ enter?: Hook, leave?: Hook }} VisitorHooks */
/** @typedef {Record<string, VisitorHooks>} Visitor */
/** @typedef {() => Visitor} Rule */

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
export function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * @param {unknown} value
 * @returns {value is { $ref: string }}
 */
export function isRef(value) {
  return isObject(value) && typeof value.$ref === 'string';
}

/**
 * @param {unknown} value
 * @returns {value is string}
 */
export function isNonEmptyString(value) {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Follows `$ref`s from `node` (found at `location`) to the node they name, resolving each one relative to
 * the file that holds it. Returns `undefined` when a reference does not resolve (Redocly reports that itself).
 * @param {Ctx} ctx
 * @param {unknown} node
 * @param {Location} location
 * @returns {{ node: any, location: Location } | undefined}
 */
export function deref(ctx, node, location) {
  let current = node;
  let where = location;
  for (let hops = 0; isRef(current); hops++) {
    if (hops > 32) return undefined;
    const resolved = ctx.resolve(current, where.source.absoluteRef);
    if (resolved.node === undefined || resolved.location === undefined) return undefined;
    current = resolved.node;
    where = resolved.location;
  }
  return { node: current, location: where };
}

/**
 * Describes a JSON value's kind for a message ("a string", "a list", "null").
 * @param {unknown} value
 */
export function kindOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value} (${JSON.stringify(value)})`;
}

/**
 * Keeps the key of the path item being walked, so an operation's hooks can name it "GET /path".
 * Spread `tracker.visitor` into the rule's visitor and call `tracker.label(ctx)` in an `Operation` hook.
 */
export function operationTracker() {
  /** @type {Array<{ path: string, node: any, location: Location }>} */
  const stack = [];
  return {
    /** @type {Visitor} */
    visitor: {
      PathItem: {
        enter(node, ctx) {
          stack.push({ path: String(ctx.key), node, location: ctx.location });
        },
        leave() {
          stack.pop();
        },
      },
    },
    /** The path item the current operation belongs to. */
    current() {
      return stack[stack.length - 1];
    },
    /**
     * "GET /feed/fundos/v2/fundos" for the operation whose hook receives `ctx`.
     * @param {Ctx} ctx
     */
    label(ctx) {
      const pathItem = stack[stack.length - 1];
      return `${String(ctx.key).toUpperCase()} ${pathItem ? pathItem.path : '(unknown path)'}`;
    },
  };
}

/**
 * True when a security requirement list holds the flow-A requirement: one requirement naming both
 * `ClientId` and `AccessToken` (both headers on the same call).
 * @param {unknown} security
 */
export function hasFlowA(security) {
  return (
    Array.isArray(security) &&
    security.some(
      (requirement) => isObject(requirement) && 'ClientId' in requirement && 'AccessToken' in requirement,
    )
  );
}

/**
 * The operation's parameters, resolved, with the path item's ones it does not override (same `name` and `in`).
 * @param {Ctx} ctx
 * @param {any} operation
 * @param {{ node: any, location: Location } | undefined} pathItem
 * @returns {Array<{ node: any, location: Location }>}
 */
export function effectiveParameters(ctx, operation, pathItem) {
  /** @type {Array<{ node: any, location: Location }>} */
  const own = [];
  if (Array.isArray(operation.parameters)) {
    operation.parameters.forEach((/** @type {unknown} */ parameter, /** @type {number} */ index) => {
      const resolved = deref(ctx, parameter, ctx.location.child(['parameters', index]));
      if (resolved && isObject(resolved.node)) own.push(resolved);
    });
  }
  /** @type {Array<{ node: any, location: Location }>} */
  const inherited = [];
  if (pathItem && isObject(pathItem.node) && Array.isArray(pathItem.node.parameters)) {
    pathItem.node.parameters.forEach((/** @type {unknown} */ parameter, /** @type {number} */ index) => {
      const resolved = deref(ctx, parameter, pathItem.location.child(['parameters', index]));
      if (!resolved || !isObject(resolved.node)) return;
      const { name, in: place } = resolved.node;
      if (!own.some((p) => p.node.name === name && p.node.in === place)) inherited.push(resolved);
    });
  }
  return [...own, ...inherited];
}
