// @vag/contracts: the shapes, texts and rules every package shares. No I/O here.
import './zod-locale';
export * from './messages';
export * from './constants';
export * from './common';
export * from './entities/raffle';
export * from './entities/package';
export * from './entities/instant-prize';
export * from './entities/settings';
export * from './entities/past-raffle';
export * from './entities/buyer';
export * from './entities/purchase';
export * from './entities/admin-user';
export * from './entities/reseller';
export * from './entities/report';
export * from './entities/media';
export * from './payments';
export * from './events';
export * from './staff-api';
