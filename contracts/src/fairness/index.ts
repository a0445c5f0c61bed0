// Provably fair raffles (DESIGN, "The next layer"): the permutation, the published hashes, the draw rule,
// the public record's shape and the checks anyone can run on it.
export * from './bytes';
export * from './permutation';
export * from './commitments';
export * from './draw-rule';
export * from './fairness-export';
export * from './verify';
export * from './fairness-api';
export * from './draw-notices';
export * from './number-lookup';
export * from './ticket';
