import { describe, expect, it } from 'vitest';
import { readStoredPackage, restoreSelectedPackage } from './restore-selected-package';
import {
  $selectedPackage,
  clearSelectedPackage,
  SELECTED_PACKAGE_KEY,
  selectPackage,
} from './selected-package';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const pkg = {
  id: 'p1',
  name: 'Básico',
  quantity: 10,
  price: 5,
  isPopular: false,
  resellerCode: 'REV1',
};

describe('selected package store', () => {
  it('survives a page change through sessionStorage', () => {
    const storage = new MemoryStorage();
    selectPackage(pkg, storage);
    $selectedPackage.set(null); // a new page starts with an empty store
    expect(restoreSelectedPackage(storage)).toEqual(pkg);
    expect($selectedPackage.get()).toEqual(pkg);
  });

  it("keeps each raffle's choice apart: one chosen on a raffle's page is not another's", () => {
    const storage = new MemoryStorage();
    selectPackage(pkg, storage, 'rifa-express');
    expect(readStoredPackage(storage, 'rifa-express')).toEqual(pkg);
    expect(readStoredPackage(storage)).toBeNull();
    expect(readStoredPackage(storage, 'moto')).toBeNull();
  });

  it('discards a corrupt or invalid stored value', () => {
    const storage = new MemoryStorage();
    storage.setItem(SELECTED_PACKAGE_KEY, '{not json');
    expect(readStoredPackage(storage)).toBeNull();
    storage.setItem(SELECTED_PACKAGE_KEY, JSON.stringify({ ...pkg, quantity: 0 }));
    expect(readStoredPackage(storage)).toBeNull();
  });

  it('clears the selection', () => {
    const storage = new MemoryStorage();
    selectPackage(pkg, storage);
    clearSelectedPackage(storage);
    expect(readStoredPackage(storage)).toBeNull();
    expect($selectedPackage.get()).toBeNull();
  });
});
