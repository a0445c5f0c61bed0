import { describe, expect, it } from 'vitest';
import { stepsFor } from './raffleActions';

describe('the steps offered for a raffle', () => {
  it('follow its life: publish a draft, close a sale, reopen or draw a closed one, archive a drawn one', () => {
    expect(stepsFor({ status: 'draft', featured: false })).toEqual([
      'publish',
      'feature',
      'duplicate',
      'edit',
    ]);
    expect(stepsFor({ status: 'on_sale', featured: true })).toEqual(['close', 'duplicate', 'edit']);
    expect(stepsFor({ status: 'closed', featured: false })).toEqual([
      'reopen',
      'draw',
      'feature',
      'duplicate',
      'edit',
    ]);
    expect(stepsFor({ status: 'drawn', featured: false })).toEqual([
      'archive',
      'feature',
      'duplicate',
      'edit',
    ]);
  });

  it('leave an archived raffle only to be duplicated or read', () => {
    expect(stepsFor({ status: 'archived', featured: false })).toEqual(['duplicate', 'edit']);
  });
});
