import type { PublicSettings, TrustPageContent } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import {
  fairnessRows,
  liveStreamOf,
  organizerRows,
  permitOf,
  prizeProofOf,
  trustHighlights,
} from './trust';

const HASH = 'a'.repeat(64);
const empty: TrustPageContent = {
  permitReference: '',
  permitDocument: null,
  prizeProofImages: [],
  prizeInvoice: null,
  liveStreamUrl: '',
  fairness: {
    commitment: {
      raffleRef: 'express-20261128-ab12cd34',
      totalNumbers: 200,
      numberWidth: 3,
      keyHash: HASH,
      committedAt: '2026-11-28T16:00:00.000Z',
      prizesHash: 'b'.repeat(64),
      prizesCommittedAt: '2026-11-28T16:00:00.000Z',
    },
    closing: null,
    draw: null,
  },
};

describe("a raffle's trust page", () => {
  it('leaves out every field the operator did not fill, blanks included', () => {
    const settings = {
      organizer: { legalName: '  ', ruc: '1790011674001', address: '' },
    } as unknown as PublicSettings;
    expect(organizerRows(settings)).toEqual([{ label: 'RUC', value: '1790011674001' }]);
    expect(organizerRows(null)).toEqual([]);
    expect(permitOf({ ...empty, permitReference: '   ' })).toBeNull();
    expect(prizeProofOf(empty)).toBeNull();
    expect(liveStreamOf(empty)).toBeNull();
    // A stored link that is no web address never becomes a link.
    expect(liveStreamOf({ ...empty, liveStreamUrl: 'javascript:alert(1)' })).toBeNull();
  });

  it('words the fairness record as /verificar does, with the result once drawn', () => {
    expect(fairnessRows(empty).map((r) => r.label)).toEqual([
      'Clave de asignación (28/11/2026 11:00)',
      'Premios instantáneos (28/11/2026 11:00)',
    ]);
    const drawn: TrustPageContent = {
      ...empty,
      fairness: {
        ...empty.fairness,
        closing: {
          closedAt: '2026-12-20T05:00:00.000Z',
          reason: 'end-date',
          soldCount: 180,
          soldListHash: 'c'.repeat(64),
        },
        draw: {
          result: { firstPrize: '48213', drawNumber: 7001, drawDate: '2026-12-21' },
          drawnNumber: '013',
          winningNumber: '014',
          recordedAt: '2026-12-21T23:00:00.000Z',
        },
      },
    };
    expect(fairnessRows(drawn).slice(2)).toEqual([
      {
        label: 'Lista de 180 números vendidos (cierre del 20/12/2026 00:00)',
        value: 'c'.repeat(64),
      },
      {
        label: 'Primer premio de la Lotería Nacional, sorteo N.º 7001 del 21/12/2026',
        value: '48213',
      },
      { label: 'Número ganador', value: '014' },
    ]);
  });

  it('has no fairness record before the numbers are generated', () => {
    expect(
      fairnessRows({ ...empty, fairness: { commitment: null, closing: null, draw: null } }),
    ).toEqual([]);
  });
});

describe("the trust page's link", () => {
  const settings = (legalName: string) =>
    ({ organizer: { legalName, ruc: '', address: '' } }) as unknown as PublicSettings;

  it('is not offered when the page would show only the draw rule and the record', () => {
    expect(trustHighlights(settings('  '), empty)).toBeNull();
    expect(trustHighlights(undefined, undefined)).toBeNull();
  });

  it('names only what the page shows', () => {
    expect(trustHighlights(settings('Voy a Ganar S.A.S.'), empty)).toBe('Organizador.');
    expect(
      trustHighlights(settings(''), {
        ...empty,
        permitReference: 'GG-2026-0142',
        liveStreamUrl: 'https://www.youtube.com/@voyaganar/live',
      }),
    ).toBe('Permiso y transmisión del sorteo.');
    expect(
      trustHighlights(settings('Voy a Ganar S.A.S.'), {
        ...empty,
        permitReference: 'GG-2026-0142',
        prizeProofImages: [{ src: '/media/confianza-x.jpg', pdf: false }],
        liveStreamUrl: 'https://www.youtube.com/@voyaganar/live',
      }),
    ).toBe('Organizador, permiso, pruebas del premio y transmisión del sorteo.');
  });
});
