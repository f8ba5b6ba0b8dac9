// @assoc-feed/specs/model: the one reader of a spec (references, operations, paging, parameter rules).
// Browser-safe; loading the package's own files is @assoc-feed/specs/load.
export { type RefProblem, SpecRefError } from './errors.js';
export {
  type HttpMethod,
  httpMethods,
  listOperations,
  type Operation,
  type Parameter,
  type SecurityRequirement,
} from './operations.js';
export { type ListPaging, listPaging, type PageEnvelope, SpecPagingError } from './paging.js';
export {
  type ParameterSchema,
  parameterSchema,
  requiredTogether,
  SpecParameterRuleError,
} from './parameter-rules.js';
export { formatPointer, nodeAt, parsePointer } from './pointer.js';
export type { SpecReader } from './reader.js';
export {
  createSpecModel,
  type Followed,
  type Json,
  type SpecModel,
  type SpecModelOptions,
} from './spec-model.js';
