import { describe, expect, it } from 'vitest';
import { stepsFor, trustGaps } from './raffleActions';

describe('the steps offered for a raffle', () => {
  it('follow its life: publish a draft, close a sale, reopen or draw a closed one, archive a drawn one', () => {
    // A draft is not the public's yet: it is featured once published.
    expect(stepsFor({ status: 'draft', featured: false })).toEqual([
      'publish',
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

describe('what the trust page lacks, said before publishing', () => {
  const empty = {
    permitReference: '',
    permitDocument: '',
    prizeProofImages: [],
    prizeInvoice: '',
    liveStreamUrl: '',
  };

  it('names every missing part of a raffle nobody filled in', () => {
    expect(trustGaps(undefined, '')).toEqual(['organizer', 'permit', 'prizeProof', 'liveStream']);
    expect(trustGaps(empty, '  ')).toEqual(['organizer', 'permit', 'prizeProof', 'liveStream']);
  });

  it('says nothing once the organizer, the permit, the prize and the stream are there', () => {
    expect(
      trustGaps(
        {
          permitReference: 'GG-2026-0142',
          permitDocument: '',
          prizeProofImages: [],
          prizeInvoice: 'confianza-00000000-0000-4000-8000-000000000001.pdf',
          liveStreamUrl: 'https://www.youtube.com/@voyaganar/live',
        },
        'Voy a Ganar S.A.',
      ),
    ).toEqual([]);
    expect(trustGaps({ ...empty, permitReference: 'GG-2026-0142' }, 'Voy a Ganar S.A.')).toEqual([
      'prizeProof',
      'liveStream',
    ]);
  });
});
