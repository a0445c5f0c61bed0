import { describe, expect, it } from 'vitest';
import {
  adminDisplayStatus,
  bankTransferLabel,
  instantPrizeAdminLabel,
  instantPrizePublicLabel,
  roleLabel,
} from './status';

describe('adminDisplayStatus', () => {
  it('is COMPLETADO when the purchase is COMPLETED', () => {
    expect(adminDisplayStatus({ status: 'COMPLETED' })).toBe('COMPLETADO');
  });
  it('is COMPLETADO when a provider block is completed', () => {
    expect(adminDisplayStatus({ status: 'PENDING', paypal: { status: 'COMPLETED' } })).toBe(
      'COMPLETADO',
    );
    expect(adminDisplayStatus({ status: 'PENDING', card: { status: 'COMPLETED' } })).toBe(
      'COMPLETADO',
    );
    expect(adminDisplayStatus({ status: 'PENDING', card: { status: 'paid' } })).toBe('COMPLETADO');
    expect(adminDisplayStatus({ status: 'PENDING', mobile: { status: 'COMPLETED' } })).toBe(
      'COMPLETADO',
    );
  });
  it('is RECIBIDO when only the bank transfer was received', () => {
    expect(adminDisplayStatus({ status: 'PENDING', bankTransfer: { received: true } })).toBe(
      'RECIBIDO',
    );
  });
  it('is PENDIENTE otherwise', () => {
    expect(adminDisplayStatus({ status: 'PENDING' })).toBe('PENDIENTE');
    expect(
      adminDisplayStatus({
        status: 'EXPIRED',
        card: { status: 'open' },
        bankTransfer: { received: false },
      }),
    ).toBe('PENDIENTE');
    expect(
      adminDisplayStatus({ status: 'PENDING', paypal: { status: 'CREATED' }, mobile: null }),
    ).toBe('PENDIENTE');
  });
});

describe('bankTransferLabel', () => {
  it('follows received', () => {
    expect(bankTransferLabel({ received: true })).toBe('COMPLETADO');
    expect(bankTransferLabel({ received: false })).toBe('PENDIENTE');
    expect(bankTransferLabel(null)).toBe('PENDIENTE');
  });
});

describe('instant prize labels', () => {
  it('public: Entregado, Disponible, Ganado once sold, else No disponible', () => {
    expect(instantPrizePublicLabel({ delivered: true, status: 'available' })).toBe('Entregado');
    expect(instantPrizePublicLabel({ delivered: false, status: 'available' })).toBe('Disponible');
    expect(instantPrizePublicLabel({ delivered: false, status: 'pending' })).toBe('Ganado');
    expect(instantPrizePublicLabel({ delivered: false, status: 'raro' })).toBe('No disponible');
  });
  it('admin: Disponible, Pendiente, others raw', () => {
    expect(instantPrizeAdminLabel('available')).toBe('Disponible');
    expect(instantPrizeAdminLabel('pending')).toBe('Pendiente');
    expect(instantPrizeAdminLabel('delivered')).toBe('delivered');
    expect(instantPrizeAdminLabel('otro')).toBe('otro');
  });
});

describe('roleLabel', () => {
  it('names the roles, shows others as is and none as Sin rol', () => {
    expect(roleLabel('admin')).toBe('Administrador');
    expect(roleLabel('reseller')).toBe('Revendedor');
    expect(roleLabel('auditor')).toBe('auditor');
    expect(roleLabel(null)).toBe('Sin rol');
    expect(roleLabel('')).toBe('Sin rol');
  });
});
