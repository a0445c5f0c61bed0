export * from './money';
export * from './format';
export * from './phone';
export * from './status';
export * from './pagination';
export * from './numbers';
export * from './hero';
