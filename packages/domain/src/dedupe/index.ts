export type { MatchRecord, PostcodeLookup, PreparedRecord } from './record.ts';
export { preparedForm, prepareRecord } from './record.ts';
export {
  comparePrepared,
  compareRecords,
  matchScore,
  mayMatch,
  nameSplits,
  levelWeight,
  MATCH_PARAMETERS,
  MATCH_THRESHOLD,
  POSTCODE_NEAR_KM,
  PRIOR_LOG2_ODDS,
} from './compare.ts';
export type { LevelParameters, MatchResult } from './compare.ts';
export { blockingKeys } from './blocking.ts';
export { REPEAT_CANDIDATES, repeatFinder, repeatKeys, repeatsAmong } from './repeats.ts';
export type { BlockingKeys } from './blocking.ts';
export { colognePhonetic } from './phonetic.ts';
export { editDistance, jaroWinkler, oneDigitApart, trigramSimilarity } from './similarity.ts';
export {
  foldName,
  foldText,
  isSwissMobile,
  normaliseEmail,
  normaliseLocality,
  normaliseName,
  normalisePhoneForMatch,
  normalisePhones,
  normaliseStreet,
  normaliseStreetName,
  remembered,
} from './normalise.ts';
export type { NormalisedStreet } from './normalise.ts';
