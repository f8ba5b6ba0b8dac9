// @assoc-feed/client/validators: the response validators of the three documents in one object, what
// `createFeedClient({ validateResponses, responseValidators })` checks with. An entry of its own, so that the
// default entry's bundle carries none of them (they are most of the code the clients have).
import type { ValidatorsModule } from '@assoc-feed/core';
import { responseValidators as fundosV1 } from '@assoc-feed/fundos-v1/validators';
import { responseValidators as fundosV2 } from '@assoc-feed/fundos-v2/validators';
import { responseValidators as precosIndices } from '@assoc-feed/precos-indices/validators';

const documents = [fundosV2, fundosV1, precosIndices];

/** The validators of documents 1-3, keyed `GET <path template> <status>` (the documents' paths never meet). */
export const responseValidators: ValidatorsModule = {
  validators: Object.assign({}, ...documents.map((d) => d.validators)),
  decimalFields: Object.assign({}, ...documents.map((d) => d.decimalFields)),
};
