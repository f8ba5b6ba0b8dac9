// Document 1 (v2 funds): E1–E8 and the beta list and detail. The handlers live by operation family in
// fundos-v2/.
import type { Handler } from '../world.js';
import { fundHistory, getFund, getFundBeta, listFunds, listFundsBeta } from './fundos-v2/funds.js';
import { getInstitution, listInstitutions } from './fundos-v2/institutions.js';
import { explanatoryNotes } from './fundos-v2/notes.js';
import { registryBatch } from './fundos-v2/registry-batch.js';
import { segmentNetAssets } from './fundos-v2/segments.js';
import { seriesOfOne } from './fundos-v2/series.js';
import { seriesBatch } from './fundos-v2/series-batch.js';

export const fundosV2Handlers: Record<string, Handler> = {
  E1: listFunds,
  E2: getFund,
  E3: listInstitutions,
  E4: getInstitution,
  E5: segmentNetAssets,
  E6: explanatoryNotes,
  E7: registryBatch,
  E8: seriesBatch,
  'E2-serie-historica': seriesOfOne,
  'E2-historico': fundHistory,
  'E1 beta': listFundsBeta,
  'E2 beta': getFundBeta,
};
